/** What the pages say about a delivery: the place and the window of India dates (ISO YYYY-MM-DD). */

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', timeZone: 'UTC' });

const asDate = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/**
 * "between 12 and 19 January", "between 28 January and 4 February", "between 28 December 2026 and 4 January
 * 2027", or "on 12 January" for a single day.
 */
export function windowPhrase(from: string, to: string): string {
  const a = asDate(from);
  const b = asDate(to);
  if (from.slice(0, 10) === to.slice(0, 10)) return `on ${dayMonth.format(a)}`;
  if (a.getUTCFullYear() !== b.getUTCFullYear()) return `between ${dayMonthYear.format(a)} and ${dayMonthYear.format(b)}`;
  if (a.getUTCMonth() === b.getUTCMonth()) return `between ${dayOnly.format(a)} and ${dayMonth.format(b)}`;
  return `between ${dayMonth.format(a)} and ${dayMonth.format(b)}`;
}

/** "560001 (Bengaluru)", or the pincode alone when its town is not known. */
export function placeOf(pincode: string, city?: string | null): string {
  return city ? `${pincode} (${city})` : pincode;
}

/** "Delivers to 560001 (Bengaluru) between 12 and 19 January". */
export function deliversTo(pincode: string, city: string | null | undefined, from: string, to: string): string {
  return `Delivers to ${placeOf(pincode, city)} ${windowPhrase(from, to)}`;
}
