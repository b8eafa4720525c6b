import { useId } from 'react';
import type { TaxDetails } from '../../../contract/gst';
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
export function TaxSection({ details }: { details: TaxDetails }) {
  const { seller } = details;
  const monthId = useId();
  return (
    <div className="grid grid-cols-1 gap-6">
      <Panel title="Seller on the invoices">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Item term="Legal name" value={seller.legalName} />
          <Item term="GSTIN" value={seller.gstin} mono />
          <Item term="Address" value={seller.address} />
          <Item term="State" value={seller.stateCode ? `${seller.state} (${seller.stateCode})` : seller.state} />
          <Item term="Invoice prefix" value={seller.invoicePrefix} mono />
        </dl>
        <p className="mt-4 text-sm text-teak-700">
          These details come from the shop’s configuration (SELLER_LEGAL_NAME, SELLER_GSTIN, SELLER_ADDRESS, SELLER_STATE, INVOICE_PREFIX); change
          them there and restart the shop.
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
    </div>
  );
}
