/**
 * India time, written once (decision 0037): one time zone, +05:30 all year (no daylight saving). Dates the shop
 * shows, counts and files (invoice months, the overview's days, delivery windows, consultation slots) are India's.
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
export const IST_OFFSET_MINUTES = 330;
/** The offset as ISO writes it. */
export const IST_OFFSET = '+05:30';
const IST_MS = IST_OFFSET_MINUTES * 60_000;

/** The instant as India's wall clock, in a Date read with its UTC getters. */
export function indiaClock(at: Date): Date {
  return new Date(at.getTime() + IST_MS);
}

/** "2026-11-24T10:30:00+05:30" for an instant. */
export function toIstIso(at: Date): string {
  return `${indiaClock(at).toISOString().slice(0, 19)}${IST_OFFSET}`;
}

/** The India date ("2026-11-24") of an instant. */
export function istDate(at: Date): string {
  return indiaClock(at).toISOString().slice(0, 10);
}

/** The India month ("2026-11") of an instant. */
export function istMonth(at: Date): string {
  return indiaClock(at).toISOString().slice(0, 7);
}

/** The instant of a time of day (minutes after midnight) on an India date. */
export function istInstant(day: string, minute: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 0, minute) - IST_MS);
}

/** The instant India's clocks show midnight starting the given month (month 1 to 12; 13 is the next year's first). */
export function istMonthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month - 1, 1) - IST_MS);
}
