import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_FLOW,
  ORDER_STAGES,
  ORDER_STAGE_LABELS,
  SHIPMENT_MESSAGES,
  WORKSHOP_STAGES,
  nextStages,
  type OrderStage,
  type OrderStatus,
} from '../../../contract/orders';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orderItems, orders, products, stockHolds } from '../../db/schema';
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
function requirementsOf(to: OrderStage, changes: OrderUpdate): void {
  if (to !== 'shipped') return;
  const errors: FieldErrors = {};
  if (!changes.carrier?.trim()) errors.carrier = [SHIPMENT_MESSAGES.carrier];
  if (!changes.trackingNumber?.trim()) errors.tracking_number = [SHIPMENT_MESSAGES.tracking_number];
  if (Object.keys(errors).length > 0) throw invalid(errors, SHIPMENT_MESSAGES.detail);
}

/** Moves that end an unpaid order: the pieces held for its payment go back to stock. */
const RELEASING: readonly OrderStage[] = ['cancelled', 'expired'];

/** The stage an order is at: its stage, or for orders older than stages its status. */
export const currentStage = sql<OrderStage>`coalesce(${orders.stage}, ${orders.status})`;

export function canMove(from: OrderStage, to: OrderStage, madeToOrder: boolean): boolean {
  return nextStages(from, madeToOrder).includes(to);
}

const lower = (stage: OrderStage) => ORDER_STAGE_LABELS[stage].toLowerCase();
const rank = (stage: OrderStage) => ORDER_STAGES.indexOf(stage);

/** Why a move the table does not allow is refused, in a sentence the owner can act on. */
export function refusalOf(from: OrderStage, to: OrderStage, madeToOrder: boolean): string {
  const next = nextStages(from, madeToOrder).filter((s) => s !== 'cancelled');
  if (from === to) return `This order is already at ${lower(from)}.`;
  if (!madeToOrder && (WORKSHOP_STAGES as readonly OrderStage[]).includes(to))
    return `A ready-to-ship order skips the workshop: ${next.length ? `its next stage is ${lower(next[0]!)}` : `it is ${lower(from)}`}.`;
  if (to === 'cancelled' || next.length === 0 || ['pending', 'expired', 'paid'].includes(to))
    return `An order that is ${lower(from)} cannot become ${lower(to)}.`;
  if (rank(to) < rank(from)) return `An order never goes back: this one is at ${lower(from)}, past ${lower(to)}.`;
  return `An order cannot skip a stage: this one is at ${lower(from)}, and its next stage is ${lower(next[0]!)}, not ${lower(to)}.`;
}

/** Whether an order holds a piece made to order (a piece no longer in the catalogue counts as one): it goes through the workshop. */
export async function isMadeToOrder(db: Db | Tx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ made: sql<boolean>`coalesce(bool_or(${products.id} is null or ${products.stockKind} = 'made_to_order'), true)` })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  return row?.made ?? true;
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
 * The one way an order's stage (and with it its status) changes: a move the stage table allows, applied only
 * if the order is still where the caller saw it (so racing callers move it once), and recorded in the
 * timeline. Ending an unpaid order releases its stock holds in the same transaction.
 * Returns false when another caller moved the order first.
 */
export async function moveOrder(
  db: Db | Tx,
  orderId: number,
  from: OrderStage,
  to: OrderStage,
  note: string,
  changes: OrderUpdate = {},
  /** A further condition the order must still meet at the moment of the move (e.g. its hold ran out). */
  onlyIf?: SQL,
): Promise<boolean> {
  return (await recordMove(db, orderId, from, to, note, changes, onlyIf)) !== null;
}

/** `moveOrder`, answering the id of the move's timeline event (null when another caller moved the order first). */
export async function recordMove(
  db: Db | Tx,
  orderId: number,
  from: OrderStage,
  to: OrderStage,
  note: string,
  changes: OrderUpdate = {},
  /** A further condition the order must still meet at the moment of the move (e.g. its hold ran out). */
  onlyIf?: SQL,
): Promise<number | null> {
  // Only the stages with a road of their own for ready-to-ship orders need to know what the order holds.
  const madeToOrder = ORDER_FLOW[from].nextReadyToShip ? await isMadeToOrder(db, orderId) : true;
  if (!canMove(from, to, madeToOrder)) throw conflict(refusalOf(from, to, madeToOrder));
  requirementsOf(to, changes);
  const status = ORDER_FLOW[to].status;
  const moved = await db
    .update(orders)
    .set({ ...changes, status, stage: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), sql`${currentStage} = ${from}`, onlyIf))
    .returning({ id: orders.id });
  if (moved.length === 0) return null;
  const [event] = await db.insert(orderEvents).values({ orderId, status, stage: to, note }).returning({ id: orderEvents.id });
  if (RELEASING.includes(to)) await releaseHolds(db, orderId);
  return event!.id;
}

/** A note for the owner in the timeline without a move (e.g. a refund made through the provider), at the order's stage. */
export async function noteOrder(db: Db | Tx, orderId: number, status: OrderStatus, note: string): Promise<void> {
  const [row] = await db.select({ stage: currentStage, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  await db.insert(orderEvents).values({ orderId, status, stage: row && row.status === status ? row.stage : status, note });
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
