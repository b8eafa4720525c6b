import { formatDay, formatDayTime, formatINR } from '../../../contract/format';
import { deliveryMessage, deliveryWindowText } from '../../../contract/delivery-text';
import { SHIPPING_OPTIONS, type ShippingMethod } from '../../../contract/cart-values';

/** "22 November 2026": the spec's long en-GB date, on the shop's clock (India) so server and browser agree. */
export function orderDate(iso: string): string {
  return formatDay(iso);
}

export function orderDateTime(iso: string): string {
  return formatDayTime(iso);
}

/** An order amount ("54999.00", rupees) as "₹54,999.00": orders always show two decimals. */
export function orderMoney(amount: string): string {
  return formatINR(Number(amount));
}

export function shippingLabel(method: ShippingMethod): string {
  return SHIPPING_OPTIONS.find((o) => o.id === method)?.label ?? method;
}

/** The tracking view of an order: its number and the buyer's e-mail, as the tracking form asks. */
export function trackingPath(order: { number: string }, email: string): string {
  return `/orderstatus?${new URLSearchParams({ number: order.number, email }).toString()}`;
}

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** An expected delivery window of India dates (YYYY-MM-DD): "12 January 2027", or "12 January 2027 – 19 January 2027". */
export function deliveryWindow(window: { from: string; to: string }): string {
  const from = day.format(new Date(`${window.from}T00:00:00Z`));
  const to = day.format(new Date(`${window.to}T00:00:00Z`));
  return from === to ? from : `${from} – ${to}`;
}

/**
 * The window an order was promised when it was placed, as the product page and the cart said it: "Delivers to
 * 560001 (Bengaluru) between 12 and 19 January."; null for an order placed before windows were promised.
 */
export function promisedWindow(order: {
  delivery_window: { from: string; to: string } | null;
  delivery_pincode?: string | null;
  address?: { postal_code: string; city: string } | null;
}): string | null {
  const w = order.delivery_window;
  if (!w) return null;
  const pincode = order.delivery_pincode ?? order.address?.postal_code;
  if (!pincode) return `Delivers between ${deliveryWindowText(w.from, w.to)}.`;
  return deliveryMessage(pincode, order.address?.city ?? pincode, w.from, w.to);
}
