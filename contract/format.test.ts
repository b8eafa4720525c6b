import { expect, it } from 'vitest';
import { formatINR, formatPaise, formatRupees, toPaise } from './format';

it('formats prices with Indian digit grouping and never rounds paise away', () => {
  expect(formatRupees(49999)).toBe('₹49,999');
  expect(formatRupees(149999)).toBe('₹1,49,999');
  expect(formatRupees(12999.5)).toBe('₹12,999.50');
  expect(formatRupees(0.05)).toBe('₹0.05');
});

it('formats totals with two decimals', () => {
  expect(formatINR(54999)).toBe('₹54,999.00');
  expect(formatINR(1000000.5)).toBe('₹10,00,000.50');
  expect(formatPaise(2549900, { decimals: 'always' })).toBe('₹25,499.00');
  expect(formatPaise(-1050, { decimals: 'always' })).toBe('-₹10.50');
});

it('turns API rupees into exact paise', () => {
  expect(toPaise(12999.5)).toBe(1299950);
  expect(toPaise(0.29)).toBe(29);
  expect(toPaise(1.01)).toBe(101);
});
