import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ReadyToShipPage } from '../../../contract/catalog';
import { createTestApp, type TestApp } from '../../../tests/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function list(query = ''): Promise<Product[]> {
  const res = await t.app.inject({ url: `/api/products/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Product[]>();
}

describe('GET /api/products/', () => {
  it('lists products with the full Product shape, prices in rupees', async () => {
    const all = await list();
    expect(all.length).toBeGreaterThanOrEqual(60);
    const bed = all.find((p) => p.slug === 'nila-queen-bed')!;
    expect(bed).toMatchObject({
      name: 'Nila Queen Bed',
      price: 49999,
      category: { slug: 'beds', name: 'Beds' },
      subcategory: { slug: 'queen-size-beds', name: 'Queen Size Beds' },
      collection: 'collection3',
      in_stock: true,
      dimensions: { length: 160, breadth: 205, height: 95 },
    });
    // Drawn as itself: from the front (in its first finish), at three-quarters, up close and in a room.
    expect(bed.images.length).toBe(4);
    expect(bed.finish_images.map((f) => f.finish)).toEqual(bed.finishes);
    expect(bed.image).toBe(bed.images[0]!.image);
    expect(bed.finishes[0]).toBe('Natural Teak');
    expect(new Date(bed.created_at).toISOString()).toBe(bed.created_at);
  });

  it('filters by category, subcategory, collection and each flag', async () => {
    const beds = await list('?category=beds');
    expect(beds.length).toBe(6);
    expect(beds.every((p) => p.category.slug === 'beds')).toBe(true);
    const storage = await list('?subcategory=storage-beds');
    expect(storage.map((p) => p.slug).sort()).toEqual(['kovalam-drawer-bed', 'thanjavur-storage-bed']);
    const c4 = await list('?collection=collection4');
    expect(c4.length).toBeGreaterThan(5);
    expect(c4.every((p) => p.collection === 'collection4')).toBe(true);
    for (const flag of ['newin', 'topselling', 'trending'] as const) {
      const yes = await list(`?${flag}=true`);
      expect(yes.length).toBeGreaterThan(5);
      expect(yes.every((p) => p[flag])).toBe(true);
      const no = await list(`?${flag}=false`);
      expect(no.every((p) => !p[flag])).toBe(true);
    }
    const soldOut = await list('?in_stock=false');
    expect(soldOut.map((p) => p.slug).sort()).toEqual(
      ['archive-low-bookcase', 'kolam-geometry', 'ooty-upholstered-bed', 'verandah-bench-dining-set'].sort(),
    );
  });

  it('combines filters, and ignores empty ones', async () => {
    const both = await list('?category=beds&newin=true&collection=collection3');
    expect(both.map((p) => p.slug).sort()).toEqual(['nila-queen-bed', 'ooty-upholstered-bed']);
    expect(await list('?category=&subcategory=&collection=&newin=&search=')).toHaveLength((await list()).length);
  });

  it('orders by price, name, ratings and newest', async () => {
    const cheap = await list('?category=sofas&ordering=price');
    expect(cheap.map((p) => p.price)).toEqual([...cheap.map((p) => p.price)].sort((a, b) => a - b));
    expect(cheap[0]!.price).toBe(8999);
    const dear = await list('?ordering=-price&limit=3');
    expect(dear.map((p) => p.price)).toEqual([249999, 219999, 199999]);
    const named = await list('?category=tables&ordering=name');
    expect(named.map((p) => p.name)).toEqual([...named.map((p) => p.name)].sort());
    const rated = await list('?ordering=-ratings&limit=5');
    expect(rated.every((p) => p.ratings >= 4.8)).toBe(true);
  });

  it('applies limit with a cap, and explains bad parameters', async () => {
    expect(await list('?limit=2')).toHaveLength(2);
    expect((await list('?limit=100000')).length).toBeGreaterThanOrEqual(60);
    for (const bad of ['?limit=0', '?limit=abc', '?ordering=cheapest', '?newin=perhaps']) {
      const res = await t.app.inject({ url: `/api/products/${bad}` });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ detail: string; code: string; errors: Record<string, string[]> }>();
      expect(body.code).toBe('invalid');
      expect(Object.keys(body.errors)).toHaveLength(1);
      expect(body.detail.length).toBeGreaterThan(5);
    }
  });

  it('finds products despite typos, ranked by relevance', async () => {
    const beds = await list('?search=teek%20bed');
    expect(beds.length).toBeGreaterThan(2);
    expect(beds.slice(0, 3).every((p) => p.category.slug === 'beds')).toBe(true);
    const sofas = await list('?search=sofaa');
    expect(sofas.length).toBeGreaterThan(1);
    expect(sofas[0]!.name).toMatch(/Sofa/);
    const prefix = await list('?search=mand');
    expect(prefix.some((p) => p.category.slug === 'pooja')).toBe(true);
    expect(await list('?search=xylophone')).toEqual([]);
  });

  it('combines search with filters and ordering', async () => {
    const found = await list('?search=teak%20bed&category=beds&ordering=price');
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((p) => p.category.slug === 'beds')).toBe(true);
    expect(found.map((p) => p.price)).toEqual([...found.map((p) => p.price)].sort((a, b) => a - b));
    expect(await list('?search=sofa&category=beds')).toEqual([]);
    const newSofas = await list('?search=sofa&newin=true');
    expect(newSofas.every((p) => p.newin)).toBe(true);
  });
});

describe('GET /api/products/{slug}/', () => {
  it('returns one product, with or without the trailing slash', async () => {
    const a = await t.app.inject({ url: '/api/products/kaveri-three-seater-sofa/' });
    const b = await t.app.inject({ url: '/api/products/kaveri-three-seater-sofa' });
    expect(a.statusCode).toBe(200);
    expect(a.json<Product>().name).toBe('Kaveri Three Seater Sofa');
    expect(b.json()).toEqual(a.json());
  });

  it('answers 404 with a sentence for an unknown slug', async () => {
    const res = await t.app.inject({ url: '/api/products/no-such-sofa/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Product was not found.', code: 'not_found' });
  });
});

describe('related products', () => {
  it('are the category’s others, best sellers and best rated first, the piece itself never among them', async () => {
    const beds = await list('?category=beds&limit=100');
    const order = [...beds].sort(
      (a, b) => Number(b.topselling) - Number(a.topselling) || Math.round(b.ratings * 10) - Math.round(a.ratings * 10) || a.id - b.id,
    );
    expect(order.length).toBeGreaterThan(3);
    // The first of the order, one further down and the last: each sees the leading others, with their pictures.
    for (const piece of [order[0]!, order[2]!, order.at(-1)!]) {
      const related = await t.services.catalog.relatedProducts(piece, 2);
      expect(related.map((p) => p.slug)).toEqual(
        order
          .filter((p) => p.id !== piece.id)
          .slice(0, 2)
          .map((p) => p.slug),
      );
      expect(related.every((p) => p.images.length > 0 && p.category.slug === 'beds')).toBe(true);
    }
  });
});

describe('GET /api/subcategories/', () => {
  it('lists all subcategories or those of one category', async () => {
    const all = (await t.app.inject({ url: '/api/subcategories/' })).json<{ category: { slug: string } }[]>();
    expect(all.length).toBeGreaterThanOrEqual(24);
    const beds = (await t.app.inject({ url: '/api/subcategories/?category=beds' })).json<{ slug: string; category: { slug: string } }[]>();
    expect(beds.map((s) => s.slug)).toEqual(['king-size-beds', 'queen-size-beds', 'storage-beds']);
    expect((await t.app.inject({ url: '/api/subcategories/?category=unknown' })).json()).toEqual([]);
  });
});

describe('GET /api/RTShip/', () => {
  it('pages the ready-to-ship range ten at a time with links on PUBLIC_URL, whatever the Host header says', async () => {
    const base = t.config.publicUrl;
    const first = (await t.app.inject({ url: '/api/RTShip/', headers: { host: 'shop.test' } })).json<ReadyToShipPage>();
    expect(first.count).toBeGreaterThan(10);
    expect(first.results).toHaveLength(10);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${base}/api/RTShip/?page=2`);
    expect(first.results[0]!.product.slug).toBeTruthy();
    expect(typeof first.results[0]!.MostSold).toBe('boolean');
    const second = (await t.app.inject({ url: '/api/RTShip/?page=2', headers: { host: 'shop.test' } })).json<ReadyToShipPage>();
    expect(second.previous).toBe(`${base}/api/RTShip/?page=1`);
    const seen = [...first.results, ...second.results];
    let next = second.next;
    while (next) {
      const page = (await t.app.inject({ url: next.replace(base, ''), headers: { host: 'shop.test' } })).json<ReadyToShipPage>();
      seen.push(...page.results);
      next = page.next;
    }
    expect(new Set(seen.map((r) => r.id)).size).toBe(first.count);
    expect(seen).toHaveLength(first.count);
  });

  it('answers 404 past the last page and 400 for a bad page number', async () => {
    expect((await t.app.inject({ url: '/api/RTShip/?page=99' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/RTShip/?page=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/RTShip/?page=two' })).statusCode).toBe(400);
    const sized = (await t.app.inject({ url: '/api/RTShip/?page_size=5' })).json<ReadyToShipPage>();
    expect(sized.results).toHaveLength(5);
    expect(sized.next).toMatch(/page=2&page_size=5$/);
  });
});

describe('the read cache', () => {
  it('serves repeated reads from memory and forgets them on invalidate()', async () => {
    const { categories, products } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const before = await list('?category=paintings');
    const [category] = await t.database.db.select().from(categories).where(eq(categories.slug, 'paintings'));
    await t.database.db.insert(products).values({
      slug: 'cache-test-painting',
      name: 'Cache Test Painting',
      pricePaise: 100_000,
      categoryId: category!.id,
    });
    // Still the cached answer: the write did not go through the service.
    expect(await list('?category=paintings')).toHaveLength(before.length);
    t.services.catalog.invalidate();
    const after = await list('?category=paintings');
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((p) => p.slug === 'cache-test-painting')).toMatchObject({ price: 1000, images: [], image: null });
  });
});
