import { INDIA_TIME_ZONE } from '../../../contract/india';
import { and, asc, desc, eq, ilike, inArray, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_FLOW,
  ORDER_STAGE_LABELS,
  UNPAID_STATUSES,
  nextStages,
  type AdminOrder,
  type AdminOrderCounts,
  type AdminOrderView,
  type Order,
  type OrderItem,
  type OrderStage,
  type OrderStatus,
  paymentMethodOf,
  SHIPMENT_MESSAGES,
  type TimelineEntry,
  type TrackedOrder,
} from '../../../contract/orders';
import type { Db } from '../../db/client';
import { charges, orderEvents, orderItems, orderPhotos, orders, products, refunds, users } from '../../db/schema';
import { formatPaise } from '../../../contract/format';
import { REFUNDABLE_STATUSES } from '../../../contract/money';
import { keptPaymentIds, orderCharges, recordRefund, summariesOf, summaryOf, type PaymentRow } from '../money/money.service';
import { documentsOf } from '../invoices/invoices.service';
import { restockOrder } from '../stock/stock.service';
import { conflict, invalid, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { paiseToDecimal, paiseToRupees, type MoneySummary } from '../../../contract/money';
import { currentStage, isMadeToOrder, recordMove } from './order-state';

export { currentStage, isMadeToOrder, moveOrder, noteOrder, recordMove } from './order-state';
export { promisedWindow } from './workshop';
export {
  addressOrder,
  keepOrderOpen,
  makeOrder,
  newOrderNumber,
  replacementNumber,
  NO_ADDRESS_TO_REPLACE,
  type NewOrder,
  type NewOrderLine,
} from './make-order';
import { awaitsDelivery, expectedDelivery, isLate, promisedWindow, stageMail, windowText } from './workshop';
import { istDate } from '../../../contract/consultations';
import { afterSaleSentence } from '../../../contract/after-sale';

type OrderRow = typeof orders.$inferSelect;

const orderNotFound = () => notFound('This order');
/** More orders than a furniture buyer ever places; keeps the list call bounded all the same. */
const USER_ORDERS_MAX = 500;

type EventRow = typeof orderEvents.$inferSelect;

/** Moves the payment code makes by itself: their stored notes are for the owner, the buyer's pages describe the step. */
const SYSTEM_MOVES: readonly string[] = ['pending', 'paid'];

/** An event's stage: its own, or for events older than stages its status. */
const stageOf = (e: EventRow): OrderStage => e.stage ?? e.status;

/**
 * The timeline as the buyer (or anyone tracking the order) sees it: each move once, with the owner's
 * own words and photos for the moves the owner made, and without the owner-only notes (payment ids, refunds
 * due, amount checks) the payment code records.
 */
function buyerTimeline(events: EventRow[], photosOf: (eventId: number) => string[]): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  let current: string | null = null;
  for (const e of events) {
    const stage = stageOf(e);
    // A step after the sale (a cancellation asked or answered, a return, a refund) is its own line, made from its facts.
    const afterSale = afterSaleSentence(e.kind, e.data);
    if (afterSale) {
      out.push({ status: e.status, stage, at: e.createdAt.toISOString(), note: afterSale, photos: [] });
      continue;
    }
    if (stage === current) continue; // a note without a move
    current = stage;
    const status = e.status;
    let note = SYSTEM_MOVES.includes(status) ? '' : e.note;
    // A payment that could not buy the order: the buyer reads why, made from the event's facts (the stored note is the owner's).
    const refusal = e.kind === 'payment_refused' ? e.data.refusal : undefined;
    if (status === 'cancelled' && refusal)
      note =
        refusal.reason === 'unserved'
          ? `Cancelled: we do not deliver to pincode ${refusal.pincode}. Your payment will be refunded in full.`
          : 'Cancelled: an item sold out while you were paying. Your payment will be refunded in full.';
    out.push({ status, stage, at: e.createdAt.toISOString(), note, photos: photosOf(e.id) });
  }
  return out;
}

