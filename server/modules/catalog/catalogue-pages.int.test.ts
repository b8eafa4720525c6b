import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contract/catalog';
import { PRODUCT_ORDERINGS } from '../../../contract/catalog-values';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { sitemapRoutes } from './sitemap.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every page of a list, following `Link: rel="next"` from the first. */
async function walk(query: string): Promise<{ pages: number; products: Product[] }> {
  const products: Product[] = [];
  let url: string | null = `/api/products/?${query}`;
  let pages = 0;
  while (url) {
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    products.push(...res.json<Product[]>());
    pages += 1;
    const link = res.headers.link as string | undefined;
    const next = link ? new URL(/^<([^>]+)>; rel="next"$/.exec(link)![1]!) : null;
    url = next ? next.pathname + next.search : null;
    expect(pages).toBeLessThan(100);
  }
  return { pages, products };
}

describe('GET /api/products/ page after page (keyset)', () => {
  it('gives in every order the same products, once each, as one long list', async () => {
    for (const ordering of ['', ...PRODUCT_ORDERINGS]) {
      const whole = (await t.app.inject({ url: `/api/products/?limit=500&ordering=${ordering}` })).json<Product[]>();
      const paged = await walk(`limit=7&ordering=${ordering}`);
      expect(
        paged.products.map((p) => p.id),
        ordering,
      ).toEqual(whole.map((p) => p.id));
      expect(paged.pages).toBe(Math.ceil(whole.length / 7) + (whole.length % 7 === 0 ? 1 : 0));
    }
  });

  it('keeps the filters in the next link, and answers the same fields as the first page', async () => {
    const first = await t.app.inject({ url: '/api/products/?category=beds&limit=2' });
    const link = first.headers.link as string;
    expect(link).toMatch(/^<http[^>]+\/api\/products\/\?category=beds&limit=2&after=\d+>; rel="next"$/);
    const beds = await walk('category=beds&limit=2');
    expect(beds.products.every((p) => p.category.slug === 'beds')).toBe(true);
    expect(Object.keys(beds.products.at(-1)!).sort()).toEqual(Object.keys(first.json<Product[]>()[0]!).sort());
  });

  it('gives no next link on a last page, nor with search, and refuses a cursor with search', async () => {
    const all = await t.app.inject({ url: '/api/products/?limit=500' });
    expect(all.headers.link).toBeUndefined();
    const search = await t.app.inject({ url: '/api/products/?search=bed&limit=1' });
    expect(search.headers.link).toBeUndefined();
    const refused = await t.app.inject({ url: '/api/products/?search=bed&after=3' });
    expect(refused.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/products/?after=abc' })).statusCode).toBe(400);
  });
});

describe('sitemap', () => {
  it('lists every product in /sitemap.xml while the shop has at most 50,000 addresses', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<urlset');
    const products = (await t.app.inject({ url: '/api/products/?limit=500' })).json<Product[]>();
    for (const p of products) expect(res.body).toContain(`/product/${p.slug}</loc>`);
  });

  it('becomes an index of files of at most the limit, products oldest first, past it', async () => {
    // The same routes with a limit of 10 addresses a file, on the seeded shop's database.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(sitemapRoutes, { services: t.services, maxUrls: 10 });
    const index = await app.inject({ url: '/sitemap.xml' });
    expect(index.body).toContain('<sitemapindex');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const total = await t.services.catalog.countProducts();
    expect(files).toEqual(['/sitemap-pages.xml', ...Array.from({ length: Math.ceil(total / 10) }, (_, i) => `/sitemap-products-${i + 1}.xml`)]);
    const seen: string[] = [];
    for (const file of files.slice(1)) {
      const part = await app.inject({ url: file });
      expect(part.statusCode).toBe(200);
      const locs = [...part.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(10);
      seen.push(...locs);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const pages = await app.inject({ url: '/sitemap-pages.xml' });
    expect(pages.body).toContain('/Category/beds</loc>');
    expect((await app.inject({ url: `/sitemap-products-${files.length}.xml` })).statusCode).toBe(404);
    await app.close();
  });
});
