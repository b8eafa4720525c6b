import { and, eq } from 'drizzle-orm';
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, SHIPMENT_MESSAGES, type OrderStatus } from '../../../contract/orders';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';
import { conflict, invalid, type FieldErrors } from '../../lib/errors';

type OrderUpdate = Partial<Pick<typeof orders.$inferInsert, 'paymentStatus' | 'providerPaymentId' | 'address' | 'paidAt' | 'trackingNumber' | 'carrier' | 'trackingUrl'>>;

/** What a move needs besides the table's permission: a shipped order carries its carrier and tracking number. */
function requirementsOf(to: OrderStatus, changes: OrderUpdate): void {
  if (to !== 'shipped') return;
  const errors: FieldErrors = {};
  if (!changes.carrier?.trim()) errors.carrier = [SHIPMENT_MESSAGES.carrier];
  if (!changes.trackingNumber?.trim()) errors.tracking_number = [SHIPMENT_MESSAGES.tracking_number];
  if (Object.keys(errors).length > 0) throw invalid(errors, SHIPMENT_MESSAGES.detail);
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * The one way an order's status changes: a move the transition table allows, applied only if the order
 * is still where the caller saw it (so racing callers move it once), and recorded in the timeline.
 * Returns false when another caller moved the order first.
 */
export async function moveOrder(
  db: Db | Tx,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  note: string,
  changes: OrderUpdate = {},
): Promise<boolean> {
  if (!canMove(from, to))
    throw conflict(`An order that is ${ORDER_STATUS_LABELS[from].toLowerCase()} cannot become ${ORDER_STATUS_LABELS[to].toLowerCase()}.`);
  requirementsOf(to, changes);
  const moved = await db
    .update(orders)
    .set({ ...changes, status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await db.insert(orderEvents).values({ orderId, status: to, note });
  return true;
}

/** A note for the owner in the timeline without a move (e.g. a payment that needs a refund). */
export async function noteOrder(db: Db | Tx, orderId: number, status: OrderStatus, note: string): Promise<void> {
  await db.insert(orderEvents).values({ orderId, status, note });
}
