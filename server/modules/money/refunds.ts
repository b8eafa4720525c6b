import { and, asc, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import { formatPaise } from '../../../contract/format';
import type { OrderEventData, OrderEventKind } from '../../../contract/money';
import { invoiceAttachment } from '../invoices/invoices.service';
import type { Db } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import type { PaymentGateway } from '../../lib/payments';

/** How long one process may spend asking the provider for a refund before another may ask again. */
const CLAIM_MS = 2 * 60_000;
/** Calls after which a refund the provider keeps failing is handed to a person rather than asked again. */
export const REFUND_MAX_ATTEMPTS = 5;

export interface RefunderDeps {
  gateway: PaymentGateway;
  mailer: Mailer;
  shopEmail: string;
  shopName: string;
  log: (err: unknown, message: string) => void;
  /** Writes a note on the order's timeline (the orders module's), with its kind and facts. */
  note: (orderId: number, kind: OrderEventKind, data: OrderEventData, note: string) => Promise<void>;
}

/**
 * Asks the provider for the refunds written down. A call that did not get through (timeout, 5xx) stays
 * pending for the reconciler; a refund the provider refuses (4xx), or one still failing after
 * REFUND_MAX_ATTEMPTS calls, is marked failed, noted on the order and sent to the shop for a person to act.
 */
export function createRefunder(db: Db, deps: RefunderDeps) {
  async function attempt(refundId: number): Promise<'processed' | 'pending' | 'failed' | 'busy'> {
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
    const [order] = claimed.orderId === null ? [] : await db.select().from(orders).where(eq(orders.id, claimed.orderId));
    let made;
    try {
      made = await deps.gateway.refund(
        claimed.providerPaymentId,
        claimed.amountPaise,
        {
          order_number: order?.number ?? '',
          reason: claimed.reason.slice(0, 250),
        },
        claimed.idempotencyKey,
      );
    } catch (err) {
      const refused = err instanceof AppError && err.code === 'upstream_error';
      if (refused || claimed.attempts >= REFUND_MAX_ATTEMPTS) {
        deps.log(err, `refund of payment ${claimed.providerPaymentId} failed; the shop is told`);
        await giveUp(claimed, order, err, refused);
        return 'failed';
      }
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
    await deps.note(
      order.id,
      'refund_made',
      { refund_id: made.id, payment_id: claimed.providerPaymentId, amount_paise: claimed.amountPaise },
      `Refund ${made.id} of ${amount} made through the payment provider for payment ${claimed.providerPaymentId} (${claimed.reason}).`,
    );
    await deps.mailer
      .send({
        to: order.email,
        subject: `Refund of ${amount} for your order ${order.number}`,
        text: `We have refunded ${amount} to the account you paid from (refund ${made.id}, for payment ${claimed.providerPaymentId}).\n\n${claimed.note ?? claimed.reason}\n\nBanks usually show a refund within 5–7 working days. Nothing else is needed from you.\n\n${deps.shopName}`,
        // This refund's own credit note, whichever payment it gave back: the order's invoiced payment, or an
        // advance or a balance of a quote's order (credited against its receipt voucher or invoice); none for a
        // payment never invoiced.
        attachments: await invoiceAttachment(db, order.id, 'credit_note', deps.log, claimed.id),
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

  /** A refund no retry will make: marked failed, noted on the order, and the shop e-mailed to act. */
  async function giveUp(claimed: typeof refunds.$inferSelect, order: typeof orders.$inferSelect | undefined, err: unknown, refused: boolean) {
    const why = err instanceof Error ? err.message.slice(0, 500) : String(err);
    await db.update(refunds).set({ status: 'failed', claimedUntil: null, lastError: why, updatedAt: new Date() }).where(eq(refunds.id, claimed.id));
    if (!order) return;
    const amount = formatPaise(claimed.amountPaise);
    const what = refused ? 'The payment provider refused it' : `It failed ${claimed.attempts} times`;
    await deps.note(
      order.id,
      'refund_failed',
      { payment_id: claimed.providerPaymentId, amount_paise: claimed.amountPaise },
      `Refund of ${amount} for payment ${claimed.providerPaymentId} failed. ${what} (${why}); it will not be retried. Refund the buyer by hand in the provider's dashboard, or contact them.`,
    );
    await deps.mailer
      .send({
        to: deps.shopEmail,
        subject: `Refund failed for order ${order.number}: ${amount}`,
        text: `The refund of ${amount} for payment ${claimed.providerPaymentId} of order ${order.number} (${order.email}) could not be made. ${what}: ${why}\nWhy it was due: ${claimed.reason}\n\nIt will not be retried. Please refund the buyer by hand in the payment provider's dashboard, or contact them.`,
      })
      .catch((mailErr: unknown) => deps.log(mailErr, 'refund failure e-mail failed'));
  }

  return {
    attempt,
    /**
     * Every refund of an order still to be made (just written down, say). With `waitMs`, a refund of the order that
     * another process is asking the provider for at this moment (the reconciler took the one just written first)
     * is waited for, up to `waitMs`, so that the person who made it reads what the provider answered, not
     * "pending" for a refund already being made.
     */
    async forOrder(orderId: number, { waitMs = 0 }: { waitMs?: number } = {}): Promise<void> {
      const due = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
      for (const r of due) await attempt(r.id);
      const until = Date.now() + waitMs;
      while (Date.now() < until) {
        const [asking] = await db
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'requesting'), gt(refunds.claimedUntil, new Date())))
          .limit(1);
        if (!asking) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /**
     * The reconciler's retry of refunds a failed call left pending (or a process left half-asked). `settledMs`: a
     * pending refund changed more recently is left to the request that wrote it, which asks the provider itself
     * at once (the reconciler taking it first made that request wait for the other's answer).
     */
    async retryDue(limit = 50, { settledMs = 0 }: { settledMs?: number } = {}): Promise<number> {
      const due = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(
          and(
            eq(refunds.provider, deps.gateway.provider),
            or(
              and(eq(refunds.status, 'pending'), lte(refunds.updatedAt, new Date(Date.now() - settledMs))),
              and(eq(refunds.status, 'requesting'), lt(refunds.claimedUntil, new Date())),
            ),
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
