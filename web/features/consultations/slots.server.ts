import type { AppLoadContext } from 'react-router';
import { addDays, isoDaySchema, type ConsultationSlot } from '../../../contract/consultations';

/** Live data: a page showing free slots is never kept by the shared page cache (nor by a browser's). */
export const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** How many day chips a page shows (the horizon may be longer: the date field reaches the rest). */
const CHIPS = 14;

/**
 * The days a visitor may pick, the chosen one (asked for, or the first with a free slot) and its slots.
 * A day outside the bookable range falls back to the first bookable one. `booked`: for moving a booking, whose
 * kind the owner may have stopped offering since (its slots are still listed).
 */
export async function loadDaySlots(
  context: AppLoadContext,
  kind: string,
  asked: string | null,
  options: { booked?: boolean } = {},
): Promise<{ days: string[]; day: string; first: string; last: string; slots: ConsultationSlot[] }> {
  const { consultations } = context.services;
  const { first, last } = await consultations.bookableDays();
  const days: string[] = [];
  for (let d = first; d <= last && days.length < CHIPS; d = addDays(d, 1)) days.push(d);
  const wanted = asked && isoDaySchema.safeParse(asked).success && asked >= first && asked <= last ? asked : null;
  if (wanted) {
    if (!days.includes(wanted)) days.push(wanted);
    return { days, day: wanted, first, last, slots: await consultations.slots(kind, wanted, options) };
  }
  for (const d of days.slice(0, 7)) {
    const slots = await consultations.slots(kind, d, options);
    if (slots.some((s) => s.available)) return { days, day: d, first, last, slots };
  }
  return { days, day: first, first, last, slots: await consultations.slots(kind, first, options) };
}
