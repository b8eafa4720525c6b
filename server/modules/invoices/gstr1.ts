import { and, asc, gte, inArray, lt } from 'drizzle-orm';
import { istMonth, istMonthStart } from '../../../contract/india';
import { gstStateCode } from '../../../contract/gst';
import { PERIOD_MESSAGE, type Gstr1, type Gstr1Section, type Gstr1Summary } from '../../../contract/gstr1';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema';
import { invalid } from '../../lib/errors';
import type { InvoiceRow } from './invoices.service';

/**
 * GSTR-1 for a month or a quarter, made from the shop's own documents (decision 0049): tax invoices go to `b2b`
 * (a buyer with a GSTIN), `b2cl` (inter-state to a consumer above ₹1,00,000) or `b2cs` (the rest, by place of supply
 * and rate); credit notes to `cdnr`, `cdnur` (of a `b2cl` invoice) or netted in `b2cs`; advances received and not
 * invoiced in the period to `at`, net of refund vouchers of the period; advances of earlier periods invoiced or
 * refunded in this one to `txpd` (the offline tool's "atadj"); `hsn` and `doc_issue` from all of them.
 */

/** Inter-state supplies to unregistered buyers above this invoice value go to B2CL (₹1,00,000 from 1 August 2024). */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;
export const GSTR1_VERSION = 'GST3.1.6';

type Money = { txval: number; iamt: number; camt: number; samt: number };
const zero = (): Money => ({ txval: 0, iamt: 0, camt: 0, samt: 0 });
const add = (a: Money, b: Money, sign = 1) => {
  a.txval += sign * b.txval;
  a.iamt += sign * b.iamt;
  a.camt += sign * b.camt;
  a.samt += sign * b.samt;
};
/** Paise to the portal's rupees: a number with at most two decimals. */
const r = (paise: number) => Math.round(paise) / 100;

/** A period's first instant, the next period's first instant and the portal's `fp` (MMYYYY; a quarter's last month). */
export function periodOf(period: string, now = new Date()): { start: Date; end: Date; fp: string } {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(period);
  if (!month && !quarter) throw invalid({ period: [PERIOD_MESSAGE] });
  const year = Number((month ?? quarter)![1]);
  const first = month ? Number(month[2]) : (Number(quarter![2]) - 1) * 3 + 1;
  const last = month ? first : first + 2;
  const start = istMonthStart(year, first);
  const end = istMonthStart(year, last + 1);
  if (start.getTime() > now.getTime() || year < 2017)
    throw invalid({ period: [`GSTR-1 for ${period} cannot be made: that period has not begun. This month is ${istMonth(now)}.`] });
  return { start, end, fp: `${String(last).padStart(2, '0')}${year}` };
}

const posOf = (doc: Pick<InvoiceRow, 'placeOfSupply'>, sellerCode: string) => /\((\d{2})\)$/.exec(doc.placeOfSupply)?.[1] ?? sellerCode;
const dateOf = (at: Date) => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at).split('-');
  return `${d}-${m}-${y}`;
};

/** A document's money by GST rate (in percent), from its lines. */
function byRate(doc: InvoiceRow): Map<number, Money> {
  const out = new Map<number, Money>();
  for (const l of doc.lines) {
    const rt = l.rate_bp / 100;
    const m = out.get(rt) ?? zero();
    add(m, { txval: l.taxable_paise, iamt: l.igst_paise, camt: l.cgst_paise, samt: l.sgst_paise });
    out.set(rt, m);
  }
  return out;
}

/** The portal's items of a document: one per rate, numbered as the offline tool numbers them (18% is 1801). */
function items(doc: InvoiceRow, interOnly = false) {
  return [...byRate(doc)].map(([rt, m]) => ({
    num: Math.round(rt * 100) + 1,
    itm_det: interOnly
      ? { rt, txval: r(m.txval), iamt: r(m.iamt), csamt: 0 }
      : { rt, txval: r(m.txval), iamt: r(m.iamt), camt: r(m.camt), samt: r(m.samt), csamt: 0 },
  }));
}

