import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { adminRefundSchema } from '../../../contract/after-sale';
import { formPricePaise } from '../../../contract/catalog';
import { typedSum } from '../../../contract/format';
import { quoteInputSchema, quoteIssueSentence } from '../../../contract/quotes';
import { collectionFormSchema } from '../../../contract/rooms';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};

describe('every owner’s money field reads Indian grouping, through one parser', () => {
  it('a product’s price: "1,35,000" and "₹1,39,999.50" to exact paise; a misgrouped sum is refused', () => {
    expect(formPricePaise.parse('1,35,000')).toBe(13_500_000);
    expect(formPricePaise.parse('₹1,39,999.50')).toBe(13_999_950);
    expect(formPricePaise.parse('49999')).toBe(4_999_900);
    expect(formPricePaise.safeParse('1,3,5').success).toBe(false);
    expect(formPricePaise.safeParse('-5').success).toBe(false);
  });

  it('a collection’s “starts from”', () => {
    const parsed = collectionFormSchema.parse({ id: 'collection9', title: 'Monsoon', starts_from: '1,35,000' });
    expect(parsed.starts_from).toBe(13_500_000);
  });

  it('a quote’s line prices and delivery, as the API’s numbers or as typed', () => {
    const typed = quoteInputSchema.parse({
      request: 1,
      lines: [
        { piece: 'Bed', price: '1,35,000' },
        { piece: 'Side table', price: '0' },
      ],
      delivery: '₹2,500',
      production_weeks: 6,
    });
    expect(typed.lines.map((l) => l.price)).toEqual([135000, 0]);
    expect(typed.delivery).toBe(2500);
    expect(quoteInputSchema.parse({ request: 1, lines: [{ piece: 'Bed', price: 80000 }], delivery: 2000, production_weeks: 6 }).delivery).toBe(2000);
    const bad = quoteInputSchema.safeParse({ request: 1, lines: [{ piece: 'Bed', price: '1,3,5' }], production_weeks: 6 }, { reportInput: true });
    expect(bad.success).toBe(false);
    expect(quoteIssueSentence(bad.error!.issues[0]!)).toBe(
      'The price of line 1 cannot be read: give it in rupees, such as 1,35,000 (0 for a piece included).',
    );
    const missing = quoteInputSchema.safeParse({ request: 1, lines: [{ piece: 'Bed' }], production_weeks: 6 }, { reportInput: true });
    expect(quoteIssueSentence(missing.error!.issues[0]!)).toBe('The price of line 1 is missing: give it in rupees (0 for a piece included).');
  });

  it('a refund, through the page’s form as Conform reads it', () => {
    const submission = parseWithZod(form({ amount: '1,35,000', note: 'Goodwill' }), { schema: adminRefundSchema });
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value.amount).toBe(135000);
  });

  it('prefills sums grouped, as they are read back', () => {
    expect(typedSum(135000)).toBe('1,35,000');
    expect(typedSum(12999.5)).toBe('12,999.50');
  });
});
