import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ChargePurpose } from '../../../contract/money';
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
  orderId: number;
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

export interface RefundInput {
  orderId: number;
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
  await creditNoteForRefund(
    tx,
    input.orderId,
    input.paymentId,
    input.reason,
    { id: written[0]!.id, amountPaise: amount },
    new Date(),
    charge.purpose !== 'order',
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
  return new Map(rows.map((r) => [r.orderId, { capturedPaise: Number(r.captured), refundedPaise: Number(r.refunded) }]));
}

/** An order's charges, oldest first. */
export function orderCharges(db: Db | Tx, orderId: number) {
  return db.select().from(charges).where(eq(charges.orderId, orderId)).orderBy(asc(charges.id));
}
