import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  CANCEL_REASONS,
  cancellationFeePaise,
  rupeesText,
  workshopStarted,
  type CancelOrderInput,
  type CancellationRequest,
} from '../../../contract/after-sale';
import { rupeesToPaise, paiseToRupees } from '../../../contract/money';
import { formatDay } from '../../../contract/format';
import { ORDER_STAGE_LABELS, type OrderStage } from '../../../contract/orders';
import { cancellations, orders } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { Tx } from '../../db/client';
import { dueOn, modules, refundDueAt, type AfterSaleContext, type OrderRow } from './context';

const { refundOrderAmount } = modules.money;
const { isMadeToOrder, recordMove } = modules.orders;
const { restockOrder } = modules.stock;

type CancellationRow = typeof cancellations.$inferSelect;
const CHANGED = 'This order was changed by someone else a moment ago. Reload it and try again.';

/** Why an order cannot be cancelled at all, in the buyer's words; null when it can (at once or on request). */
export function cancelRefusal(order: OrderRow): string | null {
  const stage = order.stage ?? order.status;
  if (stage === 'cancelled') return 'This order is already cancelled.';
  if (order.status === 'pending' || order.status === 'expired') return 'This order is not paid: there is nothing to cancel.';
  if (order.status === 'delivered')
    return 'This order has been delivered. If something is wrong with it, report a problem within 7 days of delivery.';
  return null;
}

/** What a buyer is told before confirming a cancellation: at once or on request, the fee and the refund. */
export async function cancelTerms(ctx: AfterSaleContext, order: OrderRow) {
  const stage: OrderStage = order.stage ?? order.status;
  const madeToOrder = await isMadeToOrder(ctx.db, order.id);
  const left = await ctx.leftOf(ctx.db, order);
  const fee = Math.min(
    left,
    cancellationFeePaise({ totalPaise: order.totalPaise, nonFurniture: await ctx.nonFurniture(ctx.db, order.id), shipped: stage === 'shipped' }),
  );
  return { stage, madeToOrder, immediate: !workshopStarted(stage, madeToOrder), feePaise: fee, refundPaise: left - fee };
}

export function presentCancellation(
  row: CancellationRow,
  order: Pick<OrderRow, 'number' | 'email'>,
  left: number,
  owner = false,
): CancellationRequest {
  return {
    id: row.id,
    order_id: row.orderId,
    order_number: order.number,
    ...(owner ? { email: order.email } : {}),
    status: row.status,
    reason: row.reason,
    reason_label: CANCEL_REASONS[row.reason as keyof typeof CANCEL_REASONS] ?? row.reason,
    note: row.note,
    fee: paiseToRupees(row.feePaise),
    refundable: paiseToRupees(left),
    decision_note: row.decisionNote,
    refund_due_on: dueOn(row.refundDueAt),
    created_at: row.createdAt.toISOString(),
  };
}

