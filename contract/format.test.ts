import { expect, it } from 'vitest';
import { formatINR, formatRupees } from './format';

it('formats rupees with Indian digit grouping', () => {
  expect(formatRupees(49999)).toBe('Rs. 49,999');
  expect(formatRupees(149999)).toBe('Rs. 1,49,999');
  expect(formatINR(54999)).toBe('₹54,999.00');
  expect(formatINR(1000000.5)).toBe('₹10,00,000.50');
});
