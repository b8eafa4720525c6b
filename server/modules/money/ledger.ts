import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { summarize, type ChargePurpose, type MoneySummary, type PaymentFigures } from '../../../contract/money';
import type { OrderStatus } from '../../../contract/orders';
import { formatPaise } from '../../../contract/format';
import type { Db, Tx } from '../../db/client';
import { charges, refunds } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { creditNoteForRefund } from '../invoices/invoices.service';

/**
 * The ledger (decision 0037): every movement of money on an order is a row, a charge (a payment captured) or a
 * refund (money given back from one charge). What an order was paid, refunded and may still be refunded are
 * sums of those rows; the database keeps each charge's refunded sum within its amount, also under concurrency.
 */

export interface ChargeInput {
  /** Null only for an advance no order could be made of (decision 0045): it is refunded in full. */
  orderId: number | null;
  purpose?: ChargePurpose;
  provider: string;
  providerOrderId: string | null;
  paymentId: string;
  amountPaise: number;
}

/** Records a captured payment, once however many callers race (keyed by the payment). Answers the charge's id. */
export async function recordCharge(tx: Db | Tx, input: ChargeInput): Promise<number> {
  const key = `capture:${input.paymentId}`;
  const [written] = await tx
    .insert(charges)
    .values({
      orderId: input.orderId,
      purpose: input.purpose ?? 'order',
      provider: input.provider,
      providerOrderId: input.providerOrderId,
      providerPaymentId: input.paymentId,
      amountPaise: input.amountPaise,
      idempotencyKey: key,
    })
    .onConflictDoNothing({ target: charges.idempotencyKey })
    .returning({ id: charges.id });
  if (written) return written.id;
  const [existing] = await tx.select({ id: charges.id }).from(charges).where(eq(charges.idempotencyKey, key));
  return existing!.id;
}

/**
 * Whether a provider payment is already in the ledger (kept, or charged and refunded as a duplicate). This, not
 * any id on the order or its provider order, is what makes a payment's completion happen once: the charge is
 * keyed by the payment, so the kept payment's later confirmations find it and change nothing.
 */
export async function isCharged(tx: Db | Tx, paymentId: string): Promise<boolean> {
  const [row] = await tx.select({ id: charges.id }).from(charges).where(eq(charges.providerPaymentId, paymentId));
  return row !== undefined;
}

export interface RefundInput {
  /** Null with its charge's (an advance no order was made of). */
  orderId: number | null;
  paymentId: string;
  /** What to give back; the whole remainder of the charge when left out. */
  amountPaise?: number;
  reason: string;
  /** Racing writers of the same refund carry the same key and write one row; `full:<payment>` by default. */
  key?: string;
  /** The owner's sentence to the buyer; the cancellation or return it settles (decision 0038). */
  note?: string;
  cancellationId?: number;
  returnId?: number;
}

/**
 * Writes down, in the caller's transaction, that money must be given back from a charge; the provider is asked
 * after the commit (createRefunder). The charge's refunded sum is raised in the same statement that checks it
 * stays within what was captured: of two refunds of one remainder racing, the second finds nothing left and is
 * refused with a 409 and a sentence (the database's CHECK holds it too). Each refund of an invoiced payment
 * gets a credit note for its amount in the same transaction. Answers false when a refund with this key already exists.
 */
export async function recordRefund(tx: Db | Tx, input: RefundInput): Promise<boolean> {
  return (await recordRefundRow(tx, input)) !== null;
}

