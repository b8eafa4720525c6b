import { ORDER_STAGE_LABELS, ORDER_STATUS_LABELS, type OrderStage, type OrderStatus } from '../../../contract/orders';

const TONES: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-teak-100 text-teak-800',
  in_production: 'bg-teak-100 text-teak-800',
  ready_to_dispatch: 'bg-teak-100 text-teak-800',
  shipped: 'bg-leaf/10 text-leaf',
  delivered: 'bg-leaf text-white',
  cancelled: 'bg-red-100 text-red-800',
  expired: 'bg-teak-50 text-teak-700',
};

/** The order's status in its colour; with `stage`, the stage's own words (a workshop stage, installed). */
export function OrderStatusBadge({ status, stage }: { status: OrderStatus; stage?: OrderStage }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold tracking-wide ${TONES[status]}`}>
      {stage ? ORDER_STAGE_LABELS[stage] : ORDER_STATUS_LABELS[status]}
    </span>
  );
}
