import { and, eq, sql, type SQL } from 'drizzle-orm';
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
import type { OrderEventData, OrderEventKind } from '../../../contract/money';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orderItems, orders, products } from '../../db/schema';
import { releaseHolds } from '../stock/stock.service';
import { conflict, invalid, type FieldErrors } from '../../lib/errors';

type OrderUpdate = Partial<Pick<typeof orders.$inferInsert, 'trackingNumber' | 'carrier' | 'trackingUrl' | 'ewayBillNumber'>>;

/** What a move needs besides the table's permission: a shipped order carries its carrier and tracking number. */
function requirementsOf(to: OrderStage, changes: OrderUpdate): void {
  if (to !== 'shipped') return;
  const errors: FieldErrors = {};
  if (!changes.carrier?.trim()) errors.carrier = [SHIPMENT_MESSAGES.carrier];
  if (!changes.trackingNumber?.trim()) errors.tracking_number = [SHIPMENT_MESSAGES.tracking_number];
  if (Object.keys(errors).length > 0) throw invalid(errors, SHIPMENT_MESSAGES.detail);
}

/** Why an order from a quote cannot leave the workshop yet. */
export const BALANCE_DUE_MESSAGE = 'The balance of this order is not paid yet: it is dispatched once the buyer has paid it.';

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
  data?: OrderEventData,
): Promise<boolean> {
  return (await recordMove(db, orderId, from, to, note, changes, onlyIf, data)) !== null;
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
  /** The facts of a move the payment code makes (why a payment could not buy the order). */
  data?: OrderEventData,
): Promise<number | null> {
  // Only the stages with a road of their own for ready-to-ship orders need to know what the order holds.
  const madeToOrder = ORDER_FLOW[from].nextReadyToShip ? await isMadeToOrder(db, orderId) : true;
  if (!canMove(from, to, madeToOrder)) throw conflict(refusalOf(from, to, madeToOrder));
  requirementsOf(to, changes);
  // An order from a quote whose balance is still due is not dispatched (decision 0039).
  const balanceDue = sql`${orders.paymentStatus} = 'part_paid'`;
  if (to === 'shipped') {
    const [due] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), balanceDue));
    if (due) throw conflict(BALANCE_DUE_MESSAGE);
  }
  const status = ORDER_FLOW[to].status;
  const moved = await db
    .update(orders)
    .set({ ...changes, status, stage: to, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), sql`${currentStage} = ${from}`, onlyIf, to === 'shipped' ? sql`not (${balanceDue})` : undefined))
    .returning({ id: orders.id });
  if (moved.length === 0) return null;
  const [event] = await db
    .insert(orderEvents)
    .values({ orderId, status, stage: to, note, kind: data ? 'payment_refused' : 'moved', data: data ?? {} })
    .returning({ id: orderEvents.id });
  if (RELEASING.includes(to)) await releaseHolds(db, orderId);
  return event!.id;
}

/**
 * A note in the timeline without a move (a payment received, a refund made), at the order's stage: its kind and
 * facts are data, its sentence for the owner is made from them by the caller. `status` null: the order's own.
 */
export async function noteOrder(
  db: Db | Tx,
  orderId: number,
  status: OrderStatus | null,
  note: string,
  kind: OrderEventKind = 'note',
  data: OrderEventData = {},
): Promise<void> {
  // One statement: the event takes the order's status (unless one is given) and its stage while at that status.
  const at = sql`coalesce(${status}::text, ${orders.status})`;
  await db.execute(sql`
    INSERT INTO ${orderEvents} (order_id, status, stage, note, kind, data)
    SELECT ${orders.id}, ${at}, CASE WHEN ${at} = ${orders.status} THEN ${currentStage} ELSE ${status}::text END,
           ${note}, ${kind}, ${JSON.stringify(data)}::jsonb
      FROM ${orders} WHERE ${orders.id} = ${orderId}`);
}