/** `recordRefund`, answering the refund's id (null when a refund with this key already exists). */
export async function recordRefundRow(tx: Db | Tx, input: RefundInput): Promise<number | null> {
  const [charge] = await tx.select().from(charges).where(eq(charges.providerPaymentId, input.paymentId));
  if (!charge) throw conflict('There is no captured payment to refund.');
  const key = input.key ?? `full:${input.paymentId}`;
  const [same] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.idempotencyKey, key));
  if (same) return null;
  const amount = input.amountPaise ?? charge.amountPaise - charge.refundedPaise;
  if (amount <= 0) {
    if (input.amountPaise === undefined) return null;
    throw conflict('A refund must be more than zero.');
  }
  const raised = await tx
    .update(charges)
    .set({ refundedPaise: sql`${charges.refundedPaise} + ${amount}`, updatedAt: new Date() })
    .where(and(eq(charges.id, charge.id), sql`${charges.refundedPaise} + ${amount} <= ${charges.amountPaise}`))
    .returning({ refunded: charges.refundedPaise });
  if (raised.length === 0) {
    const [now] = await tx.select().from(charges).where(eq(charges.id, charge.id));
    const left = now ? now.amountPaise - now.refundedPaise : 0;
    // A whole-payment refund that finds the payment already given back (another writer was first) is no error.
    if (input.amountPaise === undefined && left === 0) return null;
    throw conflict(
      left === 0
        ? 'This payment has already been refunded in full.'
        : `Only ${formatPaise(left, { decimals: 'always' })} of this payment is left to refund. Refresh the order to see its refunds.`,
    );
  }
  const written = await tx
    .insert(refunds)
    .values({
      orderId: input.orderId,
      chargeId: charge.id,
      provider: charge.provider,
      providerPaymentId: input.paymentId,
      amountPaise: amount,
      reason: input.reason,
      note: input.note ?? null,
      cancellationId: input.cancellationId ?? null,
      returnId: input.returnId ?? null,
      idempotencyKey: key,
    })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning({ id: refunds.id });
  if (written.length === 0) {
    // Another writer of the same key committed meanwhile: give back what this one raised.
    await tx
      .update(charges)
      .set({ refundedPaise: sql`${charges.refundedPaise} - ${amount}` })
      .where(eq(charges.id, charge.id));
    return null;
  }
  // Every refund of the payment a tax invoice was issued for gets a credit note for its amount, in the same
  // transaction; an advance or a balance of a quote's order is credited against its invoice or receipt voucher.
  // An advance no order was made of had no receipt voucher: there is nothing to credit.
  if (input.orderId === null) return written[0]!.id;
  await creditNoteForRefund(
    tx,
    input.orderId,
    input.paymentId,
    input.reason,
    { id: written[0]!.id, amountPaise: amount },
    new Date(),
    charge.purpose !== 'order',
    await keptPaymentId(tx, input.orderId),
  );
  return written[0]!.id;
}

/** An order's money as sums of its ledger: captured, refunded (written down, made or being made), and what is left. */
export async function orderMoney(db: Db | Tx, orderId: number): Promise<{ capturedPaise: number; refundedPaise: number; refundablePaise: number }> {
  const [row] = await db
    .select({
      captured: sql<string>`coalesce(sum(${charges.amountPaise}), 0)`,
      refunded: sql<string>`coalesce(sum(${charges.refundedPaise}), 0)`,
    })
    .from(charges)
    .where(eq(charges.orderId, orderId));
  const capturedPaise = Number(row?.captured ?? 0);
  const refundedPaise = Number(row?.refunded ?? 0);
  return { capturedPaise, refundedPaise, refundablePaise: capturedPaise - refundedPaise };
}

/** The captured and refunded sums of several orders at once (lists of orders). */
export async function moneyOfOrders(db: Db | Tx, orderIds: number[]): Promise<Map<number, { capturedPaise: number; refundedPaise: number }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: charges.orderId,
      captured: sql<string>`coalesce(sum(${charges.amountPaise}), 0)`,
      refunded: sql<string>`coalesce(sum(${charges.refundedPaise}), 0)`,
    })
    .from(charges)
    .where(inArray(charges.orderId, orderIds))
    .groupBy(charges.orderId);
  return new Map(rows.map((r) => [r.orderId!, { capturedPaise: Number(r.captured), refundedPaise: Number(r.refunded) }]));
}

/**
 * The payment each order was bought with (decision 0045): its first charge for the whole order or for an advance.
 * A duplicate of it, given back, is charged after it; a balance is a payment of its own. The order row keeps no
 * provider payment id: this is the answer (the API's `razorpay_payment_id`, the tax invoice's payment).
 */
export async function keptPaymentIds(db: Db | Tx, orderIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ orderId: charges.orderId, paymentId: charges.providerPaymentId })
    .from(charges)
    .where(and(inArray(charges.orderId, [...orderIds]), inArray(charges.purpose, ['order', 'advance'])))
    .orderBy(asc(charges.id));
  for (const r of rows) if (r.orderId !== null && !out.has(r.orderId)) out.set(r.orderId, r.paymentId);
  return out;
}

/** One order's kept payment (`keptPaymentIds`), or null before any is captured. */
export async function keptPaymentId(db: Db | Tx, orderId: number): Promise<string | null> {
  return (await keptPaymentIds(db, [orderId])).get(orderId) ?? null;
}

