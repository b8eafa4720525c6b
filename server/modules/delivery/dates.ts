import { addDays, istDate, weekdayOf } from '../../../contract/consultations';
import { DISPATCH_DAYS } from '../../../contract/delivery';

/**
 * Delivery dates. Working days are Monday to Saturday (carriers and the workshop work Saturdays), less
 * Sundays and the three national holidays (26 January, 15 August, 2 October). Production is counted in
 * calendar weeks from the order; dispatch and transit in working days after it. Every date is an India date.
 */

const HOLIDAYS = new Set(['01-26', '08-15', '10-02']);

export function isWorkingDay(day: string): boolean {
  return weekdayOf(day) !== 0 && !HOLIDAYS.has(day.slice(5));
}

/** The day `n` working days after `day` (n = 0: `day` itself, or the next working day when it is not one). */
export function addWorkingDays(day: string, n: number): string {
  let d = day;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    if (isWorkingDay(d)) left -= 1;
  }
  return d;
}

/** Calendar days from one India date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface PieceTiming {
  madeToOrder: boolean;
  productionWeeksMin: number;
  productionWeeksMax: number;
}

/**
 * When a piece leaves the workshop, earliest and latest: made to order, after its production weeks
 * (counted from the order day, landing on a working day); ready to ship, 1 to 6 working days after the order.
 */
export function dispatchWindow(piece: PieceTiming, today: string): { from: string; to: string } {
  if (piece.madeToOrder)
    return {
      from: addWorkingDays(addDays(today, piece.productionWeeksMin * 7), 0),
      to: addWorkingDays(addDays(today, piece.productionWeeksMax * 7), 0),
    };
  return { from: addWorkingDays(today, DISPATCH_DAYS.min), to: addWorkingDays(today, DISPATCH_DAYS.max) };
}

/** The delivery window of pieces sent together: the last piece to leave sets it; transit in working days. */
export function deliveryWindow(
  pieces: PieceTiming[],
  transit: { min: number; max: number },
  now: Date,
): { from: string; to: string; daysMin: number; daysMax: number } {
  const today = istDate(now);
  const windows = (pieces.length ? pieces : [{ madeToOrder: false, productionWeeksMin: 0, productionWeeksMax: 0 }]).map((p) =>
    dispatchWindow(p, today),
  );
  const leaves = {
    from: windows.map((w) => w.from).reduce((a, b) => (a > b ? a : b)),
    to: windows.map((w) => w.to).reduce((a, b) => (a > b ? a : b)),
  };
  const from = addWorkingDays(leaves.from, transit.min);
  const to = addWorkingDays(leaves.to, transit.max);
  return { from, to, daysMin: daysBetween(today, from), daysMax: daysBetween(today, to) };
}
