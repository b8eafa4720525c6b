import { istDate, istMonth, istMonthStart } from '../../../contract/india';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { gstStateCode, type TaxDetails } from '../../../contract/gst';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { categories, invoiceCounters, invoices, orderItems, orders, products, type AddressSnapshot, type InvoiceParty } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/errors';
import { computeTax, financialYearOf, shareOut, taxableOf } from './gst-math';
import { DEFAULT_CATEGORY_TAX } from '../../db/seed/tax';
import { buildGstr1 } from './gstr1';

export { invoiceAttachment } from './invoice-mail';
export { GSTR1_COLUMNS, gstr1Csv } from './gstr1';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceKind = 'invoice' | 'credit_note' | 'receipt_voucher' | 'refund_voucher';

/** Statuses of an order that was paid and not undone (a paid order is invoiced in the same transaction). */
const PAID_STATUSES = new Set(['paid', 'in_production', 'ready_to_dispatch', 'shipped', 'delivered']);

const SERIES_LETTERS = { credit_note: 'C', receipt_voucher: 'R', refund_voucher: 'F' } as const;

/**
 * The next number of a series (kind and financial year), drawn in the caller's transaction: the counter's
 * row is locked until it commits, so concurrent payments take turns and get consecutive numbers, and a
 * transaction that rolls back gives its number back (no gaps).
 */
async function nextNumber(tx: Tx, kind: InvoiceKind, financialYear: string, prefix: string): Promise<{ seq: number; number: string }> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, financialYear, last: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.kind, invoiceCounters.financialYear], set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  const seq = row!.last;
  // Invoices: TW/26-27/000123; credit notes, receipt vouchers and refund vouchers their own series: TWC/26-27/00012,
  // TWR/26-27/00003, TWF/26-27/00001 (at most 16 characters, Rule 46(b)).
  const number =
    kind === 'invoice'
      ? `${prefix}/${financialYear}/${String(seq).padStart(6, '0')}`
      : `${prefix}${SERIES_LETTERS[kind]}/${financialYear}/${String(seq).padStart(5, '0')}`;
  return { seq, number };
}

function buyerOf(address: AddressSnapshot | null, email: string): InvoiceParty {
  if (!address) return { name: email, gstin: null, address: '', state: '', stateCode: null };
  const person = `${address.first_name} ${address.last_name}`.trim();
  const lines = [
    address.business_name ? person : '',
    address.address_line1,
    address.address_line2,
    `${address.city} ${address.postal_code}`,
    address.state,
  ]
    .map((l) => l.trim())
    .filter(Boolean);
  return {
    name: address.business_name?.trim() || person,
    gstin: address.gstin?.trim().toUpperCase() || null,
    address: lines.join(', '),
    state: address.state,
    stateCode: gstStateCode(address.state),
  };
}

/** A line of the order as its document reads it: the product's category gives the HSN and the rate. */
type DraftItem = { name: string; finish: string; quantity: number; unitPricePaise: number; hsn: string | null; rateBp: number | null };

/**
 * What every document of an order is drawn from: its buyer, place of supply and lines with their HSN and rate,
 * with the number of its document of `kind` if it has one already; read in one statement.
 */
