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

/** A total, always with two decimals: "₹49,999.00". */
export function formatINR(rupees: number): string {
  return formatPaise(toPaise(rupees), { decimals: 'always' });
}
