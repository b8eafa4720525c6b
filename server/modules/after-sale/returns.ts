import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  RETURN_REASONS,
  RETURN_WINDOW_SENTENCE,
  rupeesText,
  type Refund,
  type ReturnCase,
  type ReturnReportInput,
} from '../../../contract/after-sale';
import { istDate } from '../../../contract/india';
import { formatDay } from '../../../contract/format';
import { paiseToRupees, rupeesToPaise } from '../../../contract/money';
import { orderItems, orders, refunds, returns } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/errors';
import { dueOn, modules, refundDueAt, type AfterSaleContext, type OrderRow } from './context';

const { refundOrderAmount } = modules.money;
const { HOLD_MS, holdForOrder, takeForOrder } = modules.stock;
const { makeOrder, NO_ADDRESS_TO_REPLACE, replacementNumber } = modules.orders;

type ReturnRow = typeof returns.$inferSelect;
const ANSWERED = 'This return was changed by someone else a moment ago. Reload it and try again.';

export function createReturns(ctx: AfterSaleContext) {
  const { db } = ctx;

  /**
   * What a return may still refund: the returned pieces' price, less what was refunded against it already, and
   * never more than is left of the order's payment. A return of one piece of two refunds that piece, not the order.
   */
  async function capOf(
    db_: Parameters<AfterSaleContext['leftOf']>[0],
    r: ReturnRow,
    o: OrderRow,
  ): Promise<{ worth: number; refunded: number; cap: number }> {
    const [[pieces], [refunded], left] = await Promise.all([
      db_
        .select({ n: sql<string>`coalesce(sum(${orderItems.totalPaise}), 0)` })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, r.orderId), inArray(orderItems.id, r.itemIds.length ? r.itemIds : [-1]))),
      db_
        .select({ n: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
        .from(refunds)
        .where(eq(refunds.returnId, r.id)),
      ctx.leftOf(db_, o),
    ]);
    const worth = Number(pieces?.n ?? 0);
    const back = Number(refunded?.n ?? 0);
    return { worth, refunded: back, cap: Math.max(0, Math.min(left, worth - back)) };
  }

  async function present(rows: { r: ReturnRow; o: OrderRow }[], owner = false): Promise<ReturnCase[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((x) => x.o.id),
        ),
      );
    return Promise.all(
      rows.map(async ({ r, o }) => ({
        ...(await capOf(db, r, o).then(({ worth, refunded, cap }) => ({
          worth: paiseToRupees(worth),
          refunded: paiseToRupees(refunded),
          refundable: paiseToRupees(cap),
        }))),
        id: r.id,
        order_id: r.orderId,
        order_number: o.number,
        ...(owner ? { email: o.email } : {}),
        status: r.status,
        reason: r.reason,
        reason_label: RETURN_REASONS[r.reason as keyof typeof RETURN_REASONS] ?? r.reason,
        description: r.description,
        items: lines.filter((l) => r.itemIds.includes(l.id)).map((l) => ({ id: l.id, name: l.productName, quantity: l.quantity, finish: l.finish })),
        photos: r.photos,
        pickup_date: r.pickupDate,
        // Accepted without a pickup date: the buyer keeps the piece.
        piece: r.acceptedAt ? (r.pickupDate ? ('collect' as const) : ('keep' as const)) : null,
        decision_note: r.decisionNote,
        refund_due_on: dueOn(r.refundDueAt),
        created_at: r.createdAt.toISOString(),
      })),
    );
  }

  async function one(id: number): Promise<{ r: ReturnRow; o: OrderRow }> {
    const [row] = await db
      .select({ r: returns, o: orders })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(eq(returns.id, id));
    if (!row) throw notFound('This return');
    return row;
  }

  /** Moves a return from one status to the next, once however many owners click; the step's timeline line with it. */
  async function step(
    id: number,
    from: ReturnRow['status'][],
    set: Partial<typeof returns.$inferInsert>,
    timeline: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0], row: ReturnRow) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const [moved] = await tx
        .update(returns)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(returns.id, id), inArray(returns.status, from)))
        .returning();
      if (!moved) throw conflict(ANSWERED);
      await timeline(tx, moved);
      return moved;
    });
  }

  /** Refuses (409 with the policy's sentence) an order that cannot be reported now: before any photo is stored. */
  const checkReportable = async (userId: number, orderId: number): Promise<OrderRow> => {
    const order = await ctx.ownOrder(db, userId, orderId);
    if (order.status !== 'delivered') throw conflict('A problem can be reported once the order has been delivered.');
    const until = await ctx.returnUntil(db, orderId);
    if (!until || Date.now() > until.getTime()) throw conflict(RETURN_WINDOW_SENTENCE);
    return order;
  };

  return {
    checkReportable,

    /** The buyer reports a fulfilment mistake within 7 days of delivery, with the pieces concerned and photos (already stored). */
    report: async (userId: number, orderId: number, input: ReturnReportInput, photos: string[]): Promise<ReturnCase> => {
      const order = await checkReportable(userId, orderId);
      const lines = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
      const ids = [...new Set(input.items)];
      if (ids.some((id) => !lines.some((l) => l.id === id))) throw invalid({ items: ['Choose pieces of this order.'] });
      const reasonText = RETURN_REASONS[input.reason];
      const row = await db.transaction(async (tx) => {
        const [written] = await tx
          .insert(returns)
          .values({ orderId, userId, reason: input.reason, description: input.description, itemIds: ids, photos })
          .returning();
        await ctx.note(
          tx,
          orderId,
          'return_reported',
          { return_id: written!.id, reason: input.reason },
          `The buyer reported a problem (${reasonText}): ${input.description}`,
        );
        return written!;
      });
      await ctx.mail(order.email, `We received your report about order ${order.number}`, [
        'Hello,',
        '',
        `We received your report about order ${order.number}: ${reasonText.toLowerCase()}.`,
        'The studio will look at it and your photos and answer you, usually within two working days.',
        '',
        `Your order: ${ctx.orderUrl(order)}`,
      ]);
      await ctx.mail(ctx.deps.shopEmail, `Problem reported on order ${order.number}`, [
        `The buyer of order ${order.number} (${order.email}) reports: ${reasonText}.`,
        input.description,
        `${photos.length} photo${photos.length === 1 ? '' : 's'}. Answer it under Returns in the admin.`,
      ]);
      return (await present([{ r: row, o: order }]))[0]!;
    },

    forBuyer: async (userId: number, orderId: number): Promise<ReturnCase[]> => {
      const order = await ctx.ownOrder(db, userId, orderId);
      const rows = await db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(returns.id);
      return present(rows.map((r) => ({ r, o: order })));
    },

    /** The owner's queue: open returns (reported, accepted, received) oldest first, closed ones (refunded, replaced, declined) newest first, or all. */
    list: async (status: 'open' | 'closed' | 'all' = 'open'): Promise<ReturnCase[]> => {
      const rows = await db
        .select({ r: returns, o: orders })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .where(
          status === 'all'
            ? undefined
            : status === 'closed'
              ? inArray(returns.status, ['refunded', 'replaced', 'declined'])
              : or(eq(returns.status, 'reported'), eq(returns.status, 'accepted'), eq(returns.status, 'received')),
        )
        .orderBy(status === 'open' ? returns.id : desc(returns.id))
        .limit(200);
      return present(rows, true);
    },

    /** The owner accepts (with the pickup date the buyer sees) or declines with a sentence. */
    decide: async (
      id: number,
      given: { decision: 'accept' | 'decline'; note: string; pickup_date?: string; piece?: 'collect' | 'keep' },
    ): Promise<ReturnCase> => {
      // A piece the buyer keeps has no pickup date, whatever the form sent.
      const input = given.piece === 'keep' ? { ...given, pickup_date: undefined } : given;
      const { o: order } = await one(id);
      if (input.decision === 'accept' && input.piece !== 'keep' && !input.pickup_date)
        throw invalid({ pickup_date: ['Give the pickup date, or let the buyer keep the piece.'] });
      if (input.decision === 'accept' && input.pickup_date && input.pickup_date < istDate(new Date()))
        throw invalid({ pickup_date: ['The pickup date cannot be in the past.'] });
      const accept = input.decision === 'accept';
      const row = await step(
        id,
        ['reported'],
        accept
          ? { status: 'accepted', pickupDate: input.pickup_date, decisionNote: input.note, acceptedAt: new Date(), refundDueAt: refundDueAt() }
          : { status: 'declined', decisionNote: input.note, closedAt: new Date() },
        (tx, r) =>
          ctx.note(
            tx,
            order.id,
            accept ? 'return_accepted' : 'return_declined',
            { return_id: id, reason: r.reason, decision_note: input.note, pickup_date: input.pickup_date },
            accept
              ? `Return accepted; ${input.pickup_date ? `pickup on ${formatDay(input.pickup_date)}` : 'the buyer keeps the piece'}. ${input.note}`
              : `Return declined: ${input.note}`,
          ),
      );
      await ctx.mail(order.email, accept ? `Your return for order ${order.number} is accepted` : `Your report about order ${order.number}`, [
        'Hello,',
        '',
        accept
          ? input.pickup_date
            ? `We accept your return for order ${order.number}. Our delivery partner will collect the piece on ${formatDay(input.pickup_date)}.`
            : `We accept your return for order ${order.number}. Please keep the piece: nothing will be collected.`
          : `We are sorry: we cannot accept a return for order ${order.number}.`,
        input.note,
        accept ? `Your refund will reach you by ${formatDay(row.refundDueAt!)} at the latest.` : null,
        '',
        `Your order: ${ctx.orderUrl(order)}`,
      ]);
      return (await present([{ r: row, o: order }], true))[0]!;
    },

    /** The owner marks the returned piece received at the workshop. */
    received: async (id: number, input: { note?: string }): Promise<ReturnCase> => {
      const { r: found, o: order } = await one(id);
      if (found.acceptedAt && !found.pickupDate) throw conflict('The buyer keeps this piece: nothing comes back to the workshop.');
      const row = await step(id, ['accepted'], { status: 'received', receivedAt: new Date() }, (tx) =>
        ctx.note(
          tx,
          order.id,
          'return_received',
          { return_id: id, decision_note: input.note },
          `The returned piece was received.${input.note ? ` ${input.note}` : ''}`,
        ),
      );
      await ctx.mail(order.email, `We received the piece you returned (order ${order.number})`, [
        'Hello,',
        '',
        `The piece you returned from order ${order.number} has reached our workshop.`,
        input.note ?? null,
        `Your refund will reach you by ${formatDay(row.refundDueAt!)} at the latest.`,
      ]);
      return (await present([{ r: row, o: order }], true))[0]!;
    },

    /**
     * The owner sends a replacement instead of a refund: a new order at no charge for the returned pieces, linked to
     * the first, that moves through the workshop like any other (ready-stock pieces are taken from the shelf by the
     * stock module; none on the shelf is a 409 and nothing is written). Once per return.
     */
    replace: async (id: number, input: { note?: string }): Promise<ReturnCase & { replacement_order_id: number }> => {
      const { r: found, o: order } = await one(id);
      if (found.status !== 'accepted' && found.status !== 'received')
        throw conflict(found.status === 'reported' ? 'Accept the return before sending a replacement.' : `This return is already ${found.status}.`);
      // The replacement goes where the order went; an order that names no address has nowhere to send it.
      if (!order.address) throw conflict(NO_ADDRESS_TO_REPLACE(order.number));
      const number = replacementNumber();
      const { row, newId } = await db.transaction(async (tx) => {
        // The return's row decides: a second replacement asked at the same moment waits, then finds it replaced.
        const [locked] = await tx.select({ status: returns.status }).from(returns).where(eq(returns.id, id)).for('update');
        if (locked?.status !== 'accepted' && locked?.status !== 'received') throw conflict(ANSWERED);
        const lines = await tx.select().from(orderItems).where(inArray(orderItems.id, found.itemIds));
        const created = await makeOrder(tx, {
          number,
          userId: order.userId,
          email: order.email,
          origin: { kind: 'replacement', ofOrder: order.number },
          payment: null,
          address: order.address,
          shippingMethod: order.shippingMethod,
          shippingPaise: 0,
          delivery: { pincode: order.deliveryPincode, from: null, to: null },
          lines: lines.map((l) => ({
            productId: l.productId,
            productName: l.productName,
            productSlug: l.productSlug,
            productImage: l.productImage,
            quantity: l.quantity,
            finish: l.finish,
            unitPricePaise: 0,
          })),
          note: `A replacement at no charge for order ${order.number}.`,
        });
        await holdForOrder(tx, created.id, new Date(Date.now() + HOLD_MS));
        const short = await takeForOrder(tx, created.id);
        if (short.length > 0) throw conflict(`${short.join(', ')} is not on the shelf now: refund the return, or send the replacement when it is.`);
        const [moved] = await tx
          .update(returns)
          .set({ status: 'replaced', replacementOrderId: created.id, closedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(returns.id, id), inArray(returns.status, ['accepted', 'received'])))
          .returning();
        if (!moved) throw conflict(ANSWERED);
        await ctx.note(
          tx,
          order.id,
          'return_replaced',
          { return_id: id, replacement: number, decision_note: input.note },
          `Replacement order ${number} sent at no charge.${input.note ? ` ${input.note}` : ''}`,
        );
        return { row: moved, newId: created.id };
      });
      ctx.deps.stockChanged();
      await ctx.mail(order.email, `A replacement for your order ${order.number}`, [
        'Hello,',
        '',
        `We are sending you a replacement at no charge: order ${number}. You can follow it like any order.`,
        input.note ?? null,
        '',
        `Your orders: ${ctx.orderUrl(order)}`,
      ]);
      return { ...(await present([{ r: row, o: order }], true))[0]!, replacement_order_id: newId };
    },

    /**
     * The owner refunds an order, in full or in part, any amount up to what is left of its payment: a row of the
     * ledger (guarded under concurrency), one provider refund with its idempotency key, one credit note for
     * exactly that amount. With a return, the return is settled by it. Answers the refund.
     */
    refund: async (
      orderId: number,
      input: { amount: number; note: string; return_id?: number },
      key: string = randomUUID(),
    ): Promise<{ refund: Refund; fresh: boolean }> => {
      const order = await ctx.anyOrder(db, orderId);
      const amountPaise = rupeesToPaise(input.amount);
      if (amountPaise < 100) throw invalid({ amount: ['A refund is at least ₹1.'] });
      const ledgerKey = `owner:${orderId}:${key}`;
      const [earlier] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, ledgerKey));
      if (earlier) return { refund: (await ctx.presentRefunds([earlier], true))[0]!, fresh: false };
      if (input.return_id !== undefined) {
        const [r] = await db
          .select()
          .from(returns)
          .where(and(eq(returns.id, input.return_id), eq(returns.orderId, orderId)));
        if (!r) throw notFound('This return');
        if (r.status !== 'accepted' && r.status !== 'received' && r.status !== 'refunded')
          throw conflict(r.status === 'declined' ? 'This return was declined: it has nothing to refund.' : 'Accept the return before refunding it.');
      }
      const id = await db.transaction(async (tx) => {
        if (input.return_id !== undefined) {
          // The return's row is locked: two owners refunding one return at once cannot both pass its cap.
          const [locked] = await tx.select().from(returns).where(eq(returns.id, input.return_id)).for('update');
          const { worth, cap } = await capOf(tx, locked!, order);
          const [same] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.idempotencyKey, ledgerKey));
          if (!same && amountPaise > cap)
            throw conflict(
              cap === 0
                ? `The returned pieces (${rupeesText(worth)}) are already refunded.`
                : `The returned pieces come to ${rupeesText(worth)}: at most ${rupeesText(cap)} is left to refund on this return.`,
            );
        }
        // From every payment of the order, newest first: a quote order's refund may reach its advance and balance.
        const written = await refundOrderAmount(tx, {
          orderId,
          amountPaise,
          reason: input.return_id ? `A return on order ${order.number}: ${input.note}` : input.note,
          note: input.note,
          key: ledgerKey,
          returnId: input.return_id,
        });
        if (written === null) return null;
        if (input.return_id !== undefined) {
          await tx
            .update(returns)
            .set({ status: 'refunded', closedAt: new Date(), updatedAt: new Date() })
            .where(and(eq(returns.id, input.return_id), inArray(returns.status, ['accepted', 'received'])));
        }
        await ctx.note(
          tx,
          orderId,
          input.return_id ? 'return_refunded' : 'refund_initiated',
          { return_id: input.return_id, amount_paise: amountPaise, decision_note: input.note },
          `Refund of ${rupeesText(amountPaise)} written down: ${input.note}`,
        );
        return written;
      });
      const [row] = await db
        .select()
        .from(refunds)
        .where(id === null ? eq(refunds.idempotencyKey, ledgerKey) : eq(refunds.id, id));
      if (id !== null) {
        await ctx.deps.refundOrder(orderId).catch((err: unknown) => ctx.deps.log(err));
        await ctx.mail(ctx.deps.shopEmail, `Refund of ${rupeesText(amountPaise)} for order ${order.number}`, [
          `A refund of ${rupeesText(amountPaise)} was made on order ${order.number} (${order.email}): ${input.note}`,
        ]);
      }
      const [fresh] = await db.select().from(refunds).where(eq(refunds.id, row!.id));
      return { refund: (await ctx.presentRefunds([fresh!], true))[0]!, fresh: id !== null };
    },
  };
}