/**
 * An order, as against an attempt to pay for one (decision 0045): money was received for it (a payment of the
 * ledger, even one given back since), or it owes nothing and was never unpaid (a ₹0 replacement). An attempt
 * never paid, open, expired or closed, is no order: the buyer never sees it, the owner finds it under
 * "Awaiting payment" or "Expired".
 */
const placed = () =>
  or(
    // Named in full: inside a select list drizzle writes a single table's columns unqualified.
    sql`exists (select 1 from ${charges} c where c.order_id = "orders"."id")`,
    and(eq(orders.totalPaise, 0), notInArray(orders.status, [...UNPAID_STATUSES])),
  )!;

function viewCondition(view: AdminOrderView): SQL | undefined {
  if (view === 'all') return undefined;
  if (view === 'paid') return placed();
  // An attempt closed unpaid (cancelled before any payment) is with the expired ones.
  if (view === 'expired') return or(eq(orders.status, 'expired'), and(eq(orders.status, 'cancelled'), not(placed())));
  return eq(orders.status, view);
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const term = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(orders.number, term), ilike(orders.email, term));
}

/** Today's date in India (YYYY-MM-DD), the shop's calendar. */
function indiaToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/**
 * The stage a move asks for: the stage named, or for clients that know only statuses the next stage with
 * that status (the first workshop stage for in_production). A status no next stage has is answered by the
 * table's refusal for the stage it stands for.
 */
function targetOf(from: OrderStage, madeToOrder: boolean, input: { stage?: OrderStage; status?: OrderStatus }): OrderStage {
  if (input.stage) return input.stage;
  const status = input.status!;
  const next = nextStages(from, madeToOrder).find((s) => ORDER_FLOW[s].status === status && ORDER_FLOW[from].status !== status);
  if (next) return next;
  if (ORDER_FLOW[from].status === status) return from;
  return status === 'in_production' ? 'design_signoff' : status;
}

/** An order's money as the API answers it, from its summary and payments (decision 0045). */
function amountsOf(money: { summary: MoneySummary; payments: PaymentRow[] } | undefined) {
  const s = money?.summary;
  return {
    amount_paid: paiseToRupees((s?.receivedPaise ?? 0) - (s?.refundedPaise ?? 0)),
    balance_due: paiseToRupees(s?.duePaise ?? 0),
    financial_status: s?.financialStatus ?? ('pending' as const),
    amount_refunded: paiseToRupees(s?.refundedPaise ?? 0),
    refundable: paiseToRupees(s?.refundablePaise ?? 0),
    payments: (money?.payments ?? []).map((p) => ({
      kind: p.purpose,
      amount: paiseToRupees(p.amountPaise),
      refunded: paiseToRupees(p.refundedPaise),
      refundable: paiseToRupees(p.amountPaise - p.refundedPaise),
      status:
        p.refundedPaise === 0 ? ('captured' as const) : p.refundedPaise >= p.amountPaise ? ('refunded' as const) : ('partially_refunded' as const),
      duplicate: p.duplicate,
      provider_order_id: p.providerOrderId,
      provider_payment_id: p.providerPaymentId,
      razorpay_order_id: p.providerOrderId,
      razorpay_payment_id: p.providerPaymentId,
      paid_at: p.createdAt.toISOString(),
    })),
  };
}

