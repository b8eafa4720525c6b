import { describe, expect, it } from 'vitest';
import { deliversTo, windowPhrase } from './delivery-window';

describe('the delivery window as the pages say it', () => {
  it('names the month once when both days fall in it', () => {
    expect(deliversTo('560001', 'Bengaluru', '2027-01-12', '2027-01-19')).toBe('Delivers to 560001 (Bengaluru) between 12 and 19 January');
  });
  it('names both months, and both years across a new year', () => {
    expect(windowPhrase('2027-01-28', '2027-02-04')).toBe('between 28 January and 4 February');
    expect(windowPhrase('2026-12-28', '2027-01-04')).toBe('between 28 December 2026 and 4 January 2027');
  });
  it('says a single day as one', () => {
    expect(windowPhrase('2027-01-12', '2027-01-12')).toBe('on 12 January');
    expect(deliversTo('600041', null, '2027-01-12', '2027-01-12')).toBe('Delivers to 600041 on 12 January');
  });
});
