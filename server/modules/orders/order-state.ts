import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, SHIPMENT_MESSAGES, type OrderStatus } from '../../../contract/orders';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orders, products, stockHolds } from '../../db/schema';
import { conflict, invalid, type FieldErrors } from '../../lib/errors';

type OrderUpdate = Partial<
  Pick<
    typeof orders.$inferInsert,
    | 'paymentStatus'
    | 'providerPaymentId'
    | 'address'
    | 'paidAt'
    | 'trackingNumber'
    | 'carrier'
    | 'trackingUrl'
    | 'paymentMethod'
    | 'cardNetwork'
    | 'cardLast4'
  >
>;

/** What a move needs besides the table's permission: a shipped order carries its carrier and tracking number. */
function requirementsOf(to: OrderStatus, changes: OrderUpdate): void {
  if (to !== 'shipped') return;
  const errors: FieldErrors = {};
  if (!changes.carrier?.trim()) errors.carrier = [SHIPMENT_MESSAGES.carrier];
  if (!changes.trackingNumber?.trim()) errors.tracking_number = [SHIPMENT_MESSAGES.tracking_number];
  if (Object.keys(errors).length > 0) throw invalid(errors, SHIPMENT_MESSAGES.detail);
}

/** Moves that end an unpaid order: the pieces held for its payment go back to stock. */
const RELEASING: readonly OrderStatus[] = ['cancelled', 'expired'];

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Gives back the pieces still held for an order (cancelled, expired, or its payment failed or was
 * abandoned). Each hold is released once however many callers race; returns how many holds were released.
 */
export async function releaseHolds(db: Db | Tx, orderId: number): Promise<number> {
  const released = await db
    .update(stockHolds)
    .set({ state: 'released', updatedAt: new Date() })
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.state, 'held')))
    .returning({ productId: stockHolds.productId, quantity: stockHolds.quantity });
  // One product row at a time, in id order, so that two releases never wait on each other crosswise.
  for (const hold of released.sort((a, b) => a.productId - b.productId)) {
    await db
      .update(products)
      .set({ reservedQuantity: sql`${products.reservedQuantity} - ${hold.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, hold.productId));
  }
  return released.length;
}

/**
 * The one way an order's status changes: a move the transition table allows, applied only if the order
 * is still where the caller saw it (so racing callers move it once), and recorded in the timeline.
 * Ending an unpaid order releases its stock holds in the same transaction.
 * Returns false when another caller moved the order first.
 */
export async function moveOrder(
  db: Db | Tx,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  note: string,
  changes: OrderUpdate = {},
  /** A further condition the order must still meet at the moment of the move (e.g. its hold ran out). */
  onlyIf?: SQL,
): Promise<boolean> {
  if (!canMove(from, to))
    throw conflict(`An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[to].toLowerCase()}.`);
  requirementsOf(to, changes);
  const moved = await db
    .update(orders)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, from), onlyIf))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await db.insert(orderEvents).values({ orderId, status: to, note });
  if (RELEASING.includes(to)) await releaseHolds(db, orderId);
  return true;
}

/** A note for the owner in the timeline without a move (e.g. a refund made through the provider). */
export async function noteOrder(db: Db | Tx, orderId: number, status: OrderStatus, note: string): Promise<void> {
  await db.insert(orderEvents).values({ orderId, status, note });
}

/** The holds of an order, for presenting and tests. */
export function holdsOf(db: Db | Tx, orderId: number) {
  return db.select().from(stockHolds).where(eq(stockHolds.orderId, orderId)).orderBy(asc(stockHolds.productId));
}

/**
 * Pieces per product held for the pending orders of one cart: the buyer's own holds, which must not
 * stop that buyer (coming back to pay, changing the cart) as if someone else held them.
 */
export async function cartHolds(db: Db | Tx, cartId: number, productIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: stockHolds.productId, quantity: sql<number>`sum(${stockHolds.quantity})::int` })
    .from(stockHolds)
    .innerJoin(orders, eq(orders.id, stockHolds.orderId))
    .where(
      and(
        eq(orders.cartId, cartId),
        eq(orders.status, 'pending'),
        eq(stockHolds.state, 'held'),
        productIds ? inArray(stockHolds.productId, productIds.length > 0 ? productIds : [-1]) : undefined,
      ),
    )
    .groupBy(stockHolds.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.quantity)]));
}
