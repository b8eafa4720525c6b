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

/**
 * What an order page says in place of an address the order does not have yet: before its payment is confirmed,
 * that it comes with the payment; once paid (an order from a quote accepted before the address was asked for),
 * that the studio asks for it before dispatch, never that it waits on a payment already made.
 */
export function missingAddressNote(order: { financial_status: string; delivery_pincode: string | null }): string {
  if (order.financial_status === 'pending' || order.financial_status === 'voided') return 'The address is added once the payment is confirmed.';
  const where = order.delivery_pincode ? ` in ${order.delivery_pincode}` : '';
  return `We will ask you for the full delivery address${where} before the piece is dispatched.`;
}

/**
 * The papers an order's money lists (receipt voucher, tax invoice, credit notes), less the credit notes already
 * linked beside their refund lines (after the sale): each link shown once on the page.
 */
export function papersToList<D extends { kind: string }>(documents: D[], refunds: { credit_note_url: string | null }[] | undefined): D[] {
  const beside = (refunds ?? []).some((r) => r.credit_note_url);
  return documents.filter((d) => !(beside && d.kind === 'credit_note'));
}