export function createCancellations(ctx: AfterSaleContext) {
  const { db } = ctx;

  /** Cancels the order in the caller's transaction: moved, pieces back on the shelf, the refund written down. */
  async function cancelNow(tx: Tx, order: OrderRow, from: OrderStage, cancellation: CancellationRow, refundPaise: number, line: string) {
    const moved = await recordMove(tx, order.id, from, 'cancelled', line);
    if (moved === null) throw conflict(CHANGED);
    await restockOrder(tx, order.id, order.expiresAt === null);
    if (refundPaise > 0) {
      // From every payment of the order, newest first (decision 0045): a quote order's balance, then its advance.
      await refundOrderAmount(tx, {
        orderId: order.id,
        amountPaise: refundPaise,
        reason: `the order was cancelled (${CANCEL_REASONS[cancellation.reason as keyof typeof CANCEL_REASONS] ?? cancellation.reason})`,
        note: cancellation.decisionNote ?? undefined,
        key: `cancel:${cancellation.id}`,
        cancellationId: cancellation.id,
      });
      await ctx.note(
        tx,
        order.id,
        'refund_initiated',
        { cancellation_id: cancellation.id, amount_paise: refundPaise },
        `Refund of ${rupeesText(refundPaise)} written down (cancellation ${cancellation.id}).`,
      );
    }
  }

  async function afterCancel(order: OrderRow, refundPaise: number, due: Date, extra: string | null) {
    ctx.deps.stockChanged();
    await ctx.deps.refundOrder(order.id).catch((err: unknown) => ctx.deps.log(err));
    await ctx.mail(order.email, `Your order ${order.number} is cancelled`, [
      'Hello,',
      '',
      `Your Teakwood Studio order ${order.number} is cancelled.`,
      extra,
      refundPaise > 0 ? ctx.refundSentence(refundPaise, due) : null,
      '',
      `Your order: ${ctx.orderUrl(order)}`,
    ]);
    await ctx.mail(ctx.deps.shopEmail, `Order ${order.number} cancelled`, [
      `Order ${order.number} (${order.email}) was cancelled; its pieces went back to stock.`,
      refundPaise > 0 ? `Refund of ${rupeesText(refundPaise)} due by ${formatDay(due)}.` : 'No refund is due.',
    ]);
  }

  return {
    /**
     * The buyer cancels: at once before the workshop starts (fee per the policy, refund through the provider,
     * credit note, e-mails), otherwise a request the owner answers. Answers which happened.
     */
    cancel: async (
      userId: number,
      orderId: number,
      input: CancelOrderInput,
    ): Promise<{ immediate: true } | { immediate: false; request: CancellationRequest }> => {
      const order = await ctx.ownOrder(db, userId, orderId);
      const refusal = cancelRefusal(order);
      if (refusal) throw conflict(refusal);
      const terms = await cancelTerms(ctx, order);
      const reasonText = CANCEL_REASONS[input.reason];
      if (!terms.immediate) {
        const row = await db.transaction(async (tx) => {
          const [open] = await tx
            .select({ id: cancellations.id })
            .from(cancellations)
            .where(and(eq(cancellations.orderId, orderId), eq(cancellations.status, 'requested')));
          if (open) throw conflict('You have already asked to cancel this order; the studio will answer soon.');
          const [written] = await tx
            .insert(cancellations)
            .values({ orderId, userId, status: 'requested', reason: input.reason, note: input.note ?? null, feePaise: terms.feePaise })
            .onConflictDoNothing()
            .returning();
          if (!written) throw conflict('You have already asked to cancel this order; the studio will answer soon.');
          await ctx.note(
            tx,
            orderId,
            'cancellation_requested',
            { cancellation_id: written.id, reason: input.reason },
            `The buyer asked to cancel (${reasonText}${input.note ? `: ${input.note}` : ''}). The workshop has started: accept or decline the request.`,
          );
          return written;
        });
        await ctx.mail(order.email, `We received your request to cancel order ${order.number}`, [
          'Hello,',
          '',
          `We received your request to cancel order ${order.number} (${reasonText}).`,
          `Your piece is already in the workshop (${ORDER_STAGE_LABELS[terms.stage].toLowerCase()}), so the studio will look at it and answer you, usually within two working days.`,
          '',
          `Your order: ${ctx.orderUrl(order)}`,
        ]);
        await ctx.mail(ctx.deps.shopEmail, `Cancellation requested for order ${order.number}`, [
          `The buyer of order ${order.number} (${order.email}) asks to cancel it: ${reasonText}${input.note ? ` (${input.note})` : ''}.`,
          `It is at ${ORDER_STAGE_LABELS[terms.stage].toLowerCase()}. Accept or decline it under Cancellations in the admin.`,
        ]);
        return { immediate: false, request: presentCancellation(row, order, await ctx.leftOf(db, order)) };
      }
      const due = refundDueAt();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(cancellations)
          .values({
            orderId,
            userId,
            status: 'accepted',
            reason: input.reason,
            note: input.note ?? null,
            feePaise: terms.feePaise,
            decidedAt: new Date(),
            refundDueAt: terms.refundPaise > 0 ? due : null,
          })
          .returning();
        await cancelNow(tx, order, terms.stage, row!, terms.refundPaise, `Cancelled at your request (${reasonText}).`);
        await ctx.note(
          tx,
          orderId,
          'cancellation_accepted',
          { cancellation_id: row!.id, reason: input.reason, fee_paise: terms.feePaise, amount_paise: terms.refundPaise },
          `The buyer cancelled before the workshop started (${reasonText}${input.note ? `: ${input.note}` : ''}).`,
        );
      });
      await afterCancel(
        order,
        terms.refundPaise,
        due,
        terms.feePaise > 0 ? `As our policy states, a cancellation fee of ${rupeesText(terms.feePaise)} was kept.` : null,
      );
      return { immediate: true };
    },

    /** The owner's open (or all) cancellation requests, oldest first. */
    list: async (status: 'requested' | 'all' = 'requested'): Promise<CancellationRequest[]> => {
      const rows = await db
        .select({ c: cancellations, o: orders })
        .from(cancellations)
        .innerJoin(orders, eq(orders.id, cancellations.orderId))
        .where(status === 'all' ? undefined : eq(cancellations.status, status))
        .orderBy(status === 'all' ? desc(cancellations.id) : cancellations.id)
        .limit(200);
      return Promise.all(rows.map(async (r) => presentCancellation(r.c, r.o, await ctx.leftOf(db, r.o), true)));
    },

    /** The buyer's cancellations of one order (the pending request the page shows). */
    ofOrders: async (orderIds: number[]) => {
      if (orderIds.length === 0) return [];
      return db.select().from(cancellations).where(inArray(cancellations.orderId, orderIds)).orderBy(cancellations.id);
    },

    /** The owner answers a request: accepted (the order cancelled, the amount chosen refunded) or declined with a sentence. */
    decide: async (id: number, input: { decision: 'accept' | 'decline'; refund_amount?: number; note: string }): Promise<CancellationRequest> => {
      const [found] = await db.select().from(cancellations).where(eq(cancellations.id, id));
      if (!found) throw notFound('This cancellation request');
      const order = await ctx.anyOrder(db, found.orderId);
      if (found.status !== 'requested') throw conflict(`This request was already ${found.status}.`);
      const left = await ctx.leftOf(db, order);
      if (input.decision === 'decline') {
        const row = await db.transaction(async (tx) => {
          const [moved] = await tx
            .update(cancellations)
            .set({ status: 'declined', decisionNote: input.note, decidedAt: new Date(), updatedAt: new Date() })
            .where(and(eq(cancellations.id, id), eq(cancellations.status, 'requested')))
            .returning();
          if (!moved) throw conflict('This request was answered by someone else a moment ago.');
          await ctx.note(
            tx,
            order.id,
            'cancellation_declined',
            { cancellation_id: id, decision_note: input.note },
            `Cancellation declined: ${input.note}`,
          );
          return moved;
        });
        await ctx.mail(order.email, `Your request to cancel order ${order.number}`, [
          'Hello,',
          '',
          `We are sorry: we cannot cancel order ${order.number}.`,
          input.note,
          '',
          `Your order: ${ctx.orderUrl(order)}`,
        ]);
        return presentCancellation(row, order, left, true);
      }
      const refundPaise = input.refund_amount === undefined ? Math.max(0, left - found.feePaise) : rupeesToPaise(input.refund_amount);
      if (refundPaise > left) throw conflict(`Only ${rupeesText(left)} of this order's payment is left to refund; choose an amount up to that.`);
      const due = refundDueAt();
      const row = await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(cancellations)
          .set({
            status: 'accepted',
            decisionNote: input.note,
            decidedAt: new Date(),
            refundDueAt: refundPaise > 0 ? due : null,
            updatedAt: new Date(),
          })
          .where(and(eq(cancellations.id, id), eq(cancellations.status, 'requested')))
          .returning();
        if (!moved) throw conflict('This request was answered by someone else a moment ago.');
        const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
        const refusal = cancelRefusal(now!);
        if (refusal) throw conflict(refusal.replace('to you ', ''));
        await cancelNow(tx, now!, now!.stage ?? now!.status, moved, refundPaise, `Cancelled at your request. ${input.note}`);
        await ctx.note(
          tx,
          order.id,
          'cancellation_accepted',
          { cancellation_id: id, reason: moved.reason, amount_paise: refundPaise, decision_note: input.note },
          `Cancellation accepted; ${rupeesText(refundPaise)} to refund. ${input.note}`,
        );
        return moved;
      });
      await afterCancel(order, refundPaise, due, input.note);
      return presentCancellation(row, order, await ctx.leftOf(db, order), true);
    },
  };
}
