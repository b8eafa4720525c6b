import { useId } from 'react';
import type { TaxDetails } from '../../../contract/gst';
import { formatPaise } from '../../../contract/format';
import { quartersUpTo, type Gstr1Summary } from '../../../contract/gstr1';
import { inputClass, Panel, primaryButton } from './ui';

const dateOf = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/** "26-27" as people write it: 2026–27. */
const yearName = (fy: string) => `20${fy.slice(0, 2)}–${fy.slice(3)}`;

function Item({ term, value, mono = false }: { term: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-teak-700 uppercase">{term}</dt>
      <dd className={`break-words text-teak-900 ${mono ? 'font-mono text-sm' : ''}`}>{value}</dd>
    </div>
  );
}

/**
 * The seller details printed on every tax invoice, as configured (SELLER_* and INVOICE_PREFIX: changed in the
 * shop's settings, not here), this financial year's series, and the month's CSV for the accountant.
 */
export function TaxSection({
  details,
  period,
  gstr1,
  periodError,
}: {
  details: TaxDetails;
  period: string;
  gstr1: Gstr1Summary | null;
  periodError: string | null;
}) {
  const { seller } = details;
  const monthId = useId();
  const periodId = useId();
  const errorId = useId();
  const quarters = quartersUpTo(details.month);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 [&>*]:min-w-0">
      <Panel title="Seller on the invoices">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item term="Legal name" value={seller.legalName} />
          <Item term="GSTIN" value={seller.gstin} mono />
          <Item term="Address" value={seller.address} />
          <Item term="State" value={seller.stateCode ? `${seller.state} (${seller.stateCode})` : seller.state} />
          <Item term="Invoice prefix" value={seller.invoicePrefix} mono />
          <Item term="E-way bill needed above" value={money(details.ewayBillThresholdPaise)} />
          <Item term="GSTR-1 filed" value={details.gstr1Quarterly ? 'Quarterly' : 'Monthly'} />
        </dl>
        <p className="mt-4 text-sm text-teak-700">
          These details come from the shop’s configuration (SELLER_LEGAL_NAME, SELLER_GSTIN, SELLER_ADDRESS, SELLER_STATE, INVOICE_PREFIX,
          EWAY_BILL_THRESHOLD_RUPEES, GSTR1_QUARTERLY); change them there and restart the shop.
        </p>
      </Panel>
      <Panel title={`Financial year ${yearName(details.financialYear)}`}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item
            term="Last invoice"
            value={details.lastInvoice ? `${details.lastInvoice.number} · ${dateOf(details.lastInvoice.issuedAt)}` : 'None issued yet this year'}
            mono={details.lastInvoice !== null}
          />
          <Item term="Invoices issued" value={String(details.invoicesIssued)} />
          <Item
            term="Last credit note"
            value={
              details.lastCreditNote ? `${details.lastCreditNote.number} · ${dateOf(details.lastCreditNote.issuedAt)}` : 'None issued yet this year'
            }
            mono={details.lastCreditNote !== null}
          />
          <Item term="Credit notes issued" value={String(details.creditNotesIssued)} />
        </dl>
      </Panel>
      <Panel title="Invoices of a month">
        {/* A plain GET form: the browser downloads the CSV the admin API answers. */}
        <form method="get" action="/api/admin/invoices/export/" className="flex flex-wrap items-end gap-3" aria-label="Export a month’s invoices">
          <div className="grid gap-1">
            <label htmlFor={monthId} className="text-sm font-semibold text-teak-900">
              Month
            </label>
            <input id={monthId} type="month" name="month" defaultValue={details.month} required className={inputClass} />
          </div>
          <button type="submit" className={primaryButton}>
            Download CSV
          </button>
        </form>
        <p className="mt-3 text-sm text-teak-700">
          Number, date, buyer, GSTIN, place of supply, taxable value, CGST, SGST, IGST and total of every invoice and credit note, for the accountant.{' '}
          <a href={`/api/admin/invoices/export/?month=${details.month}`} className="font-semibold text-teak-800 underline underline-offset-4">
            This month’s invoices (CSV)
          </a>
        </p>
      </Panel>
      <Panel title="GSTR-1">
        {/* A plain GET form: the page itself answers with the period's sections. */}
        <form method="get" className="flex flex-wrap items-end gap-3" aria-label="GSTR-1 of a period">
          <div className="grid gap-1">
            <label htmlFor={periodId} className="text-sm font-semibold text-teak-900">
              {details.gstr1Quarterly ? 'Quarter' : 'Month or quarter'}
            </label>
            {details.gstr1Quarterly ? (
              // A quarterly filer (GSTR1_QUARTERLY) picks one of the quarters begun; the period asked for stays offered.
              <select
                id={periodId}
                name="period"
                defaultValue={period}
                aria-invalid={periodError ? true : undefined}
                aria-describedby={periodError ? errorId : undefined}
                className={inputClass}
              >
                {(quarters.some((q) => q.value === period) ? quarters : [{ value: period, label: period }, ...quarters]).map((q) => (
                  <option key={q.value} value={q.value}>
                    {q.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={periodId}
                name="period"
                defaultValue={period}
                required
                maxLength={7}
                placeholder="2026-11 or 2026-Q3"
                aria-invalid={periodError ? true : undefined}
                aria-describedby={periodError ? errorId : undefined}
                className={inputClass}
              />
            )}
          </div>
          <button type="submit" className={primaryButton}>
            Show GSTR-1
          </button>
        </form>
        {periodError ? (
          <p id={errorId} role="alert" className="mt-3 text-sm font-semibold text-red-800">
            {periodError}
          </p>
        ) : null}
        {gstr1 ? (
          <div className="mt-4 grid grid-cols-[minmax(0,1fr)] gap-3">
            {/* The table scrolls inside its box rather than widening the page on a phone; relative: its screen-reader-only label is placed (and clipped) inside the box too. */}
            <div className="relative min-w-0 overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm text-teak-900">
                <caption className="sr-only">GSTR-1 of {gstr1.period}: each section’s count and totals</caption>
                <thead className="text-xs tracking-wide text-teak-700 uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      Section
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Count
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Taxable value
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      IGST
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      CGST
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      SGST
                    </th>
                    <th scope="col" className="py-2">
                      <span className="sr-only">Download</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {gstr1.sections.map((s) => (
                    <tr key={s.section} className="border-t border-teak-200/70">
                      <th scope="row" className="py-2 pr-3 font-mono font-semibold">
                        {s.section}
                      </th>
                      <td className="py-2 pr-3 text-right">{s.count}</td>
                      {/* Documents issued are counted, not valued. */}
                      {[s.taxablePaise, s.igstPaise, s.cgstPaise, s.sgstPaise].map((paise, i) => (
                        <td key={i} className="py-2 pr-3 text-right">
                          {s.section === 'doc_iss' ? '—' : money(paise)}
                        </td>
                      ))}
                      <td className="py-2">
                        <a
                          href={`/api/admin/gstr1/${gstr1.period}/${s.section}.csv`}
                          download
                          className="font-semibold text-teak-800 underline underline-offset-4"
                          aria-label={`Download ${s.section} of ${gstr1.period} as CSV`}
                        >
                          CSV
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="text-sm text-teak-700">
              <a href={`/api/admin/gstr1/${gstr1.period}/`} download className={primaryButton}>
                Download GSTR-1 JSON
              </a>{' '}
              for the GST portal’s offline tool (return period {gstr1.fp}); credit notes are shown in cdnr and cdnur, and those of small consumer
              invoices are netted in b2cs.
            </p>
          </div>
        ) : null}
      </Panel>
    </div>
  );
}

const money = (paise: number) => formatPaise(paise, { decimals: 'always' });
