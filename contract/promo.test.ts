import { describe, expect, it } from 'vitest';
import { promoPriceText } from './promo';

describe('a promo banner prints its price once, the shop’s way', () => {
  it.each([
    ['24,999', '₹24,999'],
    ['24999', '₹24,999'],
    ['149999', '₹1,49,999'],
    ['12,999.50', '₹12,999.50'],
    ['Rs. 24,999', '₹24,999'],
    ['Rs.500', '₹500'],
    ['₹ 9,999', '₹9,999'],
    ['INR 9999', '₹9,999'],
  ])('"%s" reads %s', (text, shown) => {
    expect(promoPriceText(text)).toBe(shown);
  });

  it('shows an owner’s own words as written', () => {
    expect(promoPriceText(' Ask for a quote ')).toBe('Ask for a quote');
    expect(promoPriceText('Starting at Rs. 24,999')).toBe('Starting at Rs. 24,999');
  });
});
