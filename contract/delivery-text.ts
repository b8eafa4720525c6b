import { SHIPPING_OPTIONS, type ShippingMethod } from './cart-values';

/**
 * The delivery contract's plain texts and prices, free of schema code: pages (a product's pincode check, the
 * cart) import them without zod, whose schemas would otherwise be built in the browser as the page starts.
 * `contract/delivery.ts` re-exports them.
 */

// Made on first use: each formatter costs its locale's data when it is made.
let monthDay: Intl.DateTimeFormat | undefined;
let monthDayYear: Intl.DateTimeFormat | undefined;
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
const dayMonth = (d: Date) => (monthDay ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' })).format(d);
const dayMonthYear = (d: Date) =>
  (monthDayYear ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(d);

/** "12 and 19 January", "28 January and 4 February", "28 December 2026 and 4 January 2027". */
export function deliveryWindowText(from: string, to: string): string {
  const a = utcDay(from);
  const b = utcDay(to);
  if (from === to) return dayMonth(a);
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return `${dayMonthYear(a)} and ${dayMonthYear(b)}`;
  if (a.getUTCMonth() === b.getUTCMonth()) return `${a.getUTCDate()} and ${dayMonth(b)}`;
  return `${dayMonth(a)} and ${dayMonth(b)}`;
}

/** "Delivers to 560001 (Bengaluru) between 12 and 19 January." */
export function deliveryMessage(pincode: string, city: string, from: string, to: string): string {
  return from === to
    ? `Delivers to ${pincode} (${city}) on ${deliveryWindowText(from, to)}.`
    : `Delivers to ${pincode} (${city}) between ${deliveryWindowText(from, to)}.`;
}

/** The flat prices (rupees) of each method: before a pincode is known, and always in the home zone. */
export const FLAT_PRICES: Record<ShippingMethod, number> = Object.fromEntries(SHIPPING_OPTIONS.map((o) => [o.id, o.price])) as Record<
  ShippingMethod,
  number
>;

/**
 * A product page's or a cart's word for a known pincode the shop does not serve: there is no "other address" to
 * choose there, only the pincode the buyer typed.
 */
export const notDeliveredMessage = (pincode: string) => `We do not deliver to ${pincode} yet.`;
