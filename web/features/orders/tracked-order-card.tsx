import type { TrackedOrder } from '../../../contract/orders';
import { OrderStatusBadge } from './order-status-badge';
import { orderDate, orderMoney, shippingLabel } from './order-format';
import { OrderTimeline } from './order-timeline';

/** What the tracking page shows of an order: no address and no payment details, only its progress. */
export function TrackedOrderCard({ order }: { order: TrackedOrder }) {
  return (
    <article aria-labelledby="tracked-order-title" className="mt-8 rounded-3xl bg-white p-6 ring-1 ring-teak-200/60 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tracked-order-title" className="font-sans text-base font-semibold text-teak-900">
          Order #{order.number}
        </h2>
        <OrderStatusBadge status={order.status} stage={order.stage} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-teak-800">
        <div className="flex gap-1.5">
          <dt>Placed on</dt>
          <dd className="font-medium text-teak-900">{orderDate(order.created_at)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt>Delivery</dt>
          <dd className="font-medium text-teak-900">{shippingLabel(order.shipping_method)}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt>Total</dt>
          <dd className="font-medium text-teak-900">{orderMoney(order.total_amount)}</dd>
        </div>
        {order.carrier ? (
          <div className="flex gap-1.5">
            <dt>Carrier</dt>
            <dd className="font-medium text-teak-900">{order.carrier}</dd>
          </div>
        ) : null}
        {order.tracking_number ? (
          <div className="flex gap-1.5">
            <dt>Tracking number</dt>
            <dd className="font-mono font-semibold break-all text-teak-900">{order.tracking_number}</dd>
          </div>
        ) : null}
      </dl>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Items">
        {order.items.map((item, i) => (
          <li key={`${item.name}-${i}`} className="rounded-full bg-teak-50 px-3 py-1 text-sm text-teak-800 ring-1 ring-teak-200/60">
            {item.quantity} × {item.name}
            {item.finish ? <span className="text-teak-600"> · {item.finish}</span> : null}
          </li>
        ))}
      </ul>
      <div className="mt-8">
        <OrderTimeline
          status={order.status}
          stage={order.stage}
          madeToOrder={order.made_to_order}
          expected={order.expected_delivery}
          timeline={order.timeline}
          shipment={{ carrier: order.carrier, trackingNumber: order.tracking_number, trackingUrl: order.tracking_url }}
        />
      </div>
      <p className="mt-8 border-t border-teak-200/70 pt-5 text-sm text-teak-700">
        {order.made_to_order
          ? 'Your piece is made for you in our Chennai workshop: we write to you at each stage. Our team will call before arriving.'
          : 'We dispatch within 1–6 days of confirmation and deliver within a maximum of 12 working days. Our team will call before arriving.'}
      </p>
    </article>
  );
}
