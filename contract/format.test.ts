import { expect, it } from 'vitest';
import { formatDay, formatDayTime, formatINR, formatPaise, formatRupees, formatShortDay, readRupees, toPaise } from './format';

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

it('reads sums as a person types them: Indian or Western grouping, a rupee sign; leaves the rest to be refused', () => {
  expect(readRupees('1,39,999')).toBe(139999);
  expect(readRupees('₹1,35,000')).toBe(135000);
  expect(readRupees(' Rs. 1,35,000.50 ')).toBe(135000.5);
  expect(readRupees('135,000')).toBe(135000);
  expect(readRupees('999')).toBe(999);
  expect(readRupees('1,00,00,000')).toBe(10000000);
  expect(readRupees('1,3,5')).toBe('1,3,5');
  expect(readRupees('12,34')).toBe('12,34');
  expect(readRupees('ten')).toBe('ten');
  expect(readRupees(42)).toBe(42);
});

it('writes dates as India reads them, on India’s clock', () => {
  expect(formatDay('2026-12-13')).toBe('13 December 2026');
  // 20:00 UTC on the 12th is already the 13th in India.
  expect(formatDay('2026-12-12T20:00:00.000Z')).toBe('13 December 2026');
  expect(formatDay(new Date('2027-01-01T18:29:00Z'))).toBe('1 January 2027');
  expect(formatShortDay('2026-09-05')).toBe('5 Sep 2026');
  expect(formatDayTime('2026-12-13T10:35:00Z')).toBe('13 December 2026, 4:05 pm');
  expect(formatDayTime('2026-12-12T18:45:00Z')).toBe('13 December 2026, 12:15 am');
});
