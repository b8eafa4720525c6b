import path from 'node:path';
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { ROOT } from '../support/paths';
import { ADMIN, CUSTOMER, createAdminTestApp, nextAddress, type AdminTestApp } from './admin-support';
import { logInThroughPage } from './page-reading';

const BUILD = path.join(ROOT, 'build');

/** A person signed in through the log-in page: the session cookie the panel's pages read. */
const cookieOf = (t: AdminTestApp, who: { email: string; password: string }) => logInThroughPage(t.app, who, { remoteAddress: nextAddress() });

/** A route's loader data as the browser gets it on a navigation (`<path>.data`, turbo-stream). */
async function loaderData<T>(t: AdminTestApp, url: string, routeId: string, cookie: string): Promise<{ status: number; data: T }> {
  const [pathname, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  params.set('_routes', routeId);
  const res = await t.app.inject({ url: `${pathname}.data?${params.toString()}`, headers: { cookie } });
  const body = new Response(new Uint8Array(res.rawPayload)).body!;
  const decoded = (await decodeTurboStream(body, globalThis)).value as Record<string, { data: T }>;
  return { status: res.statusCode, data: decoded[routeId]!.data };
}

interface ListData {
  products: Record<string, unknown>[];
  nextAfter: number | null;
  categories: Record<string, unknown>[];
  subcategories: Record<string, unknown>[];
}

describe('the owner’s product list carries its rows; Edit reads the whole product', () => {
  let t: AdminTestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createAdminTestApp({}, { webBuildDir: BUILD });
    owner = await cookieOf(t, ADMIN);
  });
  afterAll(() => t?.close());

  it('a page of the list sends each product’s row only: no description, pictures list, finishes or shipping figures', async () => {
    const { status, data } = await loaderData<ListData>(t, '/dashboard/products', 'routes/dashboard.products', owner);
    expect(status).toBe(200);
    expect(data.products).toHaveLength(50);
    const whole = (await t.app.inject({ url: '/api/products/?limit=50' })).json<Product[]>();
    // The rows come in the list's order, each with what the row shows and nothing else.
    expect(data.products.map((p) => p.slug)).toEqual(whole.map((p) => p.slug));
    for (const row of data.products)
      expect(Object.keys(row).sort()).toEqual(
        ['available_quantity', 'image', 'in_stock', 'name', 'on_sale', 'place', 'price', 'slug', 'stock_kind', 'stock_quantity'].sort(),
      );
    const first = whole[0]!;
    expect(data.products[0]).toEqual({
      slug: first.slug,
      name: first.name,
      image: first.image,
      price: first.price,
      place: first.subcategory ? `${first.category.name} › ${first.subcategory.name}` : first.category.name,
      on_sale: first.on_sale,
      stock_kind: first.stock_kind,
      in_stock: first.in_stock,
      stock_quantity: first.stock_quantity,
      available_quantity: first.available_quantity,
    });
    // The form's selects get slugs and names, not the categories' descriptions.
    expect(Object.keys(data.categories[0]!).sort()).toEqual(['name', 'slug']);
    expect(Object.keys(data.subcategories[0]!).sort()).toEqual(['category', 'name', 'slug']);
    // A later page by cursor, and a search, are rows too.
    const next = await loaderData<ListData>(t, `/dashboard/products?after=${data.nextAfter}`, 'routes/dashboard.products', owner);
    expect(next.data.products.length).toBeGreaterThan(0);
    expect(next.data.products[0]).not.toHaveProperty('description');
    const found = await loaderData<ListData>(t, `/dashboard/products?search=${encodeURIComponent(first.name)}`, 'routes/dashboard.products', owner);
    expect(found.data.products.map((p) => p.slug)).toContain(first.slug);
    expect(found.data.products[0]).not.toHaveProperty('images');

    // And the page's HTML carries no product's description.
    const page = await t.app.inject({ url: '/dashboard/products', headers: { cookie: owner } });
    expect(page.statusCode).toBe(200);
    for (const p of whole) if (p.description.length > 20) expect(page.body).not.toContain(p.description.slice(0, 60));
  });

  it('Edit reads the whole product with every saved field; a product that is gone is a 404 with a sentence', async () => {
    const whole = (await t.app.inject({ url: '/api/products/?limit=3' })).json<Product[]>();
    const chosen = whole[2]!;
    const { status, data } = await loaderData<{ product: Product | null; message: string | null }>(
      t,
      `/dashboard/products/${chosen.slug}`,
      'routes/dashboard.product',
      owner,
    );
    expect(status).toBe(200);
    expect(data).toEqual({ product: chosen, message: null });
    expect(data.product!.description.length).toBeGreaterThan(0);

    const direct = await t.app.inject({ url: `/dashboard/products/${chosen.slug}`, headers: { cookie: owner } });
    expect(direct.statusCode).toBe(200);
    expect(direct.json<{ product: Product }>().product).toEqual(chosen);

    const gone = await t.app.inject({ url: '/dashboard/products/no-such-piece-anywhere', headers: { cookie: owner } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ product: null, message: 'This product is no longer in the catalogue.' });
  });

  it('a customer asking for a product’s editor record gets 403 and no product; a visitor is sent to log in', async () => {
    const slug = (await t.app.inject({ url: '/api/products/?limit=1' })).json<Product[]>()[0]!.slug;
    const customer = await cookieOf(t, CUSTOMER);
    const refused = await t.app.inject({ url: `/dashboard/products/${slug}`, headers: { cookie: customer } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ product: null, message: 'Only the shop’s administrators can do this.' });
    const asData = await loaderData<{ product: Product | null }>(t, `/dashboard/products/${slug}`, 'routes/dashboard.product', customer);
    expect(asData.status).toBe(403);
    expect(asData.data.product).toBeNull();

    const visitor = await t.app.inject({ url: `/dashboard/products/${slug}` });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/login?next=${encodeURIComponent(`/dashboard/products/${slug}`)}`);
  });
});
