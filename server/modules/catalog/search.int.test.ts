import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
  // Two slips in one word, and the words of Indian homes the shop keeps as synonyms.
  ['poja mandir', { category: 'pooja' }],
  ['poja', { category: 'pooja' }],
  ['sidbord', { slug: 'karaikudi-sideboard' }],
  ['headbrd', { slug: 'headboard-wall-panel' }],
  ['wardorbee', { category: 'wardrobe' }],
  ['mandap', { category: 'pooja' }],
  ['almirah', { category: 'wardrobe' }],
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

  it('two slips in one word, and the words of Indian homes the shop keeps as synonyms, each find what was meant', async () => {
    const cases: [string, string][] = [
      ['poja mandir', 'pooja'],
      ['mandap', 'pooja'],
      ['almirah', 'wardrobe'],
      ['almari', 'wardrobe'],
      ['wardorbee', 'wardrobe'],
      ['sidbord', 'karaikudi-sideboard'],
    ];
    for (const [typed, meant] of cases) {
      const offered = await suggestions(typed);
      expect(
        offered.some((p) => p.category.slug === meant || p.slug === meant),
        `${typed}: ${offered.map((p) => p.slug).join(', ')}`,
      ).toBe(true);
    }
  });

  it('a word the shop sells is not "corrected" into another, and nonsense finds nothing', async () => {
    expect((await suggestions('sofa')).every((p) => p.category.slug === 'sofas')).toBe(true);
    expect(await suggestions('xylophone')).toEqual([]);
  });
});

describe('the owner’s search synonyms', () => {
  it('search takes a listed word for its catalogue words, and the owner adds and deletes them in the admin', async () => {
    const { superuserToken } = await import('../../../tests/integration/checkout-helpers');
    const auth = { authorization: `Bearer ${await superuserToken(t)}` };
    const listed = await t.app.inject({ url: '/api/search-synonyms/', headers: auth });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ term: string; means: string }[]>()).toContainEqual(expect.objectContaining({ term: 'mandap', means: 'mandir' }));
    // A customer or a visitor may not see or change them.
    expect((await t.app.inject({ url: '/api/search-synonyms/' })).statusCode).toBe(401);

    expect(await suggestions('charpai')).toEqual([]);
    const added = await t.app.inject({ method: 'POST', url: '/api/search-synonyms/', headers: auth, payload: { term: 'Charpai', means: 'bed' } });
    expect(added.statusCode, added.body).toBe(201);
    const synonym = added.json<{ id: number; term: string; means: string }>();
    expect(synonym).toMatchObject({ term: 'charpai', means: 'bed' });
    const beds = await suggestions('charpai');
    expect(beds.length).toBeGreaterThan(0);
    expect(beds.every((p) => /bed/i.test(`${p.name} ${p.category.name} ${p.description}`))).toBe(true);

    const twice = await t.app.inject({ method: 'POST', url: '/api/search-synonyms/', headers: auth, payload: { term: 'charpai', means: 'cot' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ detail: string }>().detail).toBe('“charpai” already has a synonym. Delete it first to change it.');
    const two = await t.app.inject({ method: 'POST', url: '/api/search-synonyms/', headers: auth, payload: { term: 'pooja unit', means: 'mandir' } });
    expect(two.statusCode).toBe(400);
    expect(two.json<{ errors: Record<string, string[]> }>().errors.term).toEqual(['Enter one word, in letters and digits (such as mandap).']);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/search-synonyms/${synonym.id}/`, headers: auth })).statusCode).toBe(204);
    expect(await suggestions('charpai')).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/search-synonyms/${synonym.id}/`, headers: auth })).statusCode).toBe(404);
  });
});

describe('the vocabulary follows the catalogue', () => {
  it('a new product’s words are found despite a slip at once, a renamed product’s old word is forgotten, and a deleted product’s words leave', async () => {
    const { superuserToken } = await import('../../../tests/integration/checkout-helpers');
    const auth = { authorization: `Bearer ${await superuserToken(t)}` };
    const send = (method: 'POST' | 'PATCH', url: string, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      return t.app.inject({ method, url, headers: auth, payload: body });
    };
    const uses = async (token: string) => {
      const result: unknown = await t.database.db.execute(sql`select uses from search_words where token = ${token}`);
      return (result as { rows: { uses: number }[] }).rows[0]?.uses ?? 0;
    };

    expect(await suggestions('zanzibarr')).toEqual([]);
    const made = await send('POST', '/api/products/', { name: 'Zanzibar Carved Chest', price: '25000', category: 'beds' });
    expect(made.statusCode, made.body).toBe(201);
    const { slug } = made.json<{ slug: string }>();
    expect(await uses('zanzibar')).toBe(1);
    expect((await suggestions('zanzibarr')).map((p) => p.slug)).toEqual([slug]);

    const renamed = await send('PATCH', `/api/products/${slug}/`, { name: 'Lamu Carved Chest' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await uses('zanzibar')).toBe(0);
    expect(await uses('lamu')).toBe(1);
    expect(await suggestions('zanzibarr')).toEqual([]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${slug}/`, headers: auth })).statusCode).toBe(204);
    expect(await uses('lamu')).toBe(0);
    // A word many products share keeps counting them.
    expect(await uses('carved')).toBeGreaterThan(0);
  });
});