/** An order's charges, oldest first. */
export function orderCharges(db: Db | Tx, orderId: number) {
  return db.select().from(charges).where(eq(charges.orderId, orderId)).orderBy(asc(charges.id));
}

export type PaymentRow = typeof charges.$inferSelect & PaymentFigures;

/**
 * The payments of several orders (decision 0045), oldest first, each with whether it was a duplicate: a payment
 * given back whole (`full:<payment>`) on an order that was not cancelled is a second payment of something
 * already paid; on a cancelled order the same refund is the cancellation's, and the payment was the order's own.
 */
export async function paymentsOf(db: Db | Tx, orders: readonly { id: number; status: OrderStatus }[]): Promise<Map<number, PaymentRow[]>> {
  const out = new Map<number, PaymentRow[]>(orders.map((o) => [o.id, []]));
  if (orders.length === 0) return out;
  const ids = orders.map((o) => o.id);
  const [rows, whole] = await Promise.all([
    db.select().from(charges).where(inArray(charges.orderId, ids)).orderBy(asc(charges.id)),
    db
      .select({ key: refunds.idempotencyKey })
      .from(refunds)
      .where(and(inArray(refunds.orderId, ids), sql`${refunds.idempotencyKey} like 'full:%'`)),
  ]);
  const givenBackWhole = new Set(whole.map((w) => w.key));
  const cancelled = new Set(orders.filter((o) => o.status === 'cancelled').map((o) => o.id));
  for (const c of rows)
    out.get(c.orderId!)?.push({
      ...c,
      purpose: c.purpose,
      duplicate: !cancelled.has(c.orderId!) && givenBackWhole.has(`full:${c.providerPaymentId}`),
    });
  return out;
}

/** Each order's money summary (decision 0045): the one answer pages, e-mails and rules read. */
export async function summariesOf(
  db: Db | Tx,
  orders: readonly { id: number; status: OrderStatus; totalPaise: number }[],
): Promise<Map<number, { summary: MoneySummary; payments: PaymentRow[] }>> {
  const payments = await paymentsOf(db, orders);
  return new Map(orders.map((o) => [o.id, { summary: summarize(o, payments.get(o.id) ?? []), payments: payments.get(o.id) ?? [] }]));
}

/** One order's money summary. */
export async function summaryOf(db: Db | Tx, order: { id: number; status: OrderStatus; totalPaise: number }) {
  return (await summariesOf(db, [order])).get(order.id)!;
}

/**
 * Gives back an amount of an order's money, from as many of its payments as it takes (decision 0045): the
 * newest first (a quote order's balance, then its advance), each part a refund naming its payment, the first
 * carrying `key` and the others `key#2`, `key#3`. Everything received less everything refunded may be given
 * back, never more: the charges are locked, the sum checked, and each part still guarded by its charge's CHECK.
 * Answers the first part's id, or null when a refund with `key` already exists.
 */
export async function refundOrderAmount(
  tx: Tx,
  input: Omit<RefundInput, 'orderId' | 'paymentId' | 'amountPaise' | 'key'> & { orderId: number; amountPaise: number; key: string },
): Promise<number | null> {
  const [same] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.idempotencyKey, input.key));
  if (same) return null;
  const rows = await tx.select().from(charges).where(eq(charges.orderId, input.orderId)).orderBy(desc(charges.id)).for('update');
  const left = rows.reduce((s, c) => s + c.amountPaise - c.refundedPaise, 0);
  if (rows.length === 0) throw conflict('This order has no captured payment to refund.');
  if (input.amountPaise > left)
    throw conflict(
      left === 0
        ? 'This order has already been refunded in full.'
        : `Only ${formatPaise(left, { decimals: 'always' })} of this order's payments is left to refund. Refresh the order to see its refunds.`,
    );
  let rest = input.amountPaise;
  let first: number | null = null;
  let part = 0;
  for (const c of rows) {
    const take = Math.min(rest, c.amountPaise - c.refundedPaise);
    if (take <= 0) continue;
    part += 1;
    const id = await recordRefundRow(tx, {
      ...input,
      paymentId: c.providerPaymentId,
      amountPaise: take,
      key: part === 1 ? input.key : `${input.key}#${part}`,
    });
    first ??= id;
    rest -= take;
    if (rest === 0) break;
  }
  return first;
}
