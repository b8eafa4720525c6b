import { describe, expect, it } from 'vitest';
import { gstinCheckChar, gstinProblem, GSTIN_CHECK_MESSAGE, GSTIN_FORMAT_MESSAGE, GSTIN_STATE_MESSAGE, gstStateCode } from '../../../contract/gst';
import { amountInWords, computeTax, financialYearOf, indianWords, shareOut, taxableOf } from './gst-math';

describe('GST arithmetic', () => {
  it('takes 18% out of an inclusive price, rounding the taxable value half up and leaving the rest as tax', () => {
    expect(taxableOf(118_00, 1800)).toBe(100_00);
    expect(taxableOf(100, 1800)).toBe(85); // 84.75… → 85
    expect(taxableOf(1, 1800)).toBe(1);
    expect(taxableOf(45_999_00, 1800)).toBe(38_982_20); // 3898220.33… → 3898220
  });

  it('splits a Tamil Nadu sale into CGST and SGST, and a Karnataka one into IGST, reconciling to the paisa', () => {
    const lines = [
      { description: 'Bed', hsn: '9403', rateBp: 1800, quantity: 1, unitPricePaise: 45_999_00 },
      { description: 'Chair', hsn: '9401', rateBp: 1800, quantity: 3, unitPricePaise: 7_499_00 },
    ];
    const intra = computeTax(lines, 1000_00, true);
    expect(intra.totals.totalPaise).toBe(45_999_00 + 3 * 7_499_00 + 1000_00);
    expect(intra.totals.igstPaise).toBe(0);
    expect(Math.abs(intra.totals.cgstPaise - intra.totals.sgstPaise)).toBeLessThanOrEqual(intra.lines.length);
    expect(intra.totals.taxablePaise + intra.totals.cgstPaise + intra.totals.sgstPaise).toBe(intra.totals.totalPaise);
    for (const l of intra.lines) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise).toBe(l.amountPaise);

    const inter = computeTax(lines, 1000_00, false);
    expect(inter.totals.cgstPaise + inter.totals.sgstPaise).toBe(0);
    expect(inter.totals.taxablePaise).toBe(intra.totals.taxablePaise);
    expect(inter.totals.igstPaise).toBe(intra.totals.cgstPaise + intra.totals.sgstPaise);
    expect(inter.totals.taxablePaise + inter.totals.igstPaise).toBe(inter.totals.totalPaise);
  });

  it('shares shipping over the lines in proportion, to the paisa', () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1000_00, [45_999_00, 22_497_00]).reduce((a, b) => a + b)).toBe(1000_00);
    expect(shareOut(500, [0, 0])).toEqual([500, 0]);
  });

  it('writes amounts in words in the Indian system', () => {
    expect(indianWords(0)).toBe('Zero');
    expect(indianWords(115)).toBe('One Hundred Fifteen');
    expect(indianWords(1_23_456)).toBe('One Lakh Twenty-Three Thousand Four Hundred Fifty-Six');
    expect(indianWords(12_34_56_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
    expect(amountInWords(46_999_50)).toBe('Rupees Forty-Six Thousand Nine Hundred Ninety-Nine and Fifty Paise Only');
    expect(amountInWords(1_00_000_00)).toBe('Rupees One Lakh Only');
  });

  it('puts 31 March and 1 April (India time) in different financial years', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('26-27'); // 23:59:59 IST on 31 March
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('27-28'); // 00:00 IST on 1 April
    expect(financialYearOf(new Date('2026-11-23T10:00:00Z'))).toBe('26-27');
  });
});

describe('GSTIN', () => {
  it('accepts a well-formed GSTIN with its check character and names what is wrong otherwise', () => {
    const first14 = '33AAACT1234C1Z';
    const valid = first14 + gstinCheckChar(first14);
    expect(gstinProblem(valid)).toBeNull();
    expect(gstinProblem(valid.toLowerCase())).toBeNull();
    const wrongCheck = first14 + (valid[14] === 'A' ? 'B' : 'A');
    expect(gstinProblem(wrongCheck)).toBe(GSTIN_CHECK_MESSAGE);
    expect(gstinProblem('33AAACT1234C1Z')).toBe(GSTIN_FORMAT_MESSAGE);
    expect(gstinProblem('99AAACT1234C1Z5')).toBe(GSTIN_STATE_MESSAGE);
    expect(gstinProblem('hello')).toBe(GSTIN_FORMAT_MESSAGE);
    // The sample GSTIN of GSTN's own documentation passes the check.
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
  });

  it('knows the state codes of the address form’s states', () => {
    expect(gstStateCode('Tamil Nadu')).toBe('33');
    expect(gstStateCode(' karnataka ')).toBe('29');
    expect(gstStateCode('Atlantis')).toBeNull();
  });
});