const DOC_TYPES: [kind: string, docNum: number, docTyp: string][] = [
  ['invoice', 1, 'Invoices for outward supply'],
  ['credit_note', 5, 'Credit Note'],
  ['receipt_voucher', 6, 'Receipt voucher'],
  ['refund_voucher', 8, 'Refund voucher'],
];

export interface Gstr1Result {
  json: Gstr1;
  summary: Gstr1Summary;
  /** Each section's rows for its CSV (paise), in the offline tool's sheet's columns. */
  rows: Record<Gstr1Section, Record<string, string | number>[]>;
}

export async function buildGstr1(db: Db, seller: Config['seller'], period: string, now = new Date()): Promise<Gstr1Result> {
  const { start, end, fp } = periodOf(period, now);
  const sellerCode = gstStateCode(seller.state) ?? seller.gstin.slice(0, 2);
  const docs = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
    .orderBy(asc(invoices.kind), asc(invoices.seq));
  // What the period's documents name outside it: a credit note's invoice, a refund voucher's receipt voucher, the
  // receipt vouchers of the orders invoiced in the period.
  const orderIds = [...new Set(docs.map((d) => d.orderId))];
  const related = orderIds.length ? await db.select().from(invoices).where(inArray(invoices.orderId, orderIds)) : [];
  const byId = new Map(related.map((d) => [d.id, d]));
  const inPeriod = (d: InvoiceRow) => d.issuedAt >= start && d.issuedAt < end;

  const b2b = new Map<string, Gstr1['b2b'][number]['inv']>();
  const b2cl = new Map<string, Gstr1['b2cl'][number]['inv']>();
  const b2cs = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: number; m: Money }>();
  const cdnr = new Map<string, Gstr1['cdnr'][number]['nt']>();
  const cdnur: Gstr1['cdnur'] = [];
  const at = new Map<string, { pos: string; sply_ty: 'INTRA' | 'INTER'; rt: number; m: Money }>();
  const txpd = new Map<string, { pos: string; sply_ty: 'INTRA' | 'INTER'; rt: number; m: Money }>();
  const hsn = {
    b2b: new Map<string, { hsn: string; desc: string; rt: number; qty: number; m: Money }>(),
    b2c: new Map<string, { hsn: string; desc: string; rt: number; qty: number; m: Money }>(),
  };

  const toB2cs = (doc: InvoiceRow, sign: number) => {
    const pos = posOf(doc, sellerCode);
    for (const [rt, m] of byRate(doc)) {
      const sply_ty = doc.intraState ? 'INTRA' : 'INTER';
      const key = `${sply_ty}|${pos}|${rt}`;
      const row = b2cs.get(key) ?? { sply_ty, pos, rt, m: zero() };
      add(row.m, m, sign);
      b2cs.set(key, row);
    }
  };
  const toAdvances = (target: typeof at, doc: InvoiceRow, sign: number) => {
    const pos = posOf(doc, sellerCode);
    for (const [rt, m] of byRate(doc)) {
      const sply_ty = doc.intraState ? 'INTRA' : 'INTER';
      const key = `${pos}|${sply_ty}|${rt}`;
      const row = target.get(key) ?? { pos, sply_ty, rt, m: zero() };
      add(row.m, m, sign);
      target.set(key, row);
    }
  };
  /** A credit note gives back the quantities only when it credits the whole invoice. */
  const toHsn = (doc: InvoiceRow, sign: number, registered: boolean, withQuantity = true) => {
    const table = registered ? hsn.b2b : hsn.b2c;
    for (const l of doc.lines) {
      const rt = l.rate_bp / 100;
      const key = `${l.hsn}|${rt}`;
      const row = table.get(key) ?? { hsn: l.hsn, desc: l.description.slice(0, 30), rt, qty: 0, m: zero() };
      row.qty += withQuantity ? sign * l.quantity : 0;
      add(row.m, { txval: l.taxable_paise, iamt: l.igst_paise, camt: l.cgst_paise, samt: l.sgst_paise }, sign);
      table.set(key, row);
    }
  };
  const isB2cl = (doc: InvoiceRow) => !doc.buyer.gstin && !doc.intraState && doc.totalPaise > B2CL_THRESHOLD_PAISE;

  for (const doc of docs) {
    const pos = posOf(doc, sellerCode);
    const source = doc.invoiceId === null ? undefined : byId.get(doc.invoiceId);
    if (doc.kind === 'invoice') {
      if (doc.buyer.gstin) {
        const list = b2b.get(doc.buyer.gstin) ?? [];
        list.push({ inum: doc.number, idt: dateOf(doc.issuedAt), val: r(doc.totalPaise), pos, rchrg: 'N', inv_typ: 'R', itms: items(doc) });
        b2b.set(doc.buyer.gstin, list);
      } else if (isB2cl(doc)) {
        const list = b2cl.get(pos) ?? [];
        list.push({ inum: doc.number, idt: dateOf(doc.issuedAt), val: r(doc.totalPaise), itms: items(doc, true) });
        b2cl.set(pos, list);
      } else toB2cs(doc, 1);
      toHsn(doc, 1, Boolean(doc.buyer.gstin));
      // The advances of this order received in earlier periods are adjusted against this invoice (Table 11B).
      for (const voucher of related.filter((v) => v.orderId === doc.orderId && v.kind === 'receipt_voucher' && v.issuedAt < start))
        toAdvances(txpd, voucher, 1);
    } else if (doc.kind === 'credit_note' && source?.kind === 'invoice') {
      const note = { ntty: 'C' as const, nt_num: doc.number, nt_dt: dateOf(doc.issuedAt), val: r(doc.totalPaise), pos };
      if (source.buyer.gstin) {
        const list = cdnr.get(source.buyer.gstin) ?? [];
        list.push({ ...note, rchrg: 'N', inv_typ: 'R', itms: items(doc) });
        cdnr.set(source.buyer.gstin, list);
      } else if (isB2cl(source)) cdnur.push({ typ: 'B2CL', ...note, itms: items(doc, true) });
      else toB2cs(doc, -1);
      toHsn(doc, -1, Boolean(source.buyer.gstin), doc.totalPaise === source.totalPaise);
    } else if (doc.kind === 'receipt_voucher') {
      // An advance invoiced in the same period is reported with its invoice only.
      const invoiced = related.some((i) => i.orderId === doc.orderId && i.kind === 'invoice' && inPeriod(i));
      if (!invoiced) toAdvances(at, doc, 1);
    } else {
      // A refund voucher (or an older credit note against a receipt voucher): the advance given back is taken off
      // the period's advances when it was received in the period, else its tax is adjusted (Table 11B).
      if (source && inPeriod(source)) {
        const invoiced = related.some((i) => i.orderId === doc.orderId && i.kind === 'invoice' && inPeriod(i));
        if (!invoiced) toAdvances(at, doc, -1);
      } else toAdvances(txpd, doc, 1);
    }
  }

  // Documents issued (Table 13): each series' first and last number in the period; the shop cancels none (an undone
  // sale gets a credit note or a refund voucher).
  const doc_det = DOC_TYPES.flatMap(([kind, doc_num, doc_typ]) => {
    const series = docs.filter((d) => d.kind === kind);
    if (!series.length) return [];
    return [
      {
        doc_num,
        doc_typ,
        docs: [{ num: 1, from: series[0]!.number, to: series.at(-1)!.number, totnum: series.length, cancel: 0, net_issue: series.length }],
      },
    ];
  });

  const nonZero = (m: Money) => m.txval !== 0 || m.iamt !== 0 || m.camt !== 0 || m.samt !== 0;
  const advances = (target: typeof at) => {
    const out = new Map<string, Gstr1['at'][number]>();
    for (const row of [...target.values()].filter((x) => nonZero(x.m))) {
      const key = `${row.pos}|${row.sply_ty}`;
      const entry = out.get(key) ?? { pos: row.pos, sply_ty: row.sply_ty, itms: [] };
      entry.itms.push({ rt: row.rt, ad_amt: r(row.m.txval), iamt: r(row.m.iamt), camt: r(row.m.camt), samt: r(row.m.samt), csamt: 0 });
      out.set(key, entry);
    }
    return [...out.values()];
  };
  const hsnRows = (table: typeof hsn.b2b) =>
    [...table.values()].map((h, i) => ({
      num: i + 1,
      hsn_sc: h.hsn,
      desc: h.desc,
      uqc: 'NOS',
      qty: h.qty,
      rt: h.rt,
      txval: r(h.m.txval),
      iamt: r(h.m.iamt),
      camt: r(h.m.camt),
      samt: r(h.m.samt),
      csamt: 0,
    }));

  const json: Gstr1 = {
    gstin: seller.gstin,
    fp,
    version: GSTR1_VERSION,
    hash: 'hash',
    b2b: [...b2b].map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: [...b2cl].map(([pos, inv]) => ({ pos, inv })),
    b2cs: [...b2cs.values()]
      .filter((x) => nonZero(x.m))
      .map((x) => ({
        sply_ty: x.sply_ty,
        pos: x.pos,
        typ: 'OE' as const,
        rt: x.rt,
        txval: r(x.m.txval),
        iamt: r(x.m.iamt),
        camt: r(x.m.camt),
        samt: r(x.m.samt),
        csamt: 0,
      })),
    cdnr: [...cdnr].map(([ctin, nt]) => ({ ctin, nt })),
    cdnur,
    at: advances(at),
    txpd: advances(txpd),
    hsn: { hsn_b2b: hsnRows(hsn.b2b), hsn_b2c: hsnRows(hsn.b2c) },
    doc_issue: { doc_det },
  };

  // The same figures in paise, row by row, for the CSVs and the owner's page.
  const p = (rupees: number | undefined) => Math.round((rupees ?? 0) * 100);
  const itemRows = (
    base: Record<string, string | number>,
    itms: { itm_det: { rt: number; txval: number; iamt: number; camt?: number; samt?: number } }[],
  ) =>
    itms.map((i) => ({
      ...base,
      rate: i.itm_det.rt,
      taxable_paise: p(i.itm_det.txval),
      igst_paise: p(i.itm_det.iamt),
      cgst_paise: p(i.itm_det.camt),
      sgst_paise: p(i.itm_det.samt),
    }));
  // Advances received (`at`) and adjusted (`txpd`) have one shape.
  const advanceRows = (a: (typeof json.at)[number]) =>
    a.itms.map((i) => ({
      place_of_supply: a.pos,
      type: a.sply_ty,
      rate: i.rt,
      taxable_paise: p(i.ad_amt),
      igst_paise: p(i.iamt),
      cgst_paise: p(i.camt),
      sgst_paise: p(i.samt),
    }));
  const rows: Gstr1Result['rows'] = {
    b2b: json.b2b.flatMap((b) =>
      b.inv.flatMap((i) => itemRows({ gstin: b.ctin, number: i.inum, date: i.idt, value_paise: p(i.val), place_of_supply: i.pos }, i.itms)),
    ),
    b2cl: json.b2cl.flatMap((b) =>
      b.inv.flatMap((i) => itemRows({ number: i.inum, date: i.idt, value_paise: p(i.val), place_of_supply: b.pos }, i.itms)),
    ),
    b2cs: json.b2cs.map((x) => ({
      type: x.sply_ty,
      place_of_supply: x.pos,
      rate: x.rt,
      taxable_paise: p(x.txval),
      igst_paise: p(x.iamt),
      cgst_paise: p(x.camt),
      sgst_paise: p(x.samt),
    })),
    cdnr: json.cdnr.flatMap((c) =>
      c.nt.flatMap((n) => itemRows({ gstin: c.ctin, number: n.nt_num, date: n.nt_dt, value_paise: p(n.val), place_of_supply: n.pos }, n.itms)),
    ),
    cdnur: json.cdnur.flatMap((n) =>
      itemRows({ type: n.typ, number: n.nt_num, date: n.nt_dt, value_paise: p(n.val), place_of_supply: n.pos }, n.itms),
    ),
    at: json.at.flatMap(advanceRows),
    atadj: json.txpd.flatMap(advanceRows),
    hsn: [...json.hsn.hsn_b2b.map((h) => ({ ...h, table: 'B2B' })), ...json.hsn.hsn_b2c.map((h) => ({ ...h, table: 'B2C' }))].map((h) => ({
      table: h.table,
      hsn: h.hsn_sc,
      description: h.desc,
      uqc: h.uqc,
      quantity: h.qty,
      rate: h.rt,
      taxable_paise: p(h.txval),
      igst_paise: p(h.iamt),
      cgst_paise: p(h.camt),
      sgst_paise: p(h.samt),
    })),
    doc_iss: json.doc_issue.doc_det.flatMap((d) =>
      d.docs.map((x) => ({ nature: d.doc_typ, from: x.from, to: x.to, total: x.totnum, cancelled: x.cancel, net_issued: x.net_issue })),
    ),
  };
  const count: Record<Gstr1Section, number> = {
    b2b: json.b2b.reduce((a, b) => a + b.inv.length, 0),
    b2cl: json.b2cl.reduce((a, b) => a + b.inv.length, 0),
    b2cs: json.b2cs.length,
    cdnr: json.cdnr.reduce((a, b) => a + b.nt.length, 0),
    cdnur: json.cdnur.length,
    at: rows.at.length,
    atadj: rows.atadj.length,
    hsn: rows.hsn.length,
    doc_iss: rows.doc_iss.reduce((a, d) => a + Number(d.total), 0),
  };
  const sum = (list: Record<string, string | number>[], f: string) => list.reduce((a, x) => a + (typeof x[f] === 'number' ? x[f] : 0), 0);
  const summary: Gstr1Summary = {
    period,
    fp,
    sections: (Object.keys(rows) as Gstr1Section[]).map((section) => ({
      section,
      count: count[section],
      taxablePaise: sum(rows[section], 'taxable_paise'),
      igstPaise: sum(rows[section], 'igst_paise'),
      cgstPaise: sum(rows[section], 'cgst_paise'),
      sgstPaise: sum(rows[section], 'sgst_paise'),
    })),
  };
  return { json, summary, rows };
}

