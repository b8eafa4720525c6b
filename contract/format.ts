const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "Rs. 49,999" (Indian digit grouping: Rs. 1,49,999). */
export function formatRupees(rupees: number): string {
  return `Rs. ${whole.format(rupees)}`;
}

/** "₹49,999.00", for totals. */
export function formatINR(rupees: number): string {
  return `₹${exact.format(rupees)}`;
}
