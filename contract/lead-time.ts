/**
 * How long a piece takes to leave the workshop, in the words the pages show next to its price and on its card.
 * Free of schema code, so pages import it without zod; `contract/delivery.ts` re-exports the constants.
 */

/** Made-to-order production, in weeks, when the owner gives none (the FAQ's 6 to 10 weeks). */
export const PRODUCTION_WEEKS_DEFAULT = { min: 6, max: 10 } as const;
/** Ready-to-ship pieces leave the workshop 1 to 6 working days after the order is confirmed (the policy). */
export const DISPATCH_DAYS = { min: 1, max: 6 } as const;

/** What the lead time is read from: a product's kind, its production weeks and its finishes. */
export interface LeadTimeFacts {
  stock_kind: 'made_to_order' | 'ready_stock';
  production_weeks_min: number;
  production_weeks_max: number;
  finishes: string[];
}

const range = (min: number, max: number) => (min === max ? `${min}` : `${min}–${max}`);

/** "6–10 weeks" (or "8 weeks" when the owner gives one figure). */
export function productionWeeks(p: Pick<LeadTimeFacts, 'production_weeks_min' | 'production_weeks_max'>): string {
  const weeks = range(p.production_weeks_min, p.production_weeks_max);
  return `${weeks} ${weeks === '1' ? 'week' : 'weeks'}`;
}

export const MADE_TO_ORDER = 'Made to order';
export const READY_TO_SHIP = 'Ready to ship';
export const DISPATCH_TEXT = `dispatched in ${range(DISPATCH_DAYS.min, DISPATCH_DAYS.max)} days`;

/**
 * The finish a ready-stock piece is on the shelf in: the catalogue keeps no finish per stocked piece, so it is
 * the product's first (its default) finish, the one its page opens on (decision 0033). Every other finish is
 * made to order. Null for a made-to-order piece, and '' for a ready-stock piece without finishes.
 */
export function stockedFinish(p: LeadTimeFacts): string | null {
  if (p.stock_kind !== 'ready_stock') return null;
  return p.finishes[0] ?? '';
}

/** Whether the piece in `finish` (the default one when omitted) is made after the order. */
export function madeToOrderIn(p: LeadTimeFacts, finish?: string): boolean {
  const stocked = stockedFinish(p);
  if (stocked === null) return true;
  return finish !== undefined && finish !== '' && finish !== stocked;
}

/**
 * "Made to order · ships in 6–10 weeks" or "Ready to ship · dispatched in 1–6 days", for the piece in
 * `finish` (its default finish when omitted).
 */
export function leadTimeText(p: LeadTimeFacts, finish?: string): string {
  return madeToOrderIn(p, finish) ? `${MADE_TO_ORDER} · ships in ${productionWeeks(p)}` : `${READY_TO_SHIP} · ${DISPATCH_TEXT}`;
}
