import { ORDER_STATUS_LABELS, type OrderStatus, type TimelineEntry } from '../../../contract/orders';
import { orderDateTime } from './order-format';

/** The road every order travels; a cancelled order stops where it was. */
const ROAD: OrderStatus[] = ['paid', 'in_production', 'ready_to_dispatch', 'shipped', 'delivered'];

const DESCRIPTIONS: Record<OrderStatus, string> = {
  pending: 'We are waiting for your payment to be confirmed.',
  paid: 'Payment received; your order is confirmed.',
  in_production: 'Our craftsmen are making your furniture.',
  ready_to_dispatch: 'Finished, inspected and packed for the journey.',
  shipped: 'On its way to you with our delivery partner.',
  delivered: 'Delivered and installed. Enjoy!',
  cancelled: 'This order was cancelled.',
  expired: 'The payment was not completed in time, so the pieces held for it went back to the shop.',
};

interface TimelineProps {
  status: OrderStatus;
  timeline: TimelineEntry[];
  /** The parcel's carrier, tracking number and (when the owner gave one) the carrier's tracking page. */
  shipment: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };
}

/**
 * Every step of the order's road, reached ones with their time and note from the order's history, the
 * rest still to come; a cancelled order shows where it stopped.
 */
export function OrderTimeline({ status, timeline, shipment }: TimelineProps) {
  const reached = new Map<OrderStatus, TimelineEntry>();
  for (const entry of timeline) reached.set(entry.status, entry);
  const cancelled = status === 'cancelled';
  const steps: OrderStatus[] = cancelled ? [...ROAD.filter((s) => reached.has(s)), 'cancelled'] : status === 'pending' ? ['pending', ...ROAD] : ROAD;
  const currentIndex = steps.indexOf(status);

  return (
    <ol className="relative space-y-0" aria-label="Order progress">
      {steps.map((step, i) => {
        const entry = reached.get(step);
        const done = i <= currentIndex;
        const current = i === currentIndex;
        const last = i === steps.length - 1;
        return (
          <li key={step} className="relative flex gap-4 pb-7 last:pb-0" aria-current={current ? 'step' : undefined}>
            {!last ? (
              <span
                aria-hidden
                className={`absolute top-7 left-[13px] h-[calc(100%-1.75rem)] w-0.5 ${i < currentIndex ? 'bg-teak-500' : 'bg-teak-200'}`}
              />
            ) : null}
            <span
              aria-hidden
              className={`relative z-10 grid h-7 w-7 shrink-0 place-items-center rounded-full text-xs font-bold ${
                step === 'cancelled' ? 'bg-red-600 text-white' : done ? 'bg-teak-600 text-white' : 'border-2 border-teak-200 bg-white text-teak-300'
              } ${current && step !== 'cancelled' ? 'ring-4 ring-teak-200' : ''}`}
            >
              {step === 'cancelled' ? '×' : done ? '✓' : ''}
            </span>
            <div className="min-w-0 pt-0.5">
              <p className={`font-semibold ${done ? 'text-teak-900' : 'text-teak-500'}`}>
                {ORDER_STATUS_LABELS[step]}
                <span className="sr-only">{done ? (current ? ' (current step)' : ' (done)') : ' (to come)'}</span>
              </p>
              <p className={`text-sm ${done ? 'text-teak-800' : 'text-teak-500'}`}>{entry?.note || DESCRIPTIONS[step]}</p>
              {step === 'shipped' && done && shipment.trackingNumber ? (
                <p className="mt-1 text-sm break-words text-teak-900">
                  {shipment.carrier ? `${shipment.carrier}, tracking number ` : 'Tracking number: '}
                  <span className="font-mono font-semibold">{shipment.trackingNumber}</span>
                  {shipment.trackingUrl ? (
                    <>
                      {' · '}
                      <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline underline-offset-4">
                        Track the parcel
                      </a>
                    </>
                  ) : null}
                </p>
              ) : null}
              {entry ? (
                <p className="mt-0.5 text-xs text-teak-600">
                  <time dateTime={entry.at}>{orderDateTime(entry.at)}</time>
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
