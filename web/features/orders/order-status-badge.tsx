import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../contract/orders';

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

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-semibold tracking-wide ${TONES[status]}`}>{ORDER_STATUS_LABELS[status]}</span>
  );
}
