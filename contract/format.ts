/**
 * The one money formatter of the shop: web pages, e-mails and (later) PDFs all print amounts through it.
 * Amounts are exact: paise are never rounded away, so what is shown is what is charged. Indian digit
 * grouping (₹1,49,999) and the rupee sign throughout.
 */

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, useGrouping: true });

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
  const whole = `${sign}₹${grouping.format(rupees)}`;
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