async function draftOf(tx: Tx, orderId: number, seller: Config['seller'], kind: InvoiceKind) {
  const [found] = await tx
    .select({
      order: orders,
      // Aliased by hand: drizzle leaves a single table's columns unqualified, and these subqueries join three.
      items: sql<DraftItem[] | string>`coalesce((
        select json_agg(json_build_object(
          'name', oi.product_name, 'finish', oi.finish, 'quantity', oi.quantity,
          'unitPricePaise', oi.unit_price_paise, 'hsn', c.hsn_code, 'rateBp', c.gst_rate_bp
        ) order by oi.id)
        from ${orderItems} oi
        left join ${products} p on p.id = oi.product_id
        left join ${categories} c on c.id = p.category_id
        where oi.order_id = ${orders}.id), '[]'::json)`,
      existing: sql<string | null>`(select i.number from ${invoices} i where i.order_id = ${orders}.id and i.kind = ${kind})`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!found) throw notFound('The order');
  const { order, existing } = found;
  // Both drivers parse `json`; its text is read too, whichever answers.
  const items = typeof found.items === 'string' ? (JSON.parse(found.items) as DraftItem[]) : found.items;
  const sellerCode = gstStateCode(seller.state);
  const buyer = buyerOf(order.address, order.email);
  // The place of supply is where the goods are delivered; without an address, the seller's state.
  const placeState = buyer.state || seller.state;
  const placeCode = buyer.stateCode ?? sellerCode;
  const lines = items.map((i) => ({
    description: i.finish ? `${i.name} (${i.finish})` : i.name,
    hsn: i.hsn ?? DEFAULT_CATEGORY_TAX.hsnCode,
    rateBp: i.rateBp ?? DEFAULT_CATEGORY_TAX.gstRateBp,
    quantity: i.quantity,
    unitPricePaise: i.unitPricePaise,
  }));
  return {
    existing,
    order,
    lines,
    intraState: placeCode === sellerCode,
    head: {
      seller: { name: seller.legalName, gstin: seller.gstin, address: seller.address, state: seller.state, stateCode: sellerCode },
      buyer,
      placeOfSupply: `${placeState} (${placeCode ?? '—'})`,
      intraState: placeCode === sellerCode,
    },
  };
}

/** A document's lines and totals, as stored. */
function taxColumns(tax: ReturnType<typeof computeTax>) {
  return {
    lines: tax.lines.map((l) => ({
      description: l.description,
      hsn: l.hsn,
      quantity: l.quantity,
      unit_price_paise: l.unitPricePaise,
      rate_bp: l.rateBp,
      amount_paise: l.amountPaise,
      shipping_share_paise: l.shippingSharePaise,
      taxable_paise: l.taxablePaise,
      cgst_paise: l.cgstPaise,
      sgst_paise: l.sgstPaise,
      igst_paise: l.igstPaise,
    })),
    taxablePaise: tax.totals.taxablePaise,
    cgstPaise: tax.totals.cgstPaise,
    sgstPaise: tax.totals.sgstPaise,
    igstPaise: tax.totals.igstPaise,
    shippingPaise: tax.totals.shippingPaise,
    totalPaise: tax.totals.totalPaise,
  };
}

/**
 * Issues the tax invoice of an order being marked paid, in that transaction (once: a second call finds it).
 * Each line's HSN and rate come from its product's category (a deleted product is invoiced as furniture).
 * An order whose advance was received earlier (a quote's, decision 0039) is invoiced for its whole value with
 * that advance shown as received. Answers the invoice's number.
 */
export async function issueInvoice(tx: Tx, orderId: number, seller: Config['seller'], at = new Date(), advancePaise = 0): Promise<string> {
  const { existing, order, lines, intraState, head } = await draftOf(tx, orderId, seller, 'invoice');
  if (existing) return existing;
  const tax = computeTax(lines, order.shippingPaise, intraState);
  if (tax.totals.totalPaise !== order.totalPaise) {
    throw new Error(`Invoice of order ${order.number} would total ${tax.totals.totalPaise} paise, not the ${order.totalPaise} charged.`);
  }
  const financialYear = financialYearOf(at);
  const { seq, number } = await nextNumber(tx, 'invoice', financialYear, seller.invoicePrefix);
  await tx.insert(invoices).values({ kind: 'invoice', orderId, number, financialYear, seq, issuedAt: at, ...head, ...taxColumns(tax), advancePaise });
  return number;
}

/**
 * Issues the GST receipt voucher of an advance received before the goods are supplied (decision 0039), in the
 * transaction recording the advance: a series of its own, consecutive, once per order. The advance is shared
 * over the order's lines in proportion to their value (delivery included), each at its line's rate.
 */
export async function issueReceiptVoucher(tx: Tx, orderId: number, seller: Config['seller'], advancePaise: number, at = new Date()): Promise<string> {
  const { existing, order, lines, intraState, head } = await draftOf(tx, orderId, seller, 'receipt_voucher');
  if (existing) return existing;
  const whole = computeTax(lines, order.shippingPaise, intraState);
  const shares = shareOut(
    advancePaise,
    whole.lines.map((l) => l.amountPaise),
  );
  const tax = computeTax(
    whole.lines.map((l, i) => ({
      description: `Advance for ${l.description}`,
      hsn: l.hsn,
      rateBp: l.rateBp,
      quantity: 1,
      unitPricePaise: shares[i]!,
    })),
    0,
    intraState,
  );
  const financialYear = financialYearOf(at);
  const { seq, number } = await nextNumber(tx, 'receipt_voucher', financialYear, seller.invoicePrefix);
  await tx.insert(invoices).values({ kind: 'receipt_voucher', orderId, number, financialYear, seq, issuedAt: at, ...head, ...taxColumns(tax) });
  return number;
}

/**
 * Each refund of the payment an invoice was issued for gets a credit note for exactly its amount (decision 0038),
 * referencing that invoice, in its own series, in the refund's transaction. The amount is shared over the
 * invoice's lines in proportion to their amounts and its tax taken out at each line's rate, so a full refund's
 * note mirrors the invoice. A refund of another payment (a second or late payment never invoiced) needs none.
 * An advance refunded before any tax invoice gets a refund voucher naming its receipt voucher (Rule 51, decision
 * 0049), from a series of its own.
 */
export async function creditNoteForRefund(
  tx: Tx | Db,
  orderId: number,
  paymentId: string,
  reason: string,
  refund: { id: number; amountPaise: number },
  at = new Date(),
  /** An advance or a balance (a quote's order): credited against the tax invoice, or the receipt voucher before one. */
  partOfQuote = false,
  /** The payment the order's tax invoice was issued for (its kept payment, from the ledger's charges). */
  invoicedPaymentId: string | null = null,
): Promise<void> {
  const [invoice] = await tx
    .select({ invoice: invoices })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.kind, partOfQuote ? ['invoice', 'receipt_voucher'] : ['invoice'])))
    .orderBy(asc(invoices.kind));
  if (!invoice || (!partOfQuote && invoicedPaymentId !== paymentId)) return;
  const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.refundId, refund.id));
  if (existing) return;
  const run = async (t: Tx) => {
    const source = invoice.invoice;
    const financialYear = financialYearOf(at);
    const prefix = source.number.split('/')[0]!;
    const kind = source.kind === 'receipt_voucher' ? 'refund_voucher' : 'credit_note';
    const { seq, number } = await nextNumber(t, kind, financialYear, prefix);
    const { id: _id, createdAt: _c, ...copy } = source;
    const note = creditNoteLines(source, refund.amountPaise);
    await t.insert(invoices).values({
      ...copy,
      ...note,
      kind,
      advancePaise: 0,
      invoiceId: source.id,
      refundId: refund.id,
      number,
      financialYear,
      seq,
      issuedAt: at,
      reason,
    });
  };
  if ('rollback' in tx) await run(tx);
  else await tx.transaction(run);
}

