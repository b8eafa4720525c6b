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

/**
 * When Express is worth offering (decision 0040). Express shortens only the journey from the workshop, never the
 * making or the dispatch: it is offered where it brings the latest delivery day at least `days` calendar days
 * sooner and by at least `share` of the whole wait; where it does not (a piece made over weeks, the home zone's
 * one-day journey) the pages offer Standard only and say why.
 */
export const EXPRESS_MATERIAL = { days: 3, share: 0.2 } as const;

interface MethodWindow {
  code: ShippingMethod;
  price: number;
  days_max: number;
  date_from: string;
  date_to: string;
}

/** The calendar days Express saves on the latest delivery day, or null when the windows are not known (no pincode). */
export function expressSaving(
  methods: readonly MethodWindow[] | null | undefined,
): { days: number; standard: MethodWindow; express: MethodWindow } | null {
  const standard = methods?.find((m) => m.code === 'standard');
  const express = methods?.find((m) => m.code === 'express');
  if (!standard || !express) return null;
  return { days: standard.days_max - express.days_max, standard, express };
}

/** Whether Express changes the window materially; true where the windows are not known (the spec's flat choice). */
export function expressOffered(methods: readonly MethodWindow[] | null | undefined): boolean {
  const saving = expressSaving(methods);
  if (!saving) return true;
  return saving.days >= EXPRESS_MATERIAL.days && saving.days >= saving.standard.days_max * EXPRESS_MATERIAL.share;
}

/** "Express would bring it only 3 days sooner: it shortens the journey, not the making, so we offer Standard here." */
export function expressNotOfferedText(methods: readonly MethodWindow[] | null | undefined): string | null {
  const saving = expressSaving(methods);
  if (!saving || expressOffered(methods)) return null;
  const sooner = saving.days <= 0 ? 'no sooner' : `only ${saving.days} ${saving.days === 1 ? 'day' : 'days'} sooner`;
  return `Express would bring it ${sooner}: it shortens the journey from our workshop, not the making or the dispatch, so we offer Standard Delivery here.`;
}
