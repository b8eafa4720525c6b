import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, Room } from '../../contract/rooms';
import type { Product } from '../../contract/catalog';
import * as schema from '../../server/db/schema';
import { roomScene } from '../../server/db/seed/room-scenes';
import { ADMIN, createAdminTestApp, CUSTOMER, file, form, HTML_AS_JPEG, jpeg, login, type AdminTestApp } from './admin-support';

let t: AdminTestApp;
let admin: Record<string, string>;
let customer: Record<string, string>;

beforeAll(async () => {
  t = await createAdminTestApp();
  admin = await login(t, ADMIN);
  customer = await login(t, CUSTOMER);
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: FormData | Record<string, unknown>, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
type ErrorBody = { detail: string; code: string; errors?: Record<string, string[]> };

const products = () => get<Product[]>('/api/products/?limit=500');

describe('rooms', () => {
  it('a visitor reads the spec’s rooms with hotspots leading to products, and one room by its address', async () => {
    const rooms = await get<Room[]>('/api/rooms/');
    expect(rooms.filter((r) => r.on_home).map((r) => r.name)).toEqual(['TV Unit', 'Kitchen', 'Bed Room', 'Study Table']);
    expect(rooms.filter((r) => r.kind === 'bedroom')).toHaveLength(5);
    const bedRoom = await get<Room>('/api/rooms/bed-room/');
    expect(bedRoom.name).toBe('Bed Room');
    expect(bedRoom.hotspots.length).toBeGreaterThan(0);
    const spot = bedRoom.hotspots[0]!;
    expect(spot.x).toBeGreaterThanOrEqual(0);
    expect(spot.x).toBeLessThanOrEqual(100);
    const product = await get<Product>(`/api/products/${spot.product.slug}/`);
    expect(spot.product).toEqual({ slug: product.slug, name: product.name, price: product.price });
    // Its picture is drawn from the pieces its hotspots lead to, each hotspot on its piece (server/db/seed/room-scenes.ts).
    const scene = roomScene('bed-room')!;
    expect(bedRoom.image).toMatch(/^\/media\/room-scenes\/bed-room-1200x800\.jpg$/);
    expect(bedRoom.hotspots.map(({ x, y, product: p }) => ({ x, y, product: p.slug })).sort((a, b) => a.x - b.x)).toEqual(
      scene.pieces.map(({ dot, product: p }) => ({ ...dot, product: p })).sort((a, b) => a.x - b.x),
    );
    const missing = await t.app.inject({ url: '/api/rooms/no-such-room/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ErrorBody>().detail).toBe('Room was not found.');
  });

  it('the owner creates a room with an image and hotspots, moves a hotspot, and deletes the room', async () => {
    const [a, b] = (await products()).filter((p) => p.in_stock);
    const res = await send(
      'POST',
      '/api/rooms/',
      form({
        name: 'Veranda',
        hotspots: JSON.stringify([{ x: 25.5, y: 60, product: a!.slug }]),
        products: JSON.stringify([a!.slug, b!.slug]),
        image: file(await jpeg(300, 200)),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const room = res.json<Room>();
    expect(room.slug).toBe('veranda');
    expect(room.image).toMatch(/^\/media\/rooms\/[\w-]+-300x200\.jpg$/);
    expect(room.hotspots).toEqual([{ x: 25.5, y: 60, product: expect.objectContaining({ slug: a!.slug, name: a!.name, price: a!.price }) }]);
    expect((await get<Room>('/api/rooms/veranda/')).products.map((p) => p.slug)).toEqual([a!.slug, b!.slug]);
    // A new picture replaces the old one, which leaves storage (nothing else shows it).
    const stored = (url: string) => existsSync(path.join(t.mediaDir, url.replace(/^\/media\//, '')));
    expect(stored(room.image!)).toBe(true);
    const replaced = await send('PATCH', '/api/rooms/veranda/', form({ image: file(await jpeg(320, 200)) }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(stored(room.image!)).toBe(false);
    expect(stored(replaced.json<Room>().image!)).toBe(true);

    const moved = await send('PATCH', '/api/rooms/veranda/', { hotspots: JSON.stringify([{ x: 30, y: 40.25, product: b!.slug }]) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get<Room>('/api/rooms/veranda/')).hotspots).toEqual([
      { x: 30, y: 40.25, product: { slug: b!.slug, name: b!.name, price: b!.price } },
    ]);

    expect((await send('DELETE', '/api/rooms/veranda/')).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/rooms/veranda/' })).statusCode).toBe(404);
  });

  it('refuses a hotspot outside the picture, an unknown product and a picture that is not one, and changes nothing', async () => {
    const before = await get<Room>('/api/rooms/kitchen/');
    const outside = await send('PATCH', '/api/rooms/kitchen/', {
      hotspots: JSON.stringify([{ x: 120, y: 50, product: before.hotspots[0]!.product.slug }]),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json<ErrorBody>().errors).toEqual({
      hotspots: ['Hotspot 1 is outside the picture: x and y must be between 0 and 100 (percent).'],
    });
    const unknown = await send('PATCH', '/api/rooms/kitchen/', { hotspots: JSON.stringify([{ x: 10, y: 50, product: 'no-such-piece' }]) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().errors).toEqual({ hotspots: ['There is no product “no-such-piece”. Choose a product from the list.'] });
    const noName = await send('POST', '/api/rooms/', form({ name: ' ' }));
    expect(noName.json<ErrorBody>().errors).toEqual({ name: ['Name is required'] });
    const html = await send('PATCH', '/api/rooms/kitchen/', form({ image: file(HTML_AS_JPEG, 'room.jpg') }));
    expect(html.statusCode).toBe(415);
    expect(await get<Room>('/api/rooms/kitchen/')).toEqual(before);
  });

  it('a visitor and a customer cannot change rooms', async () => {
    for (const headers of [{}, customer]) {
      for (const [method, url] of [
        ['POST', '/api/rooms/'],
        ['PATCH', '/api/rooms/kitchen/'],
        ['DELETE', '/api/rooms/kitchen/'],
      ] as const) {
        const res = await send(method, url, { name: 'Taken over' }, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(headers === customer ? 403 : 401);
      }
    }
    expect((await get<Room>('/api/rooms/kitchen/')).name).toBe('Kitchen');
  });

  it('a product that is sold out or deleted leaves no hotspot behind', async () => {
    const room = await get<Room>('/api/rooms/living-room/');
    const [first, second] = room.hotspots;
    // Off sale: the hotspot goes at once (the cached read is dropped by the write).
    const off = await send('PATCH', `/api/products/${first!.product.slug}/`, { in_stock: 'false' });
    expect(off.statusCode, off.body).toBe(200);
    const after = await get<Room>('/api/rooms/living-room/');
    expect(after.hotspots.map((h) => h.product.slug)).not.toContain(first!.product.slug);
    expect(after.products.map((p) => p.slug)).not.toContain(first!.product.slug);
    // Deleted: the hotspot is gone with it.
    const [row] = await t.database.db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, second!.product.slug));
    await t.database.db.delete(schema.orderItems).where(eq(schema.orderItems.productId, row!.id));
    const deleted = await send('DELETE', `/api/products/${second!.product.slug}/`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await get<Room>('/api/rooms/living-room/')).hotspots.map((h) => h.product.slug)).not.toContain(second!.product.slug);
    await send('PATCH', `/api/products/${first!.product.slug}/`, { in_stock: 'true' });
  });
});

describe('the products rooms and collections show', () => {
  it('each carries its own first picture, the one its product page shows', async () => {
    const catalogue = new Map((await products()).map((p) => [p.slug, p]));
    const shown = [
      ...(await get<Room[]>('/api/rooms/')).flatMap((r) => r.products),
      ...(await get<Collection[]>('/api/collections/')).flatMap((c) => c.products),
    ];
    expect(shown.length).toBeGreaterThan(10);
    for (const p of shown) expect(p.image, p.slug).toBe(catalogue.get(p.slug)!.image);
  });
});

describe('collections', () => {
  it('a visitor reads the four collections with their cheapest price, and one by its id', async () => {
    const list = await get<Collection[]>('/api/collections/');
    expect(list.map((c) => [c.id, c.title])).toEqual([
      ['collection1', 'Significant Essence'],
      ['collection2', 'Elegant Reflections'],
      ['collection3', 'Modern Minimalist'],
      ['collection4', 'Vintage Charm'],
    ]);
    const one = await get<Collection>('/api/collections/collection4/');
    const members = (await products()).filter((p) => p.collection === 'collection4');
    expect(one.products.map((p) => p.slug).sort()).toEqual(members.map((p) => p.slug).sort());
    expect(one.starts_from).toBe(Math.min(...members.map((p) => p.price)));
    expect((await t.app.inject({ url: '/api/collections/collection9/' })).statusCode).toBe(404);
  });

  it('the owner creates a collection, sets its products and its own start price, and deletes it', async () => {
    const [a, b] = await products();
    const res = await send(
      'POST',
      '/api/collections/',
      form({
        id: 'monsoon',
        title: 'Monsoon Edit',
        tagline: 'Dark woods for grey days.',
        products: `${a!.slug},${b!.slug}`,
        image: file(await jpeg(240, 180)),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Collection>();
    expect(created).toMatchObject({ id: 'monsoon', title: 'Monsoon Edit', starts_from: Math.min(a!.price, b!.price), starts_from_set: null });
    expect(created.image).toMatch(/^\/media\/collections\//);
    expect((await get<Product[]>('/api/products/?collection=monsoon')).map((p) => p.slug).sort()).toEqual([a!.slug, b!.slug].sort());

    const edited = await send('PATCH', '/api/collections/monsoon/', { starts_from: '12999', products: JSON.stringify([a!.slug]) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Collection>()).toMatchObject({
      starts_from: 12999,
      starts_from_set: 12999,
      products: [expect.objectContaining({ slug: a!.slug })],
    });

    expect((await send('DELETE', '/api/collections/monsoon/')).statusCode).toBe(204);
    expect(await get<Product[]>('/api/products/?collection=monsoon')).toEqual([]);
    expect((await get<Product>(`/api/products/${a!.slug}/`)).collection).toBeNull();
  });

  it('refuses a duplicate id, an unknown product and a missing title with sentences', async () => {
    const dup = await send('POST', '/api/collections/', { id: 'collection1', title: 'Again' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json<ErrorBody>().errors).toEqual({ id: ['The id “collection1” is already used by another collection. Choose another id.'] });
    const unknown = await send('POST', '/api/collections/', { id: 'new-one', title: 'New', products: '["no-such-piece"]' });
    expect(unknown.json<ErrorBody>().errors).toEqual({ products: ['There is no product “no-such-piece”. Choose a product from the list.'] });
    const untitled = await send('POST', '/api/collections/', { id: 'new-one' });
    expect(untitled.json<ErrorBody>().errors).toEqual({ title: ['Title is required'] });
    expect((await t.app.inject({ url: '/api/collections/new-one/' })).statusCode).toBe(404);
    const product = await send('PATCH', `/api/products/${(await products())[0]!.slug}/`, { collection: 'collection9' });
    expect(product.json<ErrorBody>().errors).toEqual({
      collection: ['There is no collection “collection9”. Choose one from the list, or leave it empty.'],
    });
  });

  it('a visitor and a customer cannot change collections', async () => {
    for (const headers of [{}, customer]) {
      const res = await send('PATCH', '/api/collections/collection1/', { title: 'Mine' }, headers);
      expect(res.statusCode).toBe(headers === customer ? 403 : 401);
      const del = await send('DELETE', '/api/collections/collection1/', undefined, headers);
      expect(del.statusCode).toBe(headers === customer ? 403 : 401);
    }
    expect((await get<Collection>('/api/collections/collection1/')).title).toBe('Significant Essence');
  });
});
