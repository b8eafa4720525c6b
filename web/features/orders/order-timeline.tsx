import {
  ORDER_STAGE_LABELS,
  orderRoad,
  type ExpectedDelivery,
  type OrderStage,
  type OrderStatus,
  type TimelineEntry,
} from '../../../contract/orders';
import { Picture } from '../../components/ui/picture';
import { deliveryWindow, orderDateTime } from './order-format';

/** What each step means to the buyer, when the owner added no words of their own. */
const DESCRIPTIONS: Record<OrderStage, string> = {
  pending: 'We are waiting for your payment to be confirmed.',
  expired: 'The payment was not completed in time, so the pieces held for it went back to the shop.',
  paid: 'Payment received; your order is confirmed.',
  in_production: 'Our craftsmen are making your furniture.',
  design_signoff: 'Drawings, measurements and finish agreed with you.',
  timber_selection: 'Our craftsmen choose the teak boards for your piece.',
  joinery: 'Cut and joined by hand in our Chennai workshop.',
  finishing: 'Sanded, finished and polished to the finish you chose.',
  quality_check: 'Every joint, surface and fitting inspected.',
  ready_to_dispatch: 'Finished, inspected and packed for the journey.',
  shipped: 'On its way to you with our delivery partner.',
  delivered: 'Delivered to your home.',
  installed: 'Installed in your home by our team. Enjoy!',
  cancelled: 'This order was cancelled.',
};

interface TimelineProps {
  status: OrderStatus;
  stage: OrderStage;
  madeToOrder: boolean;
  timeline: TimelineEntry[];
  expected: ExpectedDelivery;
  /** The parcel's carrier, tracking number and (when the owner gave one) the carrier's tracking page. */
  shipment: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };
}

/**
 * Every step of the order's road (the workshop's stages for a piece made to order), reached ones with their
 * time, the owner's note and photos, the rest still to come; the current step is marked for assistive
 * technology too. A cancelled order shows where it stopped.
 */
export function OrderTimeline({ status, stage, madeToOrder, timeline, expected, shipment }: TimelineProps) {
  const reached = new Map<OrderStage, TimelineEntry>();
  for (const entry of timeline) reached.set(entry.stage, entry);
  const road = orderRoad(madeToOrder, [...reached.keys(), stage]);
  const cancelled = stage === 'cancelled';
  const steps: OrderStage[] = cancelled ? [...road.filter((s) => reached.has(s)), 'cancelled'] : status === 'pending' ? ['pending', ...road] : road;
  const currentIndex = steps.indexOf(stage);
  const ahead = !cancelled && !['delivered', 'installed', 'pending', 'expired'].includes(stage);

  return (
    <div>
      {expected && ahead ? (
        <p className="mb-6 rounded-2xl bg-teak-50 px-4 py-3 text-sm text-teak-900 ring-1 ring-teak-200/60">
          <span className="font-semibold">Expected delivery: </span>
          {deliveryWindow(expected)}
        </p>
      ) : null}
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
              <div className={`min-w-0 flex-1 pt-0.5 ${current && step !== 'cancelled' ? '-mx-2 -mt-1 rounded-2xl bg-teak-50 px-2 py-1' : ''}`}>
                <p className={`font-semibold ${done ? 'text-teak-900' : 'text-teak-500'}`}>
                  {ORDER_STAGE_LABELS[step]}
                  <span className="sr-only">{done ? (current ? ' (current step)' : ' (done)') : ' (to come)'}</span>
                </p>
                {entry ? (
                  <p className="text-xs text-teak-600">
                    <time dateTime={entry.at}>{orderDateTime(entry.at)}</time>
                  </p>
                ) : null}
                <p className={`mt-0.5 text-sm ${done ? 'text-teak-800' : 'text-teak-500'}`}>{DESCRIPTIONS[step]}</p>
                {entry?.note ? <p className="mt-1 text-sm break-words text-teak-900">{entry.note}</p> : null}
                {step === 'shipped' && done && shipment.trackingNumber ? (
                  <p className="mt-1 text-sm break-words text-teak-900">
                    {shipment.carrier ? `${shipment.carrier}, tracking number ` : 'Tracking number: '}
                    <span className="font-mono font-semibold">{shipment.trackingNumber}</span>
                    {shipment.trackingUrl ? (
                      <>
                        {' · '}
                        <a
                          href={shipment.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="font-semibold underline underline-offset-4"
                        >
                          Track the parcel
                        </a>
                      </>
                    ) : null}
                  </p>
                ) : null}
                {entry && entry.photos.length > 0 ? <StagePhotos stage={step} photos={entry.photos} /> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** The workshop's photos of a step: thumbnails, each opening the whole photo. */
function StagePhotos({ stage, photos }: { stage: OrderStage; photos: string[] }) {
  const label = ORDER_STAGE_LABELS[stage];
  return (
    <ul className="mt-2 grid grid-cols-3 gap-2 sm:max-w-md" aria-label={`Photos: ${label}`}>
      {photos.map((photo, i) => (
        <li key={photo}>
          <a href={photo} target="_blank" rel="noopener" className="block overflow-hidden rounded-xl ring-1 ring-teak-200/70 focus-visible:outline-3">
            <Picture
              src={photo}
              alt={`${label}: workshop photo ${i + 1} of ${photos.length}`}
              sizes="(min-width: 640px) 9rem, 30vw"
              className="aspect-square h-auto w-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
