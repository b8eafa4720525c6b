import { describe, expect, it } from 'vitest';
import { quarterOfMonth, quartersUpTo } from './gstr1';

describe('the quarters offered to a quarterly GSTR-1 filer', () => {
  it('a month falls in its calendar quarter, as the API numbers them', () => {
    expect(['2026-01', '2026-03', '2026-04', '2026-09', '2026-10', '2026-12'].map(quarterOfMonth)).toEqual([
      '2026-Q1',
      '2026-Q1',
      '2026-Q2',
      '2026-Q3',
      '2026-Q4',
      '2026-Q4',
    ]);
  });

  it('this quarter first, then the ones before it across the new year, each with its months', () => {
    expect(quartersUpTo('2026-02', 3)).toEqual([
      { value: '2026-Q1', label: '2026-Q1 (January to March 2026)' },
      { value: '2025-Q4', label: '2025-Q4 (October to December 2025)' },
      { value: '2025-Q3', label: '2025-Q3 (July to September 2025)' },
    ]);
    expect(quartersUpTo('2026-11')).toHaveLength(8);
  });
});
