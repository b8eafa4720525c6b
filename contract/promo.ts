import { formatRupees } from './format';

const BARE_PRICE = /^(?:₹|rs\.?|inr)?\s*([0-9][0-9,]*(?:\.[0-9]{1,2})?)$/i;

/**
 * A promo banner's price as the shop prints it. `price_text` holds a bare price ("24,999"), as the spec's
 * clients print their own prefix; the shop prints it once through its money formatter ("₹24,999"). A
 * price written with a prefix is read the same way; any other text (an owner's own words) is shown as written.
 */
export function promoPriceText(priceText: string): string {
  const match = BARE_PRICE.exec(priceText.trim());
  if (!match) return priceText.trim();
  const rupees = Number(match[1]!.replace(/,/g, ''));
  return Number.isFinite(rupees) ? formatRupees(rupees) : priceText.trim();
}
