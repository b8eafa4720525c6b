import { describe, expect, it } from 'vitest';
import { paiseToDecimal, paiseToRupees, rupeesToPaise } from './money';

describe('money', () => {
  it('converts rupees to integer paise without floating-point drift', () => {
    expect(rupeesToPaise(49999)).toBe(4999900);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(19.995)).toBe(2000);
    expect(rupeesToPaise(-5.005)).toBe(-501);
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
  });

  it('formats paise as a two-place decimal string', () => {
    expect(paiseToDecimal(5499900)).toBe('54999.00');
    expect(paiseToDecimal(5)).toBe('0.05');
    expect(paiseToDecimal(-150)).toBe('-1.50');
    expect(paiseToRupees(899900)).toBe(8999);
  });
});
