import { describe, expect, it } from 'vitest';
import { CART_CODE_PATTERN, newCartCode } from '../../contract/cart-values';

describe('the web app’s cart codes', () => {
  it('the shop’s own web app makes the guest cart codes of its cookie of at least 128 random bits, every letter and digit equally likely', () => {
    const codes = Array.from({ length: 2000 }, () => newCartCode());
    expect(new Set(codes).size).toBe(codes.length);
    const alphabet = new Set(codes.join(''));
    for (const code of codes) expect(code).toMatch(CART_CODE_PATTERN);
    // 32 characters drawn uniformly from 62: 32 × log2(62) ≈ 190 bits.
    const bits = codes[0]!.length * Math.log2(alphabet.size);
    expect(alphabet.size).toBe(62);
    expect(bits).toBeGreaterThanOrEqual(128);
    // No character is favoured (a modulo bias would show as about 1.3 times the expected count for some).
    const counts = new Map<string, number>();
    for (const ch of codes.join('')) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const expected = (codes.length * codes[0]!.length) / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.15);
  });
});
