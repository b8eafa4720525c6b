import { describe, expect, it } from 'vitest';
import { quoteInputSchema, quoteIssueSentence } from './quotes';

const base = { request: 1, production_weeks: 6, delivery: 2000 };
const line = { piece: 'Bed in your size', price: 60_000 };

function sentences(input: unknown): string[] {
  const parsed = quoteInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map(quoteIssueSentence);
}

describe('the owner’s quote form speaks of its fields in words', () => {
  it('names the line and the field, never a path', () => {
    expect(sentences({ ...base, lines: [line, { piece: 'Headboard', price: NaN }] })).toEqual([
      'The price of line 2 is missing: give it in rupees (0 for a piece included).',
    ]);
    expect(sentences({ ...base, lines: [line, { piece: 'Headboard', price: -5 }] })).toEqual(['The price of line 2 cannot be below zero.']);
    expect(sentences({ ...base, lines: [line, { piece: '', price: 500 }] })).toEqual([
      'Name the piece of line 2, or leave that line’s price empty too.',
    ]);
    expect(sentences({ ...base, lines: [{ ...line, finish: 'x'.repeat(61) }] })).toEqual(['The finish of line 1 is too long: shorten it.']);
  });

  it('the quote’s own fields are sentences that name them', () => {
    const all = [
      ...sentences({ ...base, lines: [line], advance_percent: 5 }),
      ...sentences({ ...base, lines: [line], production_weeks: NaN }),
      ...sentences({ ...base, lines: [line], delivery: -1 }),
      ...sentences({ ...base, lines: [line], valid_until: '13/12/2026' }),
    ];
    expect(all).toEqual([
      'The advance is 10 to 100 percent.',
      'Give the number of production weeks.',
      'The delivery price cannot be below zero.',
      'Give the “valid until” date as YYYY-MM-DD.',
    ]);
    for (const sentence of all) expect(sentence).not.toMatch(/[a-z]+_[a-z]+|lines \d|:\s*$/);
  });

  it('a ₹0 line (a piece included) is a line', () => {
    expect(sentences({ ...base, lines: [line, { piece: 'Two pillows', price: 0 }] })).toEqual([]);
  });
});