export function createOrdersService(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  log: (err: unknown) => void = () => {},
  stockChanged: () => void = () => {},
  /** Asks the payment provider for the refunds written down for an order (checkout's refunder). */
  refundOrder: (orderId: number) => Promise<void> = async () => {},
  /** An order above this value is shipped only with its e-way bill number (CGST Rule 138, decision 0049). */
  ewayBillThresholdPaise = 5_000_000,
) {
  async function present(rows: OrderRow[], view: 'buyer' | 'admin' = 'buyer'): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [items, events, refundRows, photoRows, kinds, paid, documents] = await Promise.all([
      db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
      db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
      db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.id)),
      db.select().from(orderPhotos).where(inArray(orderPhotos.orderId, ids)).orderBy(asc(orderPhotos.eventId), asc(orderPhotos.position)),
      madeToOrderOf(ids),
      summariesOf(db, rows),
      documentsOf(db, ids),
    ]);
    const photosOf = (eventId: number) => photoRows.filter((p) => p.eventId === eventId).map((p) => p.image);
    return rows.map((row) => {
      const lines: OrderItem[] = items
        .filter((i) => i.orderId === row.id)
        .map((i) => ({
          id: i.id,
          product: {
            id: i.productId,
            name: i.productName,
            slug: i.productSlug,
            images: i.productImage ? [{ image: i.productImage }] : [],
            price: paiseToRupees(i.unitPricePaise),
          },
          quantity: i.quantity,
          finish: i.finish,
          unit_price: paiseToDecimal(i.unitPricePaise),
          total: paiseToDecimal(i.totalPaise),
        }));
      const own = events.filter((e) => e.orderId === row.id);
      const timeline: TimelineEntry[] =
        view === 'admin'
          ? own.map((e) => ({
              status: e.status,
              stage: stageOf(e),
              at: e.createdAt.toISOString(),
              note: e.note,
              photos: photosOf(e.id),
            }))
          : buyerTimeline(own, photosOf);
      return {
        id: row.id,
        number: row.number,
        created_at: row.createdAt.toISOString(),
        paid_at: row.paidAt?.toISOString() ?? null,
        status: row.status,
        payment_status: row.paymentStatus,
        total_amount: paiseToDecimal(row.totalPaise),
        subtotal_amount: paiseToDecimal(row.subtotalPaise),
        shipping_amount: paiseToDecimal(row.shippingPaise),
        shipping_method: row.shippingMethod,
        razorpay_order_id: row.providerOrderId,
        tracking_number: row.trackingNumber,
        carrier: row.carrier,
        tracking_url: row.trackingUrl,
        eway_bill_number: row.ewayBillNumber,
        payment_method: row.paymentMethod && row.provider ? paymentMethodOf(row.provider, row.paymentMethod, row.cardNetwork, row.cardLast4) : null,
        refunds: refundRows
          .filter((r) => r.orderId === row.id)
          .map((r) => ({
            amount: paiseToDecimal(r.amountPaise),
            status: r.status === 'processed' || r.status === 'failed' ? r.status : ('pending' as const),
            provider_refund_id: r.providerRefundId,
            razorpay_payment_id: r.providerPaymentId,
            created_at: r.createdAt.toISOString(),
            // Why a failed refund was not made (the provider's refusal, or its last error): the owner's only.
            ...(view === 'admin' ? { error: r.status === 'failed' ? r.lastError : null } : {}),
          })),
        address: row.address ?? null,
        items: lines,
        cart: { items: lines },
        stage: row.stage ?? row.status,
        made_to_order: kinds.get(row.id) ?? true,
        timeline,
        expected_delivery: expectedDelivery(row),
        delivery_window: promisedWindow(row),
        delivery_pincode: row.deliveryPincode,
        ...amountsOf(paid.get(row.id)),
        documents: documents.get(row.id) ?? [],
      };
    });
  }

  /** Which of these orders hold a piece made to order (a piece gone from the catalogue counts as one). */
  async function madeToOrderOf(ids: number[]): Promise<Map<number, boolean>> {
    const rows = await db
      .select({
        orderId: orderItems.orderId,
        made: sql<boolean>`bool_or(${products.id} is null or ${products.stockKind} = 'made_to_order')`,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, ids))
      .groupBy(orderItems.orderId);
    return new Map(rows.map((r) => [r.orderId, Boolean(r.made)]));
  }

  async function presentAdmin(rows: OrderRow[]): Promise<AdminOrder[]> {
    const [base, kept] = await Promise.all([
      present(rows, 'admin'),
      keptPaymentIds(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    const userRows = rows.length
      ? await db
          .select({ id: users.id, username: users.username, email: users.email })
          .from(users)
          .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))]))
      : [];
    const today = istDate(new Date());
    return base.map((o, i) => {
      const row = rows[i]!;
      const user = userRows.find((u) => u.id === row.userId) ?? { id: row.userId, username: '', email: row.email };
      // Only a confirmed payment marks an order paid: the owner never moves it there.
      const next = nextStages(o.stage, o.made_to_order).filter((s) => s !== 'paid');
      return {
        ...o,
        email: row.email,
        user,
        provider: row.provider,
        razorpay_payment_id: kept.get(row.id) ?? null,
        next_statuses: [...new Set(next.map((s) => ORDER_FLOW[s].status))],
        next_stages: next,
        expected_revision:
          row.expectedFrom && row.expectedTo && row.expectedReason
            ? { from: row.expectedFrom, to: row.expectedTo, reason: row.expectedReason, at: (row.expectedRevisedAt ?? row.updatedAt).toISOString() }
            : null,
        late: isLate(row, today),
      };
    });
  }

  /** An order from a quote reached ready to dispatch with its balance due: the buyer is asked for it (decision 0039). */
  async function requestBalance(row: OrderRow) {
    const due = (await summaryOf(db, row)).summary.duePaise;
    if (due <= 0) return;
    const amount = formatPaise(due, { decimals: 'always' });
    await db.insert(orderEvents).values({
      orderId: row.id,
      status: 'ready_to_dispatch',
      stage: 'ready_to_dispatch',
      kind: 'balance_requested',
      data: { amount_paise: due },
      note: `The buyer was asked for the balance of ${amount}; the order is dispatched once it is paid.`,
    });
    await mailer
      .send({
        to: row.email,
        subject: `Your order ${row.number} is ready: the balance of ${amount} is due`,
        text: [
          'Hello,',
          '',
          `Your Teakwood Studio order ${row.number} is made and ready to dispatch. The balance of ${amount} is due before it leaves the workshop.`,
          '',
          `Pay the balance at ${publicUrl}/orderdetails?id=${row.id}`,
        ].join('\n'),
      })
      .catch((err: unknown) => log(err));
  }

  async function one(where: SQL | undefined): Promise<OrderRow> {
    const [row] = await db.select().from(orders).where(where);
    if (!row) throw orderNotFound();
    return row;
  }

  return {
    present,

    /** The buyer's order for "Order confirmed!": an attempt never paid is not found there. */
    async getPlacedForUser(userId: number, id: number): Promise<Order> {
      const [order] = await present([await one(and(eq(orders.id, id), eq(orders.userId, userId), placed()))]);
      return order!;
    },

    async getForUser(userId: number, id: number): Promise<Order> {
      const [order] = await present([await one(and(eq(orders.id, id), eq(orders.userId, userId)))]);
      return order!;
    },

    /** Orders the buyer placed (paid or later); unpaid attempts (open or expired) are not orders from their side. */
    async listForUser(userId: number): Promise<Order[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), placed()))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(USER_ORDERS_MAX);
      return present(rows);
    },

    async track(number: string, email: string): Promise<TrackedOrder> {
      const [row] = await db.select().from(orders).where(eq(orders.number, number.trim().toUpperCase()));
      const addressEmail = row?.address?.email.toLowerCase();
      const given = email.trim().toLowerCase();
      if (!row || UNPAID_STATUSES.includes(row.status) || (row.email.toLowerCase() !== given && addressEmail !== given)) throw orderNotFound();
      const [order] = await present([row]);
      return {
        number: order!.number,
        created_at: order!.created_at,
        status: order!.status,
        shipping_method: order!.shipping_method,
        tracking_number: order!.tracking_number,
        carrier: order!.carrier,
        tracking_url: order!.tracking_url,
        total_amount: order!.total_amount,
        items: order!.items.map((i) => ({ name: i.product.name, quantity: i.quantity, finish: i.finish })),
        stage: order!.stage,
        made_to_order: order!.made_to_order,
        timeline: order!.timeline,
        expected_delivery: order!.expected_delivery,
        delivery_window: order!.delivery_window,
      };
    },

    /**
     * The owner's list: by default the orders that were paid (whatever happened next); payment attempts
     * still open and expired ones are their own views, so they never crowd out the orders to make.
     */
    async adminList(query: { view?: AdminOrderView; status?: OrderStatus; search?: string }): Promise<AdminOrder[]> {
      const conditions: SQL[] = [];
      const inView = viewCondition(query.view ?? 'paid');
      if (inView) conditions.push(inView);
      if (query.status) conditions.push(eq(orders.status, query.status));
      const matching = searchCondition(query.search);
      if (matching) conditions.push(matching);
      const rows = await db
        .select()
        .from(orders)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(200);
      return presentAdmin(rows);
    },

    /** How many orders each view of the list holds, with the same search. */
    async adminCounts(query: { search?: string }): Promise<AdminOrderCounts> {
      const of = (view: AdminOrderView) => sql<number>`(count(*) filter (where ${viewCondition(view)}))::int`;
      const [row] = await db
        .select({ paid: of('paid'), pending: of('pending'), expired: of('expired'), all: sql<number>`count(*)::int` })
        .from(orders)
        .where(searchCondition(query.search));
      return { paid: Number(row?.paid ?? 0), pending: Number(row?.pending ?? 0), expired: Number(row?.expired ?? 0), all: Number(row?.all ?? 0) };
    },

    async adminGet(id: number): Promise<AdminOrder> {
      const [order] = await presentAdmin([await one(eq(orders.id, id))]);
      return order!;
    },

    /**
     * Moves an order to a stage (or, for clients that know only statuses, to the next stage with that status):
     * forward one stage at a time, or cancelled while that is still possible. The owner's note and photos
     * (already stored, `photos`) go with the move; the buyer gets one e-mail.
     */
    async adminSetStatus(
      id: number,
      input: {
        stage?: OrderStage;
        status?: OrderStatus;
        note?: string;
        carrier?: string;
        tracking_number?: string;
        tracking_url?: string;
        eway_bill_number?: string;
      },
      photos: string[] = [],
    ): Promise<AdminOrder> {
      const row = await one(eq(orders.id, id));
      const from = row.stage ?? row.status;
      const madeToOrder = await isMadeToOrder(db, id);
      const to = targetOf(from, madeToOrder, input);
      if (to === 'paid') throw conflict('Only a confirmed payment marks an order paid.');
      const note = input.note ?? '';
      const refund = to === 'cancelled' && REFUNDABLE_STATUSES.includes(row.status);
      // Goods of this value travel with an e-way bill (CGST Rule 138): its number is asked for on dispatch.
      if (to === 'shipped' && row.paymentStatus !== 'part_paid' && row.totalPaise > ewayBillThresholdPaise && !input.eway_bill_number) {
        // Told with the shipment's other missing fields, so that the owner fills them all at once.
        const errors: Record<string, string[]> = { eway_bill_number: [SHIPMENT_MESSAGES.eway_bill_required] };
        if (!input.carrier?.trim()) errors.carrier = [SHIPMENT_MESSAGES.carrier];
        if (!input.tracking_number?.trim()) errors.tracking_number = [SHIPMENT_MESSAGES.tracking_number];
        throw invalid(errors, errors.carrier || errors.tracking_number ? SHIPMENT_MESSAGES.detail : SHIPMENT_MESSAGES.eway_bill_required);
      }
      const moved = await db.transaction(async (tx) => {
        // The shipment's details travel with the move to shipped (which requires them); later moves keep them.
        const shipment =
          to === 'shipped'
            ? {
                carrier: input.carrier,
                trackingNumber: input.tracking_number,
                trackingUrl: input.tracking_url ?? null,
                ewayBillNumber: input.eway_bill_number ?? null,
              }
            : {};
        const eventId = await recordMove(tx, id, from, to, note, shipment);
        if (eventId === null) return false;
        if (photos.length > 0) await tx.insert(orderPhotos).values(photos.map((image, position) => ({ orderId: id, eventId, image, position })));
        if (refund) {
          // A cancelled paid order gives its pieces back to stock (orders placed before stock holds existed took
          // their counted lines without a hold) and its payment back to the buyer.
          await restockOrder(tx, id, row.expiresAt === null);
          // Every payment of the order is given back: the whole price, or an advance (and a balance) of a quote's order.
          const paid = await orderCharges(tx, id);
          const owed = paid.filter((c) => c.amountPaise > c.refundedPaise);
          for (const charge of owed)
            await recordRefund(tx, { orderId: id, paymentId: charge.providerPaymentId, reason: 'the shop cancelled the order' });
          // The payment the order was bought with (its first charge for the order or its advance), as the note names it.
          const kept = paid.find((c) => c.purpose === 'order' || c.purpose === 'advance')?.providerPaymentId;
          const given = owed.reduce((sum, c) => sum + c.amountPaise - c.refundedPaise, 0);
          await tx.insert(orderEvents).values({
            orderId: id,
            status: 'cancelled',
            stage: 'cancelled',
            kind: 'cancelled_paid',
            data: { payment_id: kept, amount_paise: given },
            note: `${owed.length > 1 ? `Payments ${owed.map((c) => c.providerPaymentId).join(', ')} are` : `Payment ${kept ?? ''} is`} refunded in full (${formatPaise(given, { decimals: 'always' })}) through the payment provider. The pieces went back to stock.`,
          });
        }
        return true;
      });
      if (!moved) throw conflict('This order was changed by someone else a moment ago. Reload it and try again.');
      if (to === 'ready_to_dispatch' && row.paymentStatus === 'part_paid') await requestBalance(row);
      if (refund) {
        stockChanged();
        await refundOrder(id).catch((err: unknown) => log(err));
      }
      await mailer
        .send({
          to: row.email,
          ...stageMail({
            number: row.number,
            stage: to,
            note,
            photos: photos.length,
            expected: expectedDelivery(row),
            shipment: { carrier: input.carrier, trackingNumber: input.tracking_number, trackingUrl: input.tracking_url },
            publicUrl,
          }),
        })
        // The move stands even when the mail fails; the failure is logged (and kept in the outbox).
        .catch((err: unknown) => log(err));
      return this.adminGet(id);
    },

    /**
     * The owner revises when the piece is expected at the buyer's door, with the reason the buyer is told
     * (by one e-mail); the owner's timeline keeps the revision.
     */
    async reviseExpectedDelivery(id: number, input: { from: string; to: string; reason: string }): Promise<AdminOrder> {
      const row = await one(eq(orders.id, id));
      const stage = row.stage ?? row.status;
      if (!awaitsDelivery(stage)) throw conflict(`An order that is ${ORDER_STAGE_LABELS[stage].toLowerCase()} has no delivery ahead of it to date.`);
      if (input.to < input.from) throw invalid({ to: ['The window must end on or after its first day.'] });
      if (input.from < indiaToday()) throw invalid({ from: ['The new window cannot start in the past.'] });
      const window = { from: input.from, to: input.to };
      const changed = await db.transaction(async (tx) => {
        const updated = await tx
          .update(orders)
          .set({ expectedFrom: input.from, expectedTo: input.to, expectedReason: input.reason, expectedRevisedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(orders.id, id), sql`${currentStage} = ${stage}`))
          .returning({ id: orders.id });
        if (updated.length === 0) return false;
        await tx
          .insert(orderEvents)
          .values({ orderId: id, status: row.status, stage, note: `Expected delivery revised to ${windowText(window)}: ${input.reason}` });
        return true;
      });
      if (!changed) throw conflict('This order was changed by someone else a moment ago. Reload it and try again.');
      await mailer
        .send({
          to: row.email,
          subject: `Your order ${row.number}: a new expected delivery date`,
          text: [
            'Hello,',
            '',
            `We now expect your Teakwood Studio order ${row.number} to reach you on ${windowText(window)}.`,
            input.reason,
            '',
            `Follow your order at ${publicUrl}/orderstatus?number=${encodeURIComponent(row.number)}`,
          ].join('\n'),
        })
        .catch((err: unknown) => log(err));
      return this.adminGet(id);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
