import type { DeliveryEstimate } from '../../../contract/delivery';
import { deliveryMessage, deliveryWindowText, expressNotOfferedText } from '../../../contract/delivery-text';
import { formatRupees } from '../../../contract/format';

const arrives = (from: string, to: string) =>
  from === to ? `Arrives ${deliveryWindowText(from, to)}` : `Arrives between ${deliveryWindowText(from, to)}`;

/**
 * The delivery methods to a served pincode, side by side: Standard's dates and price beside Express's, and that
 * Express shortens only the journey. Where Express would not bring the piece materially sooner (decision 0040),
 * Standard alone, with the sentence saying why.
 */
export function DeliveryChoices({ estimate, compact = false }: { estimate: DeliveryEstimate; compact?: boolean }) {
  // The product page says the whole sentence; the checkout's summary, which says it under the charge, the dates.
  const when = (from: string, to: string) => (compact ? arrives(from, to) : deliveryMessage(estimate.pincode, estimate.city ?? '', from, to));
  // The server says which methods it offers here (decision 0046); only those are shown.
  const methods = estimate.methods.filter((m) => m.offered);
  const offered = methods.some((m) => m.code === 'express');
  const why = offered ? null : expressNotOfferedText(estimate.methods);
  return (
    <div>
      <ul className={`grid gap-2 ${methods.length > 1 ? 'grid-cols-2' : ''}`} aria-label="Delivery methods">
        {methods.map((m) => (
          <li key={m.code} className={`rounded-xl px-3 py-2 ${compact ? 'bg-white ring-1 ring-teak-200/70' : 'bg-sand'}`}>
            <p className="flex flex-wrap justify-between gap-x-3 font-semibold text-teak-900">
              <span>{m.name}</span>
              <span>{formatRupees(m.price)}</span>
            </p>
            <p className="text-teak-800">{when(m.date_from, m.date_to)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-teak-700">
        {why ??
          (offered && methods.length > 1 ? 'Express shortens only the journey from our workshop; the making and dispatch take the same time.' : null)}
      </p>
    </div>
  );
}