/** A section's rows as CSV (amounts in rupees with two decimals), safe to open in a spreadsheet. */
export function gstr1Csv(rows: Record<string, string | number>[], columns: string[]): string {
  const cell = (key: string, v: string | number | undefined) => {
    if (v === undefined) return '';
    if (typeof v === 'number') return key.endsWith('_paise') ? (v / 100).toFixed(2) : String(v);
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\n\r']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const head = columns.map((c) => c.replace(/_paise$/, ''));
  return `${[head.join(','), ...rows.map((row) => columns.map((c) => cell(c, row[c])).join(','))].join('\r\n')}\r\n`;
}

export const GSTR1_COLUMNS: Record<Gstr1Section, string[]> = {
  b2b: ['gstin', 'number', 'date', 'value_paise', 'place_of_supply', 'rate', 'taxable_paise', 'igst_paise', 'cgst_paise', 'sgst_paise'],
  b2cl: ['number', 'date', 'value_paise', 'place_of_supply', 'rate', 'taxable_paise', 'igst_paise'],
  b2cs: ['type', 'place_of_supply', 'rate', 'taxable_paise', 'igst_paise', 'cgst_paise', 'sgst_paise'],
  cdnr: ['gstin', 'number', 'date', 'value_paise', 'place_of_supply', 'rate', 'taxable_paise', 'igst_paise', 'cgst_paise', 'sgst_paise'],
  cdnur: ['type', 'number', 'date', 'value_paise', 'place_of_supply', 'rate', 'taxable_paise', 'igst_paise'],
  at: ['place_of_supply', 'type', 'rate', 'taxable_paise', 'igst_paise', 'cgst_paise', 'sgst_paise'],
  atadj: ['place_of_supply', 'type', 'rate', 'taxable_paise', 'igst_paise', 'cgst_paise', 'sgst_paise'],
  hsn: ['table', 'hsn', 'description', 'uqc', 'quantity', 'rate', 'taxable_paise', 'igst_paise', 'cgst_paise', 'sgst_paise'],
  doc_iss: ['nature', 'from', 'to', 'total', 'cancelled', 'net_issued'],
};
