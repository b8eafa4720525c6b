import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contract/catalog';
import { createTestApp, type TestApp } from '../../../tests/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the search box shows: the first five suggestions. */
async function suggestions(typed: string): Promise<Product[]> {
  const res = await t.app.inject({ url: `/api/products/?search=${encodeURIComponent(typed)}&limit=5` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Product[]>();
}

/**
 * Misspellings of real words of the demo catalogue, as people type them: doubled and dropped letters,
 * swapped neighbours, two words run together, several words at once. Each names what the person meant:
 * a product (its slug) or, for a general query, any product of a category.
 */
const MISSPELLINGS: [typed: string, meant: { slug: string } | { category: string }][] = [
  ['dinning tabel', { category: 'dinning' }],
  ['dinning table', { category: 'dinning' }],
  ['dining tabel', { category: 'dinning' }],
  ['teek bed', { category: 'beds' }],
  ['sofaa', { category: 'sofas' }],
  ['wardrobbe', { category: 'wardrobe' }],
  ['wardorbe', { category: 'wardrobe' }],
  ['mandhir', { category: 'pooja' }],
  ['poojaa mandir', { category: 'pooja' }],
  ['coffe tabel', { slug: 'lotus-round-coffee-table' }],
  ['book shlef', { category: 'book-shelf' }],
  ['bookself', { category: 'book-shelf' }],
  ['bokcase', { slug: 'saraswati-bookcase' }],
  ['sideboad', { slug: 'karaikudi-sideboard' }],
  ['chest of drawres', { slug: 'tanjore-chest-of-drawers' }],
  ['shoe cabinett', { slug: 'entryway-shoe-cabinet' }],
  ['crokery cabinet', { slug: 'veranda-crockery-cabinet' }],
  ['bar stoool', { slug: 'counter-bar-stool' }],
  ['wine cabniet', { slug: 'compact-wine-cabinet' }],
  ['tv unti', { category: 'tv-units' }],
  ['meida cabinet', { slug: 'chettinad-media-cabinet' }],
  ['sliding wardobe', { slug: 'glide-sliding-wardrobe' }],
  ['armoir', { slug: 'heritage-armoire' }],
  ['fluted panle', { slug: 'fluted-teak-wall-panel' }],
  ['wall pannel', { category: 'wall-panels' }],
  ['headbaord', { slug: 'headboard-wall-panel' }],
  ['paintng', { category: 'paintings' }],
  ['abstarct painting', { category: 'paintings' }],
  ['canopy bedd', { slug: 'pondy-canopy-bed' }],
  ['storage bde', { slug: 'thanjavur-storage-bed' }],
  ['kingsize bed', { slug: 'chettinad-heritage-king-bed' }],
  ['quen bed', { slug: 'nila-queen-bed' }],
  ['upholsterd bed', { slug: 'ooty-upholstered-bed' }],
  ['lounge chiar', { slug: 'besant-lounge-chair' }],
  ['corner sofaa', { slug: 'coromandel-corner-sofa' }],
  ['nesting tabels', { slug: 'breeze-nesting-tables' }],
  ['console tabel', { slug: 'gopuram-console-table' }],
  ['side tabel', { slug: 'kolam-side-table' }],
  ['extendable dinning', { slug: 'heritage-extendable-dining-set' }],
  ['eight seater dinning set', { category: 'dinning' }],
  ['floting shelf', { slug: 'float-wall-shelf-set' }],
  ['ladder shelff', { slug: 'library-ladder-shelf' }],
  ['heritgae sofa', { slug: 'mylapore-heritage-sofa' }],
  ['swivle stool', { slug: 'swivel-bar-stool' }],
];

describe('search finds what a person meant despite typing mistakes', () => {
  it('a shopper who types "dinning tabel" is offered dining sets, and "dinning table" finds every dining set', async () => {
    const offered = await suggestions('dinning tabel');
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((p) => p.category.slug === 'dinning')).toBe(true);
    const all = await t.app.inject({ url: '/api/products/?category=dinning&limit=100' });
    const found = (await t.app.inject({ url: `/api/products/?search=${encodeURIComponent('dinning table')}&limit=100` })).json<Product[]>();
    for (const set of all.json<Product[]>()) expect(found.map((p) => p.slug)).toContain(set.slug);
  });

  it(`at least 90% of ${MISSPELLINGS.length} misspellings of catalogue words hold the intended product in the first five suggestions`, async () => {
    const misses: string[] = [];
    for (const [typed, meant] of MISSPELLINGS) {
      const offered = await suggestions(typed);
      const hit = 'slug' in meant ? offered.some((p) => p.slug === meant.slug) : offered.some((p) => p.category.slug === meant.category);
      if (!hit) misses.push(`${typed} → ${JSON.stringify(meant)}: ${offered.map((p) => p.slug).join(', ') || 'nothing'}`);
    }
    const share = (MISSPELLINGS.length - misses.length) / MISSPELLINGS.length;
    console.log(
      `Search with typing mistakes (${t.database.engine}): ${MISSPELLINGS.length - misses.length} of ${MISSPELLINGS.length} ` +
        `= ${(share * 100).toFixed(1)}% hold the intended product in the first five suggestions.` +
        (misses.length ? `\nMissed:\n  ${misses.join('\n  ')}` : ''),
    );
    expect(MISSPELLINGS.length).toBeGreaterThanOrEqual(30);
    expect(share).toBeGreaterThanOrEqual(0.9);
  });

  it('a word the shop sells is not "corrected" into another, and nonsense finds nothing', async () => {
    expect((await suggestions('sofa')).every((p) => p.category.slug === 'sofas')).toBe(true);
    expect(await suggestions('xylophone')).toEqual([]);
  });
});
