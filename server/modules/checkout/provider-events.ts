import { createHash } from 'node:crypto';
import { and, asc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { charges, paymentEvents, orders } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ProviderPayment } from '../../lib/payments';
import { toProviderPayment } from '../../lib/payments/razorpay';
import { RECONCILER_LOCK, throughProvider, type CheckoutContext, modules } from './context';
import type { PaymentCompletion } from './complete-payment';

/** A refund written this recently is left by the reconciler to the request that wrote it. */
const REFUND_SETTLED_MS = 60_000;

const { moveOrder } = modules.orders;

/** Orders that expired this recently are still asked about: a payment may have landed after all. */
const EXPIRED_RECHECK_MS = 24 * 3600_000;

/**
 * What the provider tells the shop without the buyer (decision 0037): its webhook events, and the reconciler
 * that asks it about orders left pending, expires unpaid holds and retries refunds.
 */
export function createProviderEvents(ctx: CheckoutContext, completion: PaymentCompletion) {
  const { db, deps, payments, holdMinutes, exclusive, refunder } = ctx;
  const { completePayment } = completion;

  async function applyEvent(type: string, providerOrderId: string | null, paymentEntity: Record<string, unknown> | undefined): Promise<string> {
    if (!providerOrderId || !paymentEntity) return 'ignored';
    if (deps.otherPayments && (type === 'payment.captured' || type === 'order.paid' || type === 'payment.failed')) {
      const other = await deps.otherPayments.apply(providerOrderId, toProviderPayment(paymentEntity), 'webhook');
      if (other !== null) return other;
    }
    const [order] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
    if (!order) return 'unknown order';
    const payment = toProviderPayment(paymentEntity);
    if (type === 'payment.failed') {
      await ctx.paymentStopped(order.id, 'failed', ['created', 'attempted', 'abandoned', 'failed']);
      return 'payment failed';
    }
    if (type === 'payment.captured' || type === 'order.paid') {
      try {
        return (await completePayment(order, payment, null, 'webhook')).outcome;
      } catch (err) {
        // The notice was stored and the mismatch noted for the owner; the provider need not resend it.
        if (err instanceof AppError && err.code === 'invalid') return 'amount mismatch';
        throw err;
      }
    }
    return 'ignored';
  }

  /** Pending orders past their hold become expired; their pieces go back to stock. */

  async function expireHolds(): Promise<number> {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, new Date()), sql`${orders.paymentStatus} <> 'captured'`))
      .orderBy(asc(orders.expiresAt))
      .limit(200);
    let expired = 0;
    for (const o of due) if (await expireOrder(o.id)) expired += 1;
    if (expired > 0) deps.stockChanged();
    return expired;
  }

  /**
   * Expires one pending order, only if its hold has still run out at the moment of the move: a buyer who
   * came back to pay after the expiry pass picked the order renewed it, and keeps it.
   */

  function expireOrder(orderId: number): Promise<boolean> {
    return db.transaction((tx) =>
      moveOrder(
        tx,
        orderId,
        'pending',
        'expired',
        `Not paid within ${holdMinutes} minutes; the pieces held for it went back to stock. A payment that still arrives completes it if they can be had, or is refunded.`,
        {},
        and(sql`${orders.expiresAt} < now()`, ne(orders.paymentStatus, 'captured')),
      ),
    );
  }

  /** Asks the provider about pending (and recently expired) orders and completes the paid ones. */

  async function checkWithProvider(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number }): Promise<number> {
    const now = Date.now();
    const candidates = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.provider, payments.gateway.provider),
          sql`${orders.paymentStatus} <> 'captured'`,
          or(
            and(
              eq(orders.status, 'pending'),
              lt(orders.createdAt, new Date(now - (options.olderThanMs ?? 5 * 60_000))),
              gt(orders.createdAt, new Date(now - (options.maxAgeMs ?? 7 * 24 * 3600_000))),
            ),
            and(eq(orders.status, 'expired'), gt(orders.expiresAt, new Date(now - EXPIRED_RECHECK_MS))),
          ),
        ),
      )
      // Pending orders first: many abandoned (expired) attempts must not crowd them out of a pass.
      .orderBy(sql`${orders.status} = 'pending' desc`, asc(orders.createdAt))
      .limit(Math.min(options.limit ?? 50, 200));
    let completed = 0;
    for (const order of candidates) {
      let found: ProviderPayment[];
      try {
        found = await payments.gateway.fetchOrderPayments(throughProvider(order).providerOrderId);
      } catch (err) {
        deps.log(err, `reconciling order ${order.number} failed`);
        // The provider is down or slow: asking about the next order would only wait out another timeout.
        if (err instanceof AppError && err.code === 'upstream_unavailable') break;
        continue;
      }
      const captured = found.filter((p) => p.status === 'captured');
      // A captured payment for the wrong amount is passed on too, so the owner gets a note about it.
      const best = captured.find((p) => p.amount === order.totalPaise && p.currency === 'INR') ?? captured[0];
      if (!best) continue;
      try {
        if ((await completePayment(order, { ...best, orderId: order.providerOrderId }, null, 'reconciler')).outcome !== 'already') completed += 1;
      } catch (err) {
        deps.log(err, `reconciling order ${order.number} failed`);
      }
    }
    return completed;
  }

  let reconciling: Promise<number | null> | null = null;

  /** One pass of the reconciler, in one process of the shop at a time; null when another is on it. */
  function reconcileOnce(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number }): Promise<number | null> {
    return exclusive(RECONCILER_LOCK, async () => {
      let completed = await checkWithProvider(options);
      if (deps.otherPayments)
        completed += await deps.otherPayments.reconcile(options).catch((err: unknown) => (deps.log(err, 'reconciling quote payments failed'), 0));
      await expireHolds();
      // A refund written in the last minute is its own request's to ask for (it does so at once); a pass asked for
      // with a shorter age (`olderThanMs`) takes them younger too.
      await refunder.retryDue(50, { settledMs: Math.min(options.olderThanMs ?? REFUND_SETTLED_MS, REFUND_SETTLED_MS) });
      return completed;
    });
  }

  /** A provider event, already verified. Returns what was done, for the log. */
  async function applyWebhook(rawBody: Buffer, signature: string, eventIdHeader: string | undefined): Promise<string> {
    if (!payments.gateway.verifyWebhookSignature(rawBody, signature)) throw new AppError('invalid', 'The webhook signature is not valid.');
    let event: { event?: unknown; payload?: { payment?: { entity?: Record<string, unknown> }; order?: { entity?: Record<string, unknown> } } };
    try {
      event = JSON.parse(rawBody.toString('utf8')) as typeof event;
    } catch {
      throw new AppError('invalid', 'The request body is not valid JSON.');
    }
    const type = typeof event.event === 'string' ? event.event : 'unknown';
    const paymentEntity = event.payload?.payment?.entity;
    const orderEntity = event.payload?.order?.entity;
    const providerOrderId =
      (typeof paymentEntity?.order_id === 'string' ? paymentEntity.order_id : null) ?? (typeof orderEntity?.id === 'string' ? orderEntity.id : null);
    const eventId = eventIdHeader?.trim() || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
    const paymentId = typeof paymentEntity?.id === 'string' ? paymentEntity.id : null;
    // One statement (decision 0058): an event seen before is a duplicate; a payment already in the ledger (verify
    // completed it, or an earlier event did) needs nothing more, and nothing is written; otherwise the event is
    // kept, once, by its id. What follows it is guarded by the database as before (one charge per payment id).
    const result = (await db.execute(sql`
        with seen as (select exists (select 1 from ${paymentEvents} where ${paymentEvents.eventId} = ${eventId}) as yes),
        charged as (select exists (select 1 from ${charges} where ${charges.providerPaymentId} = ${paymentId}) as yes),
        kept as (
          INSERT INTO ${paymentEvents} (provider, event_id, type, provider_order_id, payload)
          select ${payments.gateway.provider}, ${eventId}, ${type}, ${providerOrderId}, ${JSON.stringify(event)}::jsonb
          where not (select yes from seen) and not (select yes from charged)
          on conflict (event_id) do nothing
          returning id
        )
        select (select yes from seen) as seen, (select yes from charged) as charged, (select id from kept) as id`)) as {
      rows: { seen: boolean; charged: boolean; id: number | null }[];
    };
    const first = result.rows[0];
    if (first!.seen) return 'duplicate';
    if (first!.charged) return 'already';
    // Kept by a delivery of the same event at the same moment.
    const keptId = first!.id;
    if (keptId === null) return 'duplicate';
    try {
      return await applyEvent(type, providerOrderId, paymentEntity);
    } catch (err) {
      // Not applied (the database failed, say): forget the event so the provider's retry, which
      // our error answer asks for, is applied instead of being taken for a duplicate.
      await db
        .delete(paymentEvents)
        .where(eq(paymentEvents.id, keptId))
        .catch((cleanup: unknown) => deps.log(cleanup, 'forgetting a failed webhook event failed'));
      throw err;
    }
  }

  /**
   * Asks the provider about orders left pending (a lost webhook, a closed tab) and completes the paid
   * ones, expires the holds of orders not paid in time and retries refunds a failed call left pending.
   * A run still going here (a slow provider) is joined rather than started twice; a run going in another
   * process (the advisory lock) makes this one do nothing and resolve to null.
   */

  function reconcilePendingOrders(options: { olderThanMs?: number; maxAgeMs?: number; limit?: number } = {}): Promise<number | null> {
    reconciling ??= reconcileOnce(options).finally(() => {
      reconciling = null;
    });
    return reconciling;
  }

  return { applyWebhook, reconcilePendingOrders, expireHolds, expireOrder };
}
