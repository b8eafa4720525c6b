import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { paise, createdAt } from './columns';
import { orders } from './orders';

/** GST tax invoices, credit notes and their consecutive counters. */

export type InvoiceParty = { name: string; gstin: string | null; address: string; state: string; stateCode: string | null };
export type InvoiceLineRow = {
  description: string;
  hsn: string;
  quantity: number;
  unit_price_paise: number;
  rate_bp: number;
  amount_paise: number;
  shipping_share_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
};

/**
 * GST tax invoices and credit notes. Numbers are consecutive per series (kind and financial year), drawn from
 * `invoice_counters` in the transaction that marks the order paid (or cancels it), so a failed payment leaves
 * no gap and concurrent payments never share a number.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** invoice | credit_note | receipt_voucher (an advance received before the goods are supplied, decision 0039) | refund_voucher (such an advance refunded before any tax invoice, decision 0049) */
    kind: text('kind').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    invoiceId: integer('invoice_id'),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    intraState: boolean('intra_state').notNull(),
    lines: jsonb('lines').$type<InvoiceLineRow[]>().notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    shippingPaise: paise('shipping_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    reason: text('reason'),
    /** A credit note's refund: each refund of an invoiced payment gets one, for exactly its amount (decision 0038). */
    refundId: integer('refund_id'),
    /** On a tax invoice of an order whose advance was received earlier: that advance, shown as received. */
    advancePaise: paise('advance_paise').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_series_seq').on(t.kind, t.financialYear, t.seq),
    uniqueIndex('invoices_one_invoice_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    // A quote's advance has one receipt voucher (decision 0039).
    uniqueIndex('invoices_one_voucher_per_order')
      .on(t.orderId)
      .where(sql`${t.kind} = 'receipt_voucher'`),
    uniqueIndex('invoices_one_per_refund').on(t.refundId),
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note', 'receipt_voucher', 'refund_voucher')`),
    check('invoices_number_length', sql`char_length(${t.number}) <= 16`),
    check('invoices_reconcile', sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`),
  ],
);

export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);
