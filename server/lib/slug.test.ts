import { describe, expect, it } from 'vitest';
import { slugify, uniqueSlug } from './slug';

describe('slugs', () => {
  it('makes readable ASCII slugs', () => {
    expect(slugify('Chettinad Heritage King Bed')).toBe('chettinad-heritage-king-bed');
    expect(slugify('  Bar & Stools — Café ')).toBe('bar-and-stools-cafe');
    expect(slugify('!!!')).toBe('item');
  });

  it('adds -2, -3… on collision', async () => {
    const taken = new Set(['sofa', 'sofa-2']);
    expect(await uniqueSlug('Sofa', async (s) => taken.has(s))).toBe('sofa-3');
    expect(await uniqueSlug('Bed', async (s) => taken.has(s))).toBe('bed');
  });
});
