import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { PAYMENT_FLOW, paymentMovesTo, type PaymentStatus } from '../../../contract/money';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema';

/** Columns of the order that travel with a payment move (a captured payment brings its method and address; its id is its charge's). */
export type PaymentChanges = Partial<
  Pick<
    typeof orders.$inferInsert,
    'address' | 'deliveryFrom' | 'deliveryTo' | 'deliveryPincode' | 'paymentMethod' | 'cardNetwork' | 'cardLast4' | 'paidAt'
  >
>;

/**
 * The one way an order's payment status changes (decision 0037): a move PAYMENT_FLOW allows, applied only while
 * the order's payment is still at a status that may make it (so racing callers move it once), with the columns
 * that travel with it and any further condition the order must meet. Answers the order's status when it moved,
 * or null when nothing moved (another caller was first, or the table forbids it).
 */
export async function movePayment(
  db: Db | Tx,
  orderId: number,
  to: PaymentStatus,
  options: { from?: readonly PaymentStatus[]; changes?: PaymentChanges; onlyIf?: SQL } = {},
): Promise<{ status: (typeof orders.$inferSelect)['status'] } | null> {
  const allowed = paymentMovesTo(to).filter((s) => !options.from || options.from.includes(s));
  if (allowed.length === 0) return null;
  const [moved] = await db
    .update(orders)
    .set({ ...options.changes, paymentStatus: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.paymentStatus, allowed), options.onlyIf))
    .returning({ status: orders.status });
  return moved ?? null;
}

/** Whether the table lets a payment at `from` become `to`. */
export const canMovePayment = (from: PaymentStatus, to: PaymentStatus) => PAYMENT_FLOW[from].includes(to);
