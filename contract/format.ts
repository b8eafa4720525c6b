/**
 * The one money formatter of the shop: web pages, e-mails and (later) PDFs all print amounts through it.
 * Amounts are exact: paise are never rounded away, so what is shown is what is charged. Indian digit
 * grouping (₹1,49,999) and the rupee sign throughout.
 */

/**
 * Whole rupees in Indian grouping: the last three digits, then pairs ("1,49,999", "1,00,00,000"). Written out
 * rather than with Intl.NumberFormat('en-IN'): a browser loads its locale data on the first formatter it
 * makes, some 35 ms of a phone's page start for three commas.
 */
function grouped(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** Rupees as the API sends them (a JSON number with at most two decimals) to integer paise. */
export function toPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) return 0;
  return Math.sign(rupees) * Math.round(Math.abs(rupees) * 100);
}

/**
 * Integer paise as money text. `decimals: 'always'` (totals, as the spec asks) prints two places;
 * `'auto'` (prices) prints them only when the amount has paise.
 */
export function formatPaise(paise: number, options: { decimals?: 'always' | 'auto' } = {}): string {
  const p = Math.round(paise);
  const sign = p < 0 ? '-' : '';
  const abs = Math.abs(p);
  const rupees = Math.trunc(abs / 100);
  const rest = abs % 100;
  const whole = `${sign}₹${grouped(rupees)}`;
  if (options.decimals !== 'always' && rest === 0) return whole;
  return `${whole}.${String(rest).padStart(2, '0')}`;
}

/** A price: "₹49,999", or "₹12,999.50" when it has paise. */
export function formatRupees(rupees: number): string {
  return formatPaise(toPaise(rupees));
}

/** A sum as the owner's forms prefill it, grouped and without the sign ("1,35,000", "12,999.50"): `readRupees` reads it back. */
export function typedSum(rupees: number): string {
  return formatRupees(rupees).replace('₹', '');
}

/** A total, always with two decimals: "₹49,999.00". */
export function formatINR(rupees: number): string {
  return formatPaise(toPaise(rupees), { decimals: 'always' });
}

/**
 * A sum as a person types it, to rupees: "1,39,999", "₹1,35,000", "135000.50" (Indian or Western grouping, a rupee
 * sign or "Rs." before it). Anything else is given back as it came, for the schema to refuse with its sentence.
 */
export function readRupees(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const plain = plainRupees(value);
  return plain === null ? value : Number(plain);
}

/**
 * The one reading of a typed sum: its plain digits ("1,35,000.50", "₹1,35,000", "Rs. 135,000.50" → "135000.50"),
 * or null when it is not a sum so written (a misgrouped "1,3,5", words, an empty text). `readRupees` and the
 * schemas that keep exact paise from text (a product's price) both read through it.
 */
export function plainRupees(value: string): string | null {
  const text = value.trim().replace(/^(₹|Rs\.?|INR)\s*/i, '');
  if (!/^(\d+|\d{1,2}(,\d\d)*,\d{3}|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(text)) return null;
  return text.replace(/,/g, '');
}

// ── dates ───────────────────────────────────────────────────────────────────────────────────────
// Written out on India's clock (+05:30 all year) rather than with Intl: the server's and the browser's ICU can
// differ ("pm" or "PM", "Sept"), and a page drawn on the server must read the same once the browser hydrates it.

const IST_MS = 330 * 60_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** India's wall clock of an instant or an India calendar date ("2026-12-13"), read with the UTC getters. */
function indiaWallClock(at: Date | string): Date | null {
  if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at)) return new Date(`${at}T00:00:00Z`);
  const d = new Date(at);
  return Number.isNaN(d.getTime()) ? null : new Date(d.getTime() + IST_MS);
}

/** "13 December 2026": an instant's India date, or an India calendar date as given ("2026-12-13"). */
export function formatDay(at: Date | string): string {
  const d = indiaWallClock(at);
  if (!d) return String(at);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "13 Dec 2026": the same date, short, for lists. */
export function formatShortDay(at: Date | string): string {
  const d = indiaWallClock(at);
  if (!d) return String(at);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]!.slice(0, 3)} ${d.getUTCFullYear()}`;
}

/** "13 December 2026, 4:05 pm": an instant on India's clock. */
export function formatDayTime(at: Date | string): string {
  const d = indiaWallClock(at);
  if (!d) return String(at);
  const h = d.getUTCHours();
  const m = String(d.getUTCMinutes()).padStart(2, '0');
  return `${formatDay(new Date(d.getTime() - IST_MS))}, ${h % 12 || 12}:${m} ${h < 12 ? 'am' : 'pm'}`;
}