/** A credit note's lines and totals for `amountPaise` of an invoice: shared over its lines, taxed at their rates. */
export function creditNoteLines(source: Pick<InvoiceRow, 'lines' | 'intraState' | 'shippingPaise' | 'totalPaise'>, amountPaise: number) {
  if (amountPaise === source.totalPaise) {
    const sum = (f: 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'igst_paise') => source.lines.reduce((a, l) => a + l[f], 0);
    return {
      lines: source.lines,
      taxablePaise: sum('taxable_paise'),
      cgstPaise: sum('cgst_paise'),
      sgstPaise: sum('sgst_paise'),
      igstPaise: sum('igst_paise'),
      shippingPaise: source.shippingPaise,
      totalPaise: amountPaise,
    };
  }
  const shares = shareOut(
    amountPaise,
    source.lines.map((l) => l.amount_paise),
  );
  const shippingShares = shareOut(
    Math.floor((source.shippingPaise * amountPaise) / Math.max(1, source.totalPaise)),
    source.lines.map((l) => l.amount_paise),
  );
  const lines = source.lines.map((l, i) => {
    const amount = shares[i]!;
    const taxable = taxableOf(amount, l.rate_bp);
    const tax = amount - taxable;
    const cgst = source.intraState ? Math.floor(tax / 2) : 0;
    return {
      ...l,
      amount_paise: amount,
      shipping_share_paise: Math.min(shippingShares[i]!, amount),
      taxable_paise: taxable,
      cgst_paise: cgst,
      sgst_paise: source.intraState ? tax - cgst : 0,
      igst_paise: source.intraState ? 0 : tax,
    };
  });
  const sum = (f: 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'igst_paise' | 'shipping_share_paise') => lines.reduce((a, l) => a + l[f], 0);
  return {
    lines,
    taxablePaise: sum('taxable_paise'),
    cgstPaise: sum('cgst_paise'),
    sgstPaise: sum('sgst_paise'),
    igstPaise: sum('igst_paise'),
    shippingPaise: sum('shipping_share_paise'),
    totalPaise: amountPaise,
  };
}

const DOCUMENT_TITLES: Record<InvoiceKind, string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  receipt_voucher: 'Receipt voucher',
  refund_voucher: 'Refund voucher',
};

/** The documents a document names besides itself (Rules 46, 51 and 53, decision 0049). */
export interface DocumentReferences {
  /** A credit note's tax invoice, or a refund voucher's receipt voucher. */
  against: { kind: InvoiceKind; number: string; issuedAt: Date } | null;
  /** A tax invoice's receipt vouchers: each advance received before it, on a line of its own. */
  vouchers: { number: string; issuedAt: Date; totalPaise: number }[];
  /** A tax invoice's e-way bill, once its goods were dispatched with one (Rule 138, decision 0049). */
  ewayBillNumber?: string | null;
}

