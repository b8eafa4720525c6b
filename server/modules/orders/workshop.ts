import { ORDER_FLOW, ORDER_STAGE_LABELS, type ExpectedDelivery, type OrderStage } from '../../../contract/orders';
import type { DeliveryWindow } from '../../../contract/delivery';
import type { orders } from '../../db/schema';

type OrderRow = typeof orders.$inferSelect;

/**
 * When the piece is expected at the buyer's door: the owner's revision when there is one, otherwise the
 * window promised when the order was placed, otherwise not known. The one place that decides it (the
 * order API, tracking, pages and e-mails all read it here).
 */
export function expectedDelivery(row: Pick<OrderRow, 'expectedFrom' | 'expectedTo' | 'deliveryFrom' | 'deliveryTo'>): ExpectedDelivery {
  if (row.expectedFrom && row.expectedTo) return { from: row.expectedFrom, to: row.expectedTo };
  if (row.deliveryFrom && row.deliveryTo) return { from: row.deliveryFrom, to: row.deliveryTo };
  return null;
}

/** The window promised when the order was placed (null for orders placed without an address, or before windows). */
export function promisedWindow(row: Pick<OrderRow, 'deliveryFrom' | 'deliveryTo'>): DeliveryWindow {
  return row.deliveryFrom && row.deliveryTo ? { from: row.deliveryFrom, to: row.deliveryTo } : null;
}

/** An order still on its way whose expected delivery's last day has passed (India date `today`). */
export function isLate(row: Pick<OrderRow, 'status' | 'expectedFrom' | 'expectedTo' | 'deliveryFrom' | 'deliveryTo'>, today: string): boolean {
  const expected = expectedDelivery(row);
  if (!expected) return false;
  if (!['paid', 'in_production', 'ready_to_dispatch', 'shipped'].includes(row.status)) return false;
  return today > expected.to;
}

/** What each stage means to the buyer: the e-mail's and the timeline's words when the owner adds none. */
export const STAGE_DESCRIPTIONS: Record<OrderStage, string> = {
  pending: 'We are waiting for your payment to be confirmed.',
  expired: 'The payment was not completed in time, so the pieces held for it went back to the shop.',
  paid: 'Payment received; your order is confirmed.',
  in_production: 'Our craftsmen are making your furniture.',
  design_signoff: 'The design is signed off: drawings, measurements and finish agreed with you.',
  timber_selection: 'Our craftsmen have chosen the teak boards for your piece.',
  joinery: 'Your piece is being cut and joined by hand.',
  finishing: 'Your piece is being sanded, finished and polished.',
  quality_check: 'Every joint, surface and fitting is inspected before it leaves the workshop.',
  ready_to_dispatch: 'Finished, inspected and packed for the journey.',
  shipped: 'On its way to you with our delivery partner.',
  delivered: 'Delivered to your home.',
  installed: 'Installed in your home by our team. Enjoy!',
  cancelled: 'This order was cancelled.',
};

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "12 January 2027", or "12 to 19 January 2027" style for a window: India dates as stored. */
export function windowText(window: NonNullable<ExpectedDelivery>): string {
  const from = dayFormat.format(new Date(`${window.from}T00:00:00Z`));
  const to = dayFormat.format(new Date(`${window.to}T00:00:00Z`));
  return from === to ? from : `${from} to ${to}`;
}

/** The e-mail a buyer gets when the order reaches a stage: one per stage change. */
export function stageMail(input: {
  number: string;
  stage: OrderStage;
  note: string;
  photos: number;
  expected: ExpectedDelivery;
  shipment?: { carrier?: string; trackingNumber?: string; trackingUrl?: string };
  publicUrl: string;
}): { subject: string; text: string } {
  const label = ORDER_STAGE_LABELS[input.stage];
  const open = !['delivered', 'installed', 'cancelled'].includes(input.stage);
  const lines: (string | null)[] = [
    'Hello,',
    '',
    `Your Teakwood Studio order ${input.number} is now: ${label}.`,
    STAGE_DESCRIPTIONS[input.stage],
    input.note || null,
    input.photos > 0
      ? `${input.photos === 1 ? 'A photo' : `${input.photos} photos`} from the workshop ${input.photos === 1 ? 'is' : 'are'} on your order page.`
      : null,
  ];
  if (input.stage === 'shipped' && input.shipment) {
    lines.push('', `Carrier: ${input.shipment.carrier ?? ''}`, `Tracking number: ${input.shipment.trackingNumber ?? ''}`);
    if (input.shipment.trackingUrl) lines.push(`Track the parcel: ${input.shipment.trackingUrl}`);
  }
  if (open && input.expected) lines.push('', `Expected delivery: ${windowText(input.expected)}.`);
  lines.push('', `Follow your order at ${input.publicUrl}/orderstatus?number=${encodeURIComponent(input.number)}`);
  return { subject: `Your order ${input.number}: ${label}`, text: lines.filter((l) => l !== null).join('\n') };
}

/** Whether a stage still has the delivery ahead of it (a revised date means something). */
export function awaitsDelivery(stage: OrderStage): boolean {
  return !['pending', 'expired', 'delivered', 'installed', 'cancelled'].includes(stage) && ORDER_FLOW[stage].next.length > 0;
}
