import { indiaClock } from '../../../contract/india';
/**
 * The tax arithmetic of a GST invoice, in integer paise. Prices are inclusive of GST, so tax is taken out of
 * what was charged, never added to it: the invoice's total is exactly the amount paid.
 *
 * The one rounding rule: a line's taxable value is its inclusive amount × 100 / (100 + rate), rounded half up
 * to the paisa; its tax is the rest (amount − taxable value), so each line reconciles exactly. Within a state
 * the tax splits into CGST (half, rounded down to the paisa) and SGST (the rest). Shipping is a part of the
 * supply of the goods it carries: it is shared over the lines in proportion to their amounts (largest
 * remainders get the leftover paise) and taxed at each line's rate.
 */

export interface TaxLineInput {
  description: string;
  hsn: string;
  /** Basis points: 18% is 1800. */
  rateBp: number;
  quantity: number;
  /** Inclusive of GST. */
  unitPricePaise: number;
}

export interface TaxLine extends TaxLineInput {
  /** Goods plus this line's share of shipping, inclusive of GST. */
  amountPaise: number;
  shippingSharePaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  shippingPaise: number;
  totalPaise: number;
}

/** Inclusive amount → taxable value, rounded half up (integer arithmetic only). */
export function taxableOf(amountPaise: number, rateBp: number): number {
  const numerator = amountPaise * 10000;
  const denominator = 10000 + rateBp;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Shares `total` over `weights` in proportion, exactly (largest remainders take the leftover units). */
export function shareOut(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

export function computeTax(lines: TaxLineInput[], shippingPaise: number, intraState: boolean): { lines: TaxLine[]; totals: TaxTotals } {
  const goods = lines.map((l) => l.unitPricePaise * l.quantity);
  const shipping = shareOut(shippingPaise, goods);
  const out = lines.map((line, i): TaxLine => {
    const amountPaise = goods[i]! + shipping[i]!;
    const taxablePaise = taxableOf(amountPaise, line.rateBp);
    const tax = amountPaise - taxablePaise;
    const cgstPaise = intraState ? Math.floor(tax / 2) : 0;
    return {
      ...line,
      amountPaise,
      shippingSharePaise: shipping[i]!,
      taxablePaise,
      cgstPaise,
      sgstPaise: intraState ? tax - cgstPaise : 0,
      igstPaise: intraState ? 0 : tax,
    };
  });
  const sum = (pick: (l: TaxLine) => number) => out.reduce((a, l) => a + pick(l), 0);
  return {
    lines: out,
    totals: {
      taxablePaise: sum((l) => l.taxablePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      shippingPaise,
      totalPaise: sum((l) => l.amountPaise),
    },
  };
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return TENS[Math.floor(n / 10)]! + (n % 10 ? `-${ONES[n % 10]}` : '');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words, in the Indian system (thousand, lakh, crore). */
export function indianWords(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('A whole number of zero or more is needed.');
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount of paise in words as an Indian invoice writes it: "Rupees One Lakh … and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/** The financial year (April to March) of an instant, in India's time: "26-27" for 1 April 2026 – 31 March 2027. */
export function financialYearOf(at: Date): string {
  const india = indiaClock(at);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}
