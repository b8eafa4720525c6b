import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode, type Cart } from '../../contract/cart';
import type { Product } from '../../contract/catalog';
import { finishSlug } from '../../contract/finishes';
import { SEED_PRODUCTS } from '../../server/db/seed/content';
import { ADMIN, createAdminTestApp, file, form, login, png, type AdminTestApp } from './admin-support';

let t: AdminTestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createAdminTestApp();
  auth = await login(t, ADMIN);
});
afterAll(() => t.close());

const product = async (slug: string) => {
  const res = await t.app.inject({ url: `/api/products/${slug}/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Product>();
};

describe('pictures of the demo shop', () => {
  it('the seed draws every product in each of its finishes, from the front, at three-quarters, up close and in a room', async () => {
    const all = (await t.app.inject({ url: '/api/products/?limit=500' })).json<Product[]>();
    expect(all).toHaveLength(SEED_PRODUCTS.length);
    for (const p of all) {
      expect(p.images.map((i) => i.image.replace(/^\/media\/drawings\/[a-z0-9-]+?-(front|angle|detail|room)-.*$/, '$1')).slice(0, 4)).toEqual([
        'front',
        'angle',
        'detail',
        'room',
      ]);
      expect(p.finish_images.map((f) => f.finish)).toEqual(p.finishes);
      for (const f of p.finish_images) expect(f.image).toContain(`/media/drawings/${p.slug}-front-${finishSlug(f.finish)}-1200x900.jpg`);
      expect(p.image).toBe(p.finish_images[0]!.image);
    }
    // Drawn when first asked for (the tests' template, as a first start, draws later), with its light variants.
    const first = all[0]!.finish_images[1]!.image;
    for (const [url, type] of [
      [first, 'image/jpeg'],
      [`${first}.w640.webp`, 'image/webp'],
      [`${first}.w640.avif`, 'image/avif'],
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
    }
  });

  it('a cart line shows the piece in the finish the buyer chose', async () => {
    const bed = await product('nila-queen-bed');
    const code = newCartCode();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/add_item/',
      payload: { cart_code: code, product_id: bed.id, finish: 'Dark Walnut' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const cart = (await t.app.inject({ url: `/api/get_cart/?cart_code=${code}` })).json<Cart>();
    expect(cart.items[0]).toMatchObject({ finish: 'Dark Walnut', image: bed.finish_images.find((f) => f.finish === 'Dark Walnut')!.image });
    expect(cart.items[0]!.image).toContain('-front-dark-walnut-');
  });

  it('photos the owner uploads replace the drawings, in the gallery, the finishes and the cart line', async () => {
    const chair = await product('besant-lounge-chair');
    const code = newCartCode();
    await t.app.inject({ method: 'POST', url: '/api/add_item/', payload: { cart_code: code, product_id: chair.id, finish: chair.finishes[1] } });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/products/besant-lounge-chair/',
      headers: auth,
      payload: form({ images: file(await png(120, 90, '#335577'), 'photo.png', 'image/png') }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Product>();
    expect(after.images).toHaveLength(1);
    expect(after.images[0]!.image).not.toContain('/media/drawings/');
    expect(after.finish_images).toEqual([]);
    const cart = (await t.app.inject({ url: `/api/get_cart/?cart_code=${code}` })).json<Cart>();
    expect(cart.items[0]).toMatchObject({ finish: chair.finishes[1], image: after.images[0]!.image });
  });
});
