import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import { formatPaise } from '../../../contract/format';
import type { OrderStatus } from '../../../contract/orders';
import type { Db, Tx } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { PaymentGateway } from '../../lib/payments';
import { noteOrder } from '../orders/order-state';

/** How long one process may spend asking the provider for a refund before another may ask again. */
const CLAIM_MS = 2 * 60_000;

/**
 * Writes down that a captured payment must be given back, in the caller's transaction. One refund per
 * provider payment (a unique key): when the webhook, the buyer's browser and the reconciler race, one row
 * is written. Returns false when the payment already has its refund.
 */
export async function recordRefund(
  tx: Db | Tx,
  input: { orderId: number; provider: string; paymentId: string; amountPaise: number; reason: string },
): Promise<boolean> {
  const written = await tx
    .insert(refunds)
    .values({
      orderId: input.orderId,
      provider: input.provider,
      providerPaymentId: input.paymentId,
      amountPaise: input.amountPaise,
      reason: input.reason,
    })
    .onConflictDoNothing({ target: refunds.providerPaymentId })
    .returning({ id: refunds.id });
  return written.length > 0;
}

export interface RefunderDeps {
  gateway: PaymentGateway;
  mailer: Mailer;
  shopEmail: string;
  shopName: string;
  log: (err: unknown, message: string) => void;
}

/** Asks the provider for the refunds written down; a failed call stays pending for the reconciler. */
export function createRefunder(db: Db, deps: RefunderDeps) {
  async function attempt(refundId: number): Promise<'processed' | 'pending' | 'busy'> {
    // Claim the row: of racing callers (two processes, webhook and reconciler) one asks the provider.
    const [claimed] = await db
      .update(refunds)
      .set({ status: 'requesting', attempts: sql`${refunds.attempts} + 1`, claimedUntil: new Date(Date.now() + CLAIM_MS), updatedAt: new Date() })
      .where(
        and(
          eq(refunds.id, refundId),
          eq(refunds.provider, deps.gateway.provider),
          or(eq(refunds.status, 'pending'), and(eq(refunds.status, 'requesting'), lt(refunds.claimedUntil, new Date()))),
        ),
      )
      .returning();
    if (!claimed) return 'busy';
    const [order] = await db.select().from(orders).where(eq(orders.id, claimed.orderId));
    let made;
    try {
      made = await deps.gateway.refund(claimed.providerPaymentId, claimed.amountPaise, {
        order_number: order?.number ?? '',
        reason: claimed.reason.slice(0, 250),
      });
    } catch (err) {
      deps.log(err, `refund of payment ${claimed.providerPaymentId} failed; it will be retried`);
      await db
        .update(refunds)
        .set({
          status: 'pending',
          claimedUntil: null,
          lastError: err instanceof Error ? err.message.slice(0, 500) : String(err),
          updatedAt: new Date(),
        })
        .where(eq(refunds.id, claimed.id));
      return 'pending';
    }
    await db
      .update(refunds)
      .set({ status: 'processed', providerRefundId: made.id, claimedUntil: null, lastError: null, updatedAt: new Date() })
      .where(eq(refunds.id, claimed.id));
    if (!order) return 'processed';
    const amount = formatPaise(claimed.amountPaise);
    await noteOrder(
      db,
      order.id,
      order.status as OrderStatus,
      `Refund ${made.id} of ${amount} made through the payment provider for payment ${claimed.providerPaymentId} (${claimed.reason}).`,
    );
    await deps.mailer
      .send({
        to: order.email,
        subject: `Refund of ${amount} for your order ${order.number}`,
        text: `We have refunded ${amount} to the account you paid from (refund ${made.id}, for payment ${claimed.providerPaymentId}).\n\n${claimed.reason}\n\nBanks usually show a refund within 5–7 working days. Nothing else is needed from you.\n\n${deps.shopName}`,
      })
      .catch((err: unknown) => deps.log(err, 'refund e-mail failed'));
    await deps.mailer
      .send({
        to: deps.shopEmail,
        subject: `Refunded ${amount} for order ${order.number}`,
        text: `Payment ${claimed.providerPaymentId} of order ${order.number} (${order.email}) was refunded through the payment provider: refund ${made.id}, ${amount}.\nWhy: ${claimed.reason}\nNothing needs to be done.`,
      })
      .catch((err: unknown) => deps.log(err, 'refund e-mail failed'));
    return 'processed';
  }

  return {
    attempt,
    /** Every refund of an order still to be made (just written down, say). */
    async forOrder(orderId: number): Promise<void> {
      const due = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
      for (const r of due) await attempt(r.id);
    },
    /** The reconciler's retry of refunds a failed call left pending (or a process left half-asked). */
    async retryDue(limit = 50): Promise<number> {
      const due = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.provider, deps.gateway.provider),
            or(eq(refunds.status, 'pending'), and(eq(refunds.status, 'requesting'), lt(refunds.claimedUntil, new Date()))),
          ),
        )
        .orderBy(asc(refunds.id))
        .limit(limit);
      let made = 0;
      for (const r of due) if ((await attempt(r.id)) === 'processed') made += 1;
      return made;
    },
  };
}

export type Refunder = ReturnType<typeof createRefunder>;
