/** Money helpers: every amount inside the shop is an integer number of paise. */

export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError('Amount must be a finite number.');
  // One rounding rule for the whole shop: half away from zero, on the paise.
  return Math.sign(rupees) * Math.round(Math.abs(rupees) * 100);
}

/** Rupees as a JSON number (products' `price`). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Rupees as a decimal string with two places (orders' `total_amount`). */
export function paiseToDecimal(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
