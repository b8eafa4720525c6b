import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { REFUND_DUE_DAYS, RETURN_WINDOW_DAYS, rupeesText } from '../../../contract/after-sale';
import { istDate } from '../../../contract/india';
import { formatDay } from '../../../contract/format';
import { paiseToRupees, type OrderEventData, type OrderEventKind } from '../../../contract/money';
import type { Refund } from '../../../contract/after-sale';
import type { Db, Tx } from '../../db/client';
import { categories, invoices, orderEvents, orderItems, orders, products, refunds } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import * as money from '../money/money.service';
import * as orders_ from '../orders/orders.service';
import * as stock from '../stock/stock.service';

/**
 * What the after-sale steps share (decision 0038): the database, the modules they call (money for refunds as
 * rows of the ledger, stock for pieces going back, orders for moves and the timeline), and the mails.
 */
export const modules = { money, orders: orders_, stock };

export type OrderRow = typeof orders.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

export interface AfterSaleDeps {
  mailer: Mailer;
  shopEmail: string;
  publicUrl: string;
  log: (err: unknown) => void;
  /** Stock moved: cached catalogue reads must be refreshed. */
  stockChanged: () => void;
  /** Asks the payment provider for the refunds written down for an order (the money module's refunder). */
  refundOrder: (orderId: number) => Promise<void>;
}

const DAY_MS = 86_400_000;
export const refundDueAt = (from = new Date()) => new Date(from.getTime() + REFUND_DUE_DAYS * DAY_MS);
export const dueOn = (at: Date | null) => (at ? istDate(at) : null);

export function createAfterSaleContext(db: Db, deps: AfterSaleDeps) {
  /** The buyer's own order, or 404 (another customer's order is not told apart from none). */
  async function ownOrder(db_: Db | Tx, userId: number, orderId: number): Promise<OrderRow> {
    const [row] = await db_
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!row) throw notFound('This order');
    return row;
  }

  async function anyOrder(db_: Db | Tx, orderId: number): Promise<OrderRow> {
    const [row] = await db_.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw notFound('This order');
    return row;
  }

  /** When the order reached delivered (its first move there), or null. */
  async function deliveredAt(db_: Db | Tx, orderId: number): Promise<Date | null> {
    const [row] = await db_
      .select({ at: sql<Date | string | null>`min(${orderEvents.createdAt})` })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')));
    return row?.at ? new Date(row.at) : null;
  }

  /** The last moment a problem may be reported (7 days after delivery), or null before delivery. */
  async function returnUntil(db_: Db | Tx, orderId: number): Promise<Date | null> {
    const at = await deliveredAt(db_, orderId);
    return at ? new Date(at.getTime() + RETURN_WINDOW_DAYS * DAY_MS) : null;
  }

  /** Whether none of the order's lines is furniture (HSN 9401 seats, 9403 furniture; a deleted piece counts as furniture). */
  async function nonFurniture(db_: Db | Tx, orderId: number): Promise<boolean> {
    const [row] = await db_
      .select({
        none: sql<boolean>`coalesce(bool_and(${categories.hsnCode} is not null and ${categories.hsnCode} not like '9401%' and ${categories.hsnCode} not like '9403%'), false)`,
      })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(orderItems.orderId, orderId));
    return row?.none ?? false;
  }

  /** What is left to refund of the order: every payment received less every refund, from its summary (decision 0045). */
  async function leftOf(db_: Db | Tx, order: OrderRow): Promise<number> {
    return (await money.summaryOf(db_, order)).summary.refundablePaise;
  }

  /** A step on the order's timeline, its sentence made from the facts by the pages; `note` is the owner's line. */
  const note = (tx: Db | Tx, orderId: number, kind: OrderEventKind, data: OrderEventData, line: string) =>
    orders_.noteOrder(tx, orderId, null, line, kind, data);

  /** Refunds as the API answers them; the provider's refusal only for the owner. */
  async function presentRefunds(rows: RefundRow[], owner = false): Promise<Refund[]> {
    if (rows.length === 0) return [];
    const noted = await db
      .select({ refundId: invoices.refundId })
      .from(invoices)
      .where(
        and(
          eq(invoices.kind, 'credit_note'),
          inArray(
            invoices.refundId,
            rows.map((r) => r.id),
          ),
        ),
      );
    const withNote = new Set(noted.map((n) => n.refundId));
    return rows.map((r) => ({
      id: r.id,
      amount: paiseToRupees(r.amountPaise),
      status: r.status === 'processed' || r.status === 'failed' ? r.status : 'pending',
      provider_refund_id: r.providerRefundId,
      note: r.note,
      created_at: r.createdAt.toISOString(),
      credit_note_url: withNote.has(r.id) ? `/api/orders/${r.orderId}/refunds/${r.id}/credit-note/` : null,
      ...(owner ? { error: r.status === 'failed' ? r.lastError : null } : {}),
    }));
  }

  async function refundsOf(orderId: number, where?: ReturnType<typeof eq>): Promise<RefundRow[]> {
    return db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), where))
      .orderBy(asc(refunds.id));
  }

  /** Sends a mail after the commit; a failure is logged (the outbox keeps it), the step stands. */
  function mail(to: string, subject: string, lines: (string | null)[]) {
    return deps.mailer.send({ to, subject, text: lines.filter((l) => l !== null).join('\n') }).catch((err: unknown) => deps.log(err));
  }

  const orderUrl = (order: OrderRow) => `${deps.publicUrl}/orderdetails#order-${order.number}`;
  const refundSentence = (paise: number, due: Date) =>
    `A refund of ${rupeesText(paise)} goes back to the account you paid from; it will reach you by ${formatDay(due)} at the latest.`;

  return {
    db,
    deps,
    ownOrder,
    anyOrder,
    deliveredAt,
    returnUntil,
    nonFurniture,
    leftOf,
    note,
    presentRefunds,
    refundsOf,
    mail,
    orderUrl,
    refundSentence,
  };
}

export type AfterSaleContext = ReturnType<typeof createAfterSaleContext>;
