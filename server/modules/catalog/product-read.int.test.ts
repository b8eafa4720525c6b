import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contract/catalog';
import { categories, productFinishImages, productImages, products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../tests/support/app';

// The product read by its slug and a category's leading products are prepared statements (decision 0058): the
// same answers as the list's own statement, whatever the product holds.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function one(slug: string): Promise<Product> {
  const res = await t.app.inject({ url: `/api/products/${slug}/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Product>();
}

async function listed(query: string): Promise<Product[]> {
  return (await t.app.inject({ url: `/api/products/${query}` })).json<Product[]>();
}

async function paintingsId(): Promise<number> {
  const [category] = await t.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'paintings'));
  return category!.id;
}

describe('a product read by its slug', () => {
  it('is the product the list answers, for every product of the demo shop', async () => {
    const all = await listed('?limit=200');
    expect(all.length).toBeGreaterThanOrEqual(60);
    for (const product of all) expect(await one(product.slug)).toEqual(product);
  });

  it('reads a product without pictures, finishes, subcategory or reviews as empty lists and nothing', async () => {
    await t.database.db
      .insert(products)
      .values({ slug: 'bare-painting', name: 'Bare Painting', pricePaise: 250_000, categoryId: await paintingsId() });
    t.services.catalog.invalidate();
    const bare = await one('bare-painting');
    expect(bare).toMatchObject({ slug: 'bare-painting', price: 2500, images: [], image: null, finish_images: [], subcategory: null });
    expect(bare.review_count).toBe(0);
    expect(bare).toEqual((await listed('?category=paintings&limit=100')).find((p) => p.slug === 'bare-painting'));
  });

  it('reads its finishes’ pictures in the order they were added, and its own pictures by position, which then lead', async () => {
    const [made] = await t.database.db
      .insert(products)
      .values({
        slug: 'finished-painting',
        name: 'Finished Painting',
        pricePaise: 300_000,
        categoryId: await paintingsId(),
        finishes: ['Walnut', 'Natural Teak'],
      })
      .returning({ id: products.id });
    await t.database.db.insert(productFinishImages).values([
      { productId: made!.id, finish: 'Walnut', image: '/media/products/walnut.jpg' },
      { productId: made!.id, finish: 'Natural Teak', image: '/media/products/teak.jpg' },
    ]);
    t.services.catalog.invalidate();
    const drawn = await one('finished-painting');
    expect(drawn.finishes).toEqual(['Walnut', 'Natural Teak']);
    expect(drawn.finish_images).toEqual([
      { finish: 'Walnut', image: '/media/products/walnut.jpg' },
      { finish: 'Natural Teak', image: '/media/products/teak.jpg' },
    ]);
    expect(drawn.images).toEqual([]);

    await t.database.db.insert(productImages).values([
      { productId: made!.id, image: '/media/products/second.jpg', position: 2 },
      { productId: made!.id, image: '/media/products/first.jpg', position: 1 },
    ]);
    t.services.catalog.invalidate();
    const photographed = await one('finished-painting');
    expect(photographed.images.map((i) => i.image)).toEqual(['/media/products/first.jpg', '/media/products/second.jpg']);
    expect(photographed.image).toBe('/media/products/first.jpg');
    // The owner's photos lead: the finishes' drawings stand back.
    expect(photographed.finish_images).toEqual([]);
    expect(photographed).toEqual((await listed('?category=paintings&limit=100')).find((p) => p.slug === 'finished-painting'));
  });

  it('answers 404 for a slug no product has, and the next read of a real one still answers it', async () => {
    expect((await t.app.inject({ url: '/api/products/no-such-painting/' })).statusCode).toBe(404);
    expect((await one('nila-queen-bed')).name).toBe('Nila Queen Bed');
  });
});

describe('a category’s leading products', () => {
  it('are as many as asked, in the list’s order, read again for another count', async () => {
    const beds = await listed('?category=beds&limit=100');
    const order = [...beds].sort(
      (a, b) => Number(b.topselling) - Number(a.topselling) || Math.round(b.ratings * 10) - Math.round(a.ratings * 10) || a.id - b.id,
    );
    const piece = order.at(-1)!;
    for (const limit of [1, 3, 8]) {
      const related = await t.services.catalog.relatedProducts(piece, limit);
      expect(related).toEqual(order.filter((p) => p.id !== piece.id).slice(0, limit));
    }
  });
});