export async function referencesOf(db: Db | Tx, document: InvoiceRow): Promise<DocumentReferences> {
  let against: DocumentReferences['against'] = null;
  if (document.invoiceId !== null) {
    const [source] = await db
      .select({ kind: invoices.kind, number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(eq(invoices.id, document.invoiceId));
    if (source) against = { kind: source.kind as InvoiceKind, number: source.number, issuedAt: source.issuedAt };
  }
  const vouchers =
    document.kind === 'invoice' && document.advancePaise > 0
      ? await db
          .select({ number: invoices.number, issuedAt: invoices.issuedAt, totalPaise: invoices.totalPaise })
          .from(invoices)
          .where(and(eq(invoices.orderId, document.orderId), eq(invoices.kind, 'receipt_voucher')))
          .orderBy(asc(invoices.issuedAt), asc(invoices.id))
      : [];
  const [order] =
    document.kind === 'invoice' ? await db.select({ ewayBillNumber: orders.ewayBillNumber }).from(orders).where(eq(orders.id, document.orderId)) : [];
  return { against, vouchers, ewayBillNumber: order?.ewayBillNumber ?? null };
}

const DOCUMENT_PATHS: Record<InvoiceKind, string> = {
  invoice: 'invoice',
  credit_note: 'credit-note',
  receipt_voucher: 'receipt-voucher',
  refund_voucher: 'refund-voucher',
};

/** The documents issued for each of these orders (receipt voucher, invoice, credit note), with their PDFs' URLs. */
export async function documentsOf(db: Db, orderIds: number[]): Promise<Map<number, { kind: InvoiceKind; number: string; url: string }[]>> {
  const out = new Map<number, { kind: InvoiceKind; number: string; url: string }[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ orderId: invoices.orderId, kind: invoices.kind, number: invoices.number, refundId: invoices.refundId })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  for (const r of rows) {
    const kind = r.kind as InvoiceKind;
    const list = out.get(r.orderId) ?? [];
    // Each refund has its own credit note or refund voucher (decisions 0038, 0049); an older note without a refund is
    // the order's latest.
    const path = r.refundId !== null ? `refunds/${r.refundId}/${DOCUMENT_PATHS[kind]}` : DOCUMENT_PATHS[kind];
    list.push({ kind, number: r.number, url: `/api/orders/${r.orderId}/${path}/` });
    out.set(r.orderId, list);
  }
  return out;
}

export function createInvoicesService(db: Db, seller: Config['seller']) {
  /** The order's invoice; its credit note: the one of `refundId`, or the latest. */
  async function ofOrder(orderId: number, kind: InvoiceKind, refundId?: number): Promise<InvoiceRow | undefined> {
    // A refund's document is its credit note, or its refund voucher when an advance was refunded before any invoice.
    const [row] = await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.orderId, orderId),
          refundId === undefined
            ? eq(invoices.kind, kind)
            : and(inArray(invoices.kind, ['credit_note', 'refund_voucher']), eq(invoices.refundId, refundId)),
        ),
      )
      .orderBy(desc(invoices.seq))
      .limit(1);
    return row;
  }

  async function lastOf(kind: InvoiceKind, financialYear: string) {
    const [row] = await db
      .select({ number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(and(eq(invoices.kind, kind), eq(invoices.financialYear, financialYear)))
      .orderBy(desc(invoices.seq))
      .limit(1);
    return row ? { number: row.number, issuedAt: row.issuedAt.toISOString() } : null;
  }

  return {
    /** The configured seller (never a secret) and the current financial year's series, for the owner. */
    async taxDetails(at = new Date()): Promise<TaxDetails> {
      const financialYear = financialYearOf(at);
      const counters = await db.select().from(invoiceCounters).where(eq(invoiceCounters.financialYear, financialYear));
      const issued = (kind: InvoiceKind) => counters.find((c) => c.kind === kind)?.last ?? 0;
      return {
        // Named field by field: only what is printed on every invoice, nothing else of the configuration.
        seller: {
          legalName: seller.legalName,
          gstin: seller.gstin,
          address: seller.address,
          state: seller.state,
          stateCode: gstStateCode(seller.state),
          invoicePrefix: seller.invoicePrefix,
        },
        financialYear,
        lastInvoice: await lastOf('invoice', financialYear),
        lastCreditNote: await lastOf('credit_note', financialYear),
        invoicesIssued: issued('invoice'),
        creditNotesIssued: issued('credit_note'),
        month: istMonth(at),
        gstr1Quarterly: seller.gstr1Quarterly,
        ewayBillThresholdPaise: seller.ewayBillThresholdPaise,
      };
    },

    /**
     * The invoice of an order, for its buyer or a superuser; anyone else gets 404 (an order's existence is not
     * told to strangers), and an order that is not paid 409 with a sentence.
     */
    async forViewer(
      viewer: { id: number; isSuperuser: boolean },
      orderId: number,
      kind: InvoiceKind = 'invoice',
      refundId?: number,
    ): Promise<{ invoice: InvoiceRow; orderNumber: string; references: DocumentReferences }> {
      const [order] = await db
        .select({ userId: orders.userId, status: orders.status, number: orders.number })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order || (order.userId !== viewer.id && !viewer.isSuperuser)) throw notFound('The order');
      const invoice = await ofOrder(orderId, kind, refundId);
      if (!invoice) {
        if (kind === 'credit_note' || refundId !== undefined) throw notFound('The credit note');
        if (kind === 'refund_voucher') throw notFound('The refund voucher');
        if (kind === 'receipt_voucher') throw notFound('The receipt voucher');
        throw conflict(
          PAID_STATUSES.has(order.status) || order.status === 'cancelled'
            ? 'This order has no tax invoice.'
            : 'This order is not paid yet: its tax invoice is issued when the payment is received.',
        );
      }
      return { invoice, orderNumber: order.number, references: await referencesOf(db, invoice) };
    },

    /** The refunds of these orders that have a credit note (its `credit_note_url`). */
    async creditNotedRefunds(orderIds: number[]): Promise<Set<number>> {
      if (!orderIds.length) return new Set();
      const rows = await db
        .select({ refundId: invoices.refundId })
        .from(invoices)
        .where(and(inArray(invoices.kind, ['credit_note', 'refund_voucher']), sql`${invoices.orderId} in ${orderIds}`));
      return new Set(rows.flatMap((r) => (r.refundId === null ? [] : [r.refundId])));
    },

    /** Whether each of these orders has an invoice (for links in lists). */
    async numbersOf(orderIds: number[]): Promise<Map<number, string>> {
      if (!orderIds.length) return new Map();
      const rows = await db
        .select({ orderId: invoices.orderId, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.kind, 'invoice'), sql`${invoices.orderId} in ${orderIds}`));
      return new Map(rows.map((r) => [r.orderId, r.number]));
    },

    /** GSTR-1 of a month (2026-11) or a quarter (2026-Q3) from the period's documents (decision 0049). */
    gstr1(period: string, now = new Date()) {
      return buildGstr1(db, seller, period, now);
    },

    /**
     * The invoices and credit notes of a calendar month (India time) as CSV for the accountant: number, date,
     * buyer, GSTIN, place of supply, taxable value, CGST, SGST, IGST, total (rupees with 2 decimals; credit
     * notes negative).
     */
    async monthCsv(month: string): Promise<string> {
      const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
      if (!match) throw invalid({ month: ['Give the month as YYYY-MM, for example 2026-11.'] });
      const year = Number(match[1]);
      const m = Number(match[2]);
      const start = istMonthStart(year, m);
      const end = istMonthStart(m === 12 ? year + 1 : year, m === 12 ? 1 : m + 1);
      const rows = await db
        .select()
        .from(invoices)
        .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end)))
        .orderBy(asc(invoices.kind), asc(invoices.seq));
      const money = (paise: number, sign: number) => ((sign * paise) / 100).toFixed(2);
      // Text a person typed (a buyer's name) never starts a spreadsheet formula; quotes are doubled.
      const text = (v: string) => {
        const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
        return /[",\n\r']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
      };
      const lines = ['number,type,date,buyer,gstin,place_of_supply,taxable_value,cgst,sgst,igst,total'];
      for (const r of rows) {
        const sign = r.kind === 'credit_note' || r.kind === 'refund_voucher' ? -1 : 1;
        const date = istDate(r.issuedAt);
        lines.push(
          [
            text(r.number),
            DOCUMENT_TITLES[r.kind as InvoiceKind],
            date,
            text(r.buyer.name),
            text(r.buyer.gstin ?? ''),
            text(r.placeOfSupply),
            money(r.taxablePaise, sign),
            money(r.cgstPaise, sign),
            money(r.sgstPaise, sign),
            money(r.igstPaise, sign),
            money(r.totalPaise, sign),
          ].join(','),
        );
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
