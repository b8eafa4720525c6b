import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Product, ReadyToShipEntry, ReadyToShipPage, Subcategory } from '../../contract/catalog';
import { ADMIN, createAdminTestApp, file, form, HTML_AS_JPEG, jpeg, login, png, snapshot, type AdminTestApp } from './admin-support';

let t: AdminTestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createAdminTestApp();
  auth = await login(t, ADMIN);
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: FormData | Record<string, unknown>) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

/** Asserts a write was refused with `status` and left every table and the media folder as they were. */
async function refusedUnchanged(
  write: () => Promise<{ statusCode: number; body: string; json: <T>() => T }>,
  status: number,
): Promise<{ detail: string; code: string; errors?: Record<string, string[]> }> {
  const before = await snapshot(t);
  const res = await write();
  expect(res.statusCode, res.body).toBe(status);
  expect(await snapshot(t)).toEqual(before);
  const body = res.json<{ detail: string; code: string; errors?: Record<string, string[]> }>();
  expect(body.detail).toMatch(/\S.*[.!]?$/);
  return body;
}

const mediaPath = (url: string) => path.join(t.mediaDir, url.replace(/^\/media\//, ''));

describe('products', () => {
  let created: Product;

  it('creates a product with two images, shown at once on the cached public list', async () => {
    // Fill the read cache first: the write must be visible right after it anyway.
    const before = await get<Product[]>('/api/products/?category=beds');
    expect(before.some((p) => p.name === 'Admin Test Bed')).toBe(false);

    const res = await send(
      'POST',
      '/api/products/',
      form({
        name: 'Admin Test Bed',
        price: '45999.50',
        category: 'beds',
        subcategory: 'queen-size-beds',
        description: 'A bed made in the test.',
        collection: 'collection2',
        newin: 'true',
        in_stock: 'true',
        stock_quantity: '3',
        ratings: '4.5',
        customizable: 'false',
        dimensions: '{"length": 210, "breadth": 160, "height": 95}',
        finishes: '["Natural Teak", "Walnut"]',
        images: [file(await png(), 'front.png', 'image/png'), file(await jpeg(), 'side.jpg')],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    created = res.json<Product>();
    expect(created).toMatchObject({
      slug: 'admin-test-bed',
      name: 'Admin Test Bed',
      price: 45999.5,
      category: { slug: 'beds', name: 'Beds' },
      subcategory: { slug: 'queen-size-beds', name: 'Queen Size Beds' },
      collection: 'collection2',
      newin: true,
      trending: false,
      stock_quantity: 3,
      ratings: 4.5,
      dimensions: { length: 210, breadth: 160, height: 95 },
      finishes: ['Natural Teak', 'Walnut'],
    });
    expect(created.images).toHaveLength(2);
    expect(created.image).toBe(created.images[0]!.image);
    for (const img of created.images) {
      expect(img.image).toMatch(/^\/media\/products\/[\w-]+-\d+x\d+\.jpg$/);
      expect(existsSync(mediaPath(img.image))).toBe(true);
    }

    const after = await get<Product[]>('/api/products/?category=beds');
    expect(after.find((p) => p.slug === 'admin-test-bed')).toEqual(created);
    expect(await get<Product>('/api/products/admin-test-bed/')).toEqual(created);
  });

  it('gives a second product of the same name the slug -2', async () => {
    const res = await send('POST', '/api/products/', form({ name: 'Admin Test Bed', price: '100', category: 'beds' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Product>()).toMatchObject({ slug: 'admin-test-bed-2', images: [], image: null, in_stock: true, finishes: [], dimensions: {} });
  });

  it('edits fields without touching the images, and the public read shows the change at once', async () => {
    await get<Product>('/api/products/admin-test-bed/');
    const res = await send('PATCH', '/api/products/admin-test-bed/', form({ price: '39999', trending: 'true' }));
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<Product>();
    expect(edited).toMatchObject({ price: 39999, trending: true, name: 'Admin Test Bed', images: created.images });
    expect((await get<Product>('/api/products/admin-test-bed/')).price).toBe(39999);
    // JSON works too when no file is sent.
    const json = await send('PATCH', '/api/products/admin-test-bed/', { description: 'Edited as JSON.', finishes: ['Honey'] });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json<Product>()).toMatchObject({ description: 'Edited as JSON.', finishes: ['Honey'], images: created.images });
  });

  it('adds, removes and reorders single images', async () => {
    const [first, second] = created.images;
    const added = await send(
      'PATCH',
      '/api/products/admin-test-bed/',
      form({ images: file(await png(80, 60, '#224466'), 'third.png', 'image/png') }),
    );
    expect(added.statusCode, added.body).toBe(200);
    const three = added.json<Product>().images;
    expect(three.slice(0, 2)).toEqual([first, second]);
    expect(three).toHaveLength(3);
    const third = three[2]!;

    const reordered = await send('PATCH', '/api/products/admin-test-bed/', form({ image_order: `${third.id},${first!.image}` }));
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<Product>().images).toEqual([third, first, second]);
    expect(reordered.json<Product>().image).toBe(third.image);

    const removed = await send('PATCH', '/api/products/admin-test-bed/', { remove_images: [String(first!.id)] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Product>().images).toEqual([third, second]);
    expect((await get<Product>('/api/products/admin-test-bed/')).images).toEqual([third, second]);
    created = removed.json<Product>();
  });

  it('refuses bad input with the spec’s messages and changes nothing', async () => {
    const missing = await refusedUnchanged(() => send('POST', '/api/products/', form({ description: 'no name' })), 400);
    expect(missing.code).toBe('invalid');
    expect(missing.errors).toMatchObject({ name: ['Name is required'], price: ['Valid price is required'], category: ['Category is required'] });

    const badPrice = await refusedUnchanged(() => send('POST', '/api/products/', form({ name: 'X', price: 'abc', category: 'beds' })), 400);
    expect(badPrice.errors).toEqual({ price: ['Valid price is required'] });
    const negative = await refusedUnchanged(() => send('POST', '/api/products/', form({ name: 'X', price: '-5', category: 'beds' })), 400);
    expect(negative.errors).toEqual({ price: ['Valid price is required'] });

    const badJson = await refusedUnchanged(
      () =>
        send(
          'POST',
          '/api/products/',
          form({ name: 'X', price: '10', category: 'beds', dimensions: '{length: 3', finishes: '["a",', images: file(jpeg_) }),
        ),
      400,
    );
    expect(badJson.errors).toEqual({ dimensions: ['Invalid JSON format'], finishes: ['Invalid JSON format'] });

    const wrongShape = await refusedUnchanged(() => send('PATCH', '/api/products/admin-test-bed/', form({ finishes: '{"a": 1}' })), 400);
    expect(wrongShape.errors?.finishes?.[0]).toMatch(/JSON array/);

    // The file's bytes are checked before anything else is done with the request.
    const htmlFirst = await refusedUnchanged(
      () => send('POST', '/api/products/', form({ name: '', price: '10', category: 'beds', images: file(HTML_AS_JPEG) })),
      415,
    );
    expect(htmlFirst.errors?.images?.[0]).toMatch(/not a JPEG, PNG or WebP image/);

    // With valid fields and a real image, a rule the service checks still leaves no file behind.
    const foreignSub = await refusedUnchanged(
      () => send('POST', '/api/products/', form({ name: 'X', price: '10', category: 'sofas', subcategory: 'queen-size-beds', images: file(jpeg_) })),
      400,
    );
    expect(foreignSub.errors).toEqual({ subcategory: ['Choose a subcategory of the chosen category.'] });
    const noCategory = await refusedUnchanged(
      () => send('POST', '/api/products/', form({ name: 'X', price: '10', category: 'nope', images: [file(jpeg_), file(jpeg_)] })),
      400,
    );
    expect(noCategory.errors).toEqual({ category: ['Choose an existing category.'] });

    const badRemove = await refusedUnchanged(
      () => send('PATCH', '/api/products/admin-test-bed/', form({ remove_images: '999999', images: file(jpeg_) })),
      400,
    );
    expect(badRemove.errors?.remove_images?.[0]).toMatch(/not one of this product’s images/);
    const unknownPatch = await refusedUnchanged(() => send('PATCH', '/api/products/no-such-product/', form({ price: '5' })), 404);
    expect(unknownPatch.code).toBe('not_found');
  });

  let jpeg_: Buffer;
  beforeAll(async () => {
    jpeg_ = await jpeg();
  });

  it('refuses a renamed HTML file, an oversized upload and too many files, storing nothing', async () => {
    const html = await refusedUnchanged(
      () =>
        send('POST', '/api/products/', form({ name: 'Html', price: '10', category: 'beds', images: [file(jpeg_), file(HTML_AS_JPEG, 'bed.jpg')] })),
      415,
    );
    expect(html.code).toBe('unsupported_media_type');
    expect(html.detail).toContain('“bed.jpg” is not a JPEG, PNG or WebP image');

    const big = Buffer.concat([jpeg_.subarray(0, 3), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const tooLarge = await refusedUnchanged(
      () => send('POST', '/api/products/', form({ name: 'Big', price: '10', category: 'beds', images: [file(jpeg_), file(big, 'big.jpg')] })),
      413,
    );
    expect(tooLarge.detail).toBe('Each file must be at most 5 MB. Choose a smaller file.');

    const many = await refusedUnchanged(
      () =>
        send('POST', '/api/products/', form({ name: 'Many', price: '10', category: 'beds', images: Array.from({ length: 13 }, () => file(jpeg_)) })),
      413,
    );
    expect(many.detail).toBe('Send at most 12 files at once.');

    // A file that starts like a JPEG but is not one fails in the pipeline: the good first image is removed again.
    const broken = Buffer.concat([jpeg_.subarray(0, 20), Buffer.alloc(200, 7)]);
    const corrupt = await refusedUnchanged(
      () =>
        send('POST', '/api/products/', form({ name: 'Broken', price: '10', category: 'beds', images: [file(jpeg_), file(broken, 'broken.jpg')] })),
      400,
    );
    expect(corrupt.errors?.images?.[0]).toMatch(/could not be read/);
  });

  it('deletes a product; it is gone from the public reads at once', async () => {
    await get<Product[]>('/api/products/?category=beds');
    const res = await send('DELETE', '/api/products/admin-test-bed-2/');
    expect(res.statusCode, res.body).toBe(204);
    expect((await t.app.inject({ url: '/api/products/admin-test-bed-2/' })).statusCode).toBe(404);
    expect((await get<Product[]>('/api/products/?category=beds')).some((p) => p.slug === 'admin-test-bed-2')).toBe(false);
    expect((await send('DELETE', '/api/products/admin-test-bed-2/')).statusCode).toBe(404);
  });
});

describe('categories and subcategories', () => {
  it('creates, renames and deletes categories with unique slugs', async () => {
    await get<Category[]>('/api/categories/');
    const a = await send(
      'POST',
      '/api/categories/',
      form({ name: 'Garden Furniture', description: 'Outdoors.', image: file(await png(), 'g.png', 'image/png') }),
    );
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json<Category>()).toMatchObject({ slug: 'garden-furniture', name: 'Garden Furniture', description: 'Outdoors.' });
    const image = a.json<Category>().image!;
    expect(image).toMatch(/^\/media\/categories\//);
    expect((await get<Category[]>('/api/categories/')).at(-1)).toEqual(a.json());

    const same = await refusedUnchanged(() => send('POST', '/api/categories/', form({ name: 'garden furniture' })), 400);
    expect(same.errors).toEqual({ name: ['A category with this name already exists.'] });
    const b = await send('POST', '/api/categories/', form({ name: 'Garden Furniture!' }));
    expect(b.json<Category>().slug).toBe('garden-furniture-2');

    const noName = await refusedUnchanged(() => send('PUT', '/api/categories/garden-furniture/', form({ description: 'x' })), 400);
    expect(noName.errors).toEqual({ name: ['Name is required'] });
    const put = await send('PUT', '/api/categories/garden-furniture/', form({ name: 'Garden', description: 'Kept image.' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Category>()).toMatchObject({ slug: 'garden-furniture', name: 'Garden', description: 'Kept image.', image });
    const patch = await send('PATCH', '/api/categories/garden-furniture/', { description: 'Patched.' });
    expect(patch.json<Category>()).toMatchObject({ name: 'Garden', description: 'Patched.', image });
    expect((await get<Category[]>('/api/categories/')).find((c) => c.slug === 'garden-furniture')?.description).toBe('Patched.');

    expect((await send('DELETE', '/api/categories/garden-furniture-2/')).statusCode).toBe(204);
    expect((await get<Category[]>('/api/categories/')).some((c) => c.slug === 'garden-furniture-2')).toBe(false);
  });

  it('refuses to delete a category that still has products, with a sentence', async () => {
    const body = await refusedUnchanged(() => send('DELETE', '/api/categories/beds/'), 409);
    expect(body.code).toBe('conflict');
    expect(body.detail).toMatch(/^The category “Beds” still has \d+ products\. Move them to another category or delete them first\.$/);
  });

  it('creates, moves and deletes subcategories', async () => {
    await get<Subcategory[]>('/api/subcategories/?category=garden-furniture');
    const missing = await refusedUnchanged(() => send('POST', '/api/subcategories/', form({ description: 'x' })), 400);
    expect(missing.errors).toEqual({ name: ['Name is required'], category: ['Category is required'] });
    const res = await send('POST', '/api/subcategories/', form({ name: 'Swings', category: 'garden-furniture' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Subcategory>()).toMatchObject({ slug: 'swings', category: { slug: 'garden-furniture', name: 'Garden' }, image: null });
    expect((await get<Subcategory[]>('/api/subcategories/?category=garden-furniture')).map((s) => s.slug)).toEqual(['swings']);
    const dup = await refusedUnchanged(() => send('POST', '/api/subcategories/', form({ name: 'swings', category: 'garden-furniture' })), 400);
    expect(dup.errors?.name).toBeDefined();

    const put = await send('PUT', '/api/subcategories/swings/', form({ name: 'Porch Swings', category: 'sofas' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Subcategory>()).toMatchObject({ slug: 'swings', name: 'Porch Swings', category: { slug: 'sofas' } });
    expect(await get<Subcategory[]>('/api/subcategories/?category=garden-furniture')).toEqual([]);

    // A category whose only content is a subcategory goes with it.
    await send('POST', '/api/subcategories/', form({ name: 'Benches', category: 'garden-furniture' }));
    expect((await send('DELETE', '/api/categories/garden-furniture/')).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/subcategories/?category=garden-furniture' })).json()).toEqual([]);
    expect((await send('DELETE', '/api/subcategories/swings/')).statusCode).toBe(204);
    expect((await send('DELETE', '/api/subcategories/swings/')).statusCode).toBe(404);
  });
});

describe('ready to ship', () => {
  it('adds, flags and removes a product, visible on the public page at once', async () => {
    const before = await get<ReadyToShipPage>('/api/RTShip/?page_size=100');
    const slug = (await get<Product[]>('/api/products/?limit=500')).find((p) => !before.results.some((e) => e.product.slug === p.slug))!.slug;

    const bad = await refusedUnchanged(() => send('POST', '/api/RTShip/', { product: 'no-such-product' }), 400);
    expect(bad.errors).toEqual({ product: ['Choose an existing product.'] });
    const missing = await refusedUnchanged(() => send('POST', '/api/RTShip/', {}), 400);
    expect(missing.errors).toEqual({ product: ['Product is required'] });

    const res = await send('POST', '/api/RTShip/', { product: slug, MostSold: true });
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json<ReadyToShipEntry>();
    expect(entry).toMatchObject({ product: { slug }, MostSold: true, NewArrival: false });
    const twice = await refusedUnchanged(() => send('POST', '/api/RTShip/', { product: slug }), 400);
    expect(twice.errors).toEqual({ product: ['This product is already in the ready-to-ship range.'] });

    const page = await get<ReadyToShipPage>('/api/RTShip/?page_size=100');
    expect(page.count).toBe(before.count + 1);
    expect(page.results[0]).toEqual(entry);

    const patched = await send('PATCH', `/api/RTShip/${entry.id}/`, form({ NewArrival: 'true', MostSold: 'false' }));
    expect(patched.json<ReadyToShipEntry>()).toMatchObject({ MostSold: false, NewArrival: true });
    expect((await get<ReadyToShipPage>('/api/RTShip/?page_size=100')).results[0]).toMatchObject({ MostSold: false, NewArrival: true });

    expect((await send('DELETE', `/api/RTShip/${entry.id}/`)).statusCode).toBe(204);
    expect((await get<ReadyToShipPage>('/api/RTShip/?page_size=100')).count).toBe(before.count);
    expect((await send('DELETE', `/api/RTShip/${entry.id}/`)).statusCode).toBe(404);
  });
});
