import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode, type Cart, type CartItem, type CartStatus } from '../../contract/cart';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { carts } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { TEST_JWT_SECRET } from '../support/paths';
import { client, newBuyer, stockedProduct } from './checkout-helpers';

/** A cart code is a capability (API.md): who holds it may use that open cart, and it never reaches a log. */

let t: TestApp;
let chair: { id: number };
let table: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  chair = await stockedProduct(t, 1, { price: 12_500, stock: 40 });
  table = await stockedProduct(t, 0, { price: 49_999, stock: 5 });
});
afterAll(() => t.close());

/** The spec's client makes 10-character codes. */
const specCode = () => newCartCode(10);

describe('a cart code is a capability', () => {
  it('once its access token has expired, the existing client still sees and changes its user’s cart by its code; checkout still needs the user', async () => {
    const ravi = await newBuyer(t, 'Ravi');
    const code = specCode();
    const added = await ravi.api.post('/api/add_item/', { cart_code: code, product_id: chair.id, quantity: 2 });
    expect(added.statusCode, added.body).toBe(201);
    const item = added.json<{ data: CartItem }>().data;

    // The token has expired: the client sends none, with the code it keeps.
    const expired = client(t);
    expect((await expired.get(`/api/get_cart_status/?cart_code=${code}`)).json<CartStatus>()).toMatchObject({ cart_code: code, number_of_items: 2 });
    const cart = (await expired.get(`/api/get_cart/?cart_code=${code}`)).json<Cart>();
    expect(cart.items.map((i) => [i.id, i.quantity])).toEqual([[item.id, 2]]);
    expect((await expired.get(`/api/product_in_cart/?cart_code=${code}&product_id=${chair.id}`)).json()).toEqual({ product_in_cart: true });
    expect((await expired.patch('/api/update_quantity/', { item_id: item.id, quantity: 3, cart_code: code })).statusCode).toBe(200);
    expect((await expired.post('/api/add_item/', { cart_code: code, product_id: table.id })).statusCode).toBe(201);
    expect((await expired.del('/api/delete_cartitem/', { item_id: item.id, cart_code: code })).statusCode).toBe(204);
    // Still Ravi's cart, with what was changed without the token.
    const mine = (await ravi.api.get(`/api/get_cart/?cart_code=${code}`)).json<Cart>();
    expect(mine.items.map((i) => i.product.id)).toEqual([table.id]);
    const [row] = await t.database.db.select().from(carts).where(eq(carts.cartCode, code));
    expect(row!.userId).toBe(ravi.id);

    // Checkout is the user's: without the token it is 401, and another user with the code sees nothing.
    expect((await expired.post('/api/create_order/', { cart_code: code })).statusCode).toBe(401);
    const other = await newBuyer(t, 'Other');
    expect((await other.api.get(`/api/get_cart/?cart_code=${code}`)).statusCode).toBe(404);
    // Nor does an item id of that cart without its code.
    expect((await client(t).patch('/api/update_quantity/', { item_id: mine.items[0]!.id, quantity: 2 })).statusCode).toBe(400);
  });

  it('a logged-in user sending a guest’s code merges it into their own cart rather than taking it over', async () => {
    // Meera has no cart yet; a guest cart (hers on another device, or one planted on her) holds two lines.
    const meera = await newBuyer(t, 'Meera');
    const guestCode = specCode();
    const guest = client(t);
    await guest.post('/api/add_item/', { cart_code: guestCode, product_id: chair.id, quantity: 2 });
    await guest.post('/api/add_item/', { cart_code: guestCode, product_id: table.id });

    const merged = (await meera.api.get(`/api/get_cart/?cart_code=${guestCode}`)).json<Cart>();
    expect(merged.cart_code).not.toBe(guestCode);
    expect(merged.cart_code.length).toBeGreaterThanOrEqual(32);
    expect(merged.items.map((i) => [i.product.id, i.quantity]).sort()).toEqual(
      [
        [chair.id, 2],
        [table.id, 1],
      ].sort(),
    );
    // The guest cart is closed, and remembers the cart it went into.
    const [closed] = await t.database.db.select().from(carts).where(eq(carts.cartCode, guestCode));
    expect(closed!.status).toBe('merged');
    expect(closed!.mergedIntoId).toBe(merged.id);
    // For Meera the old code still leads to her cart.
    expect((await meera.api.get(`/api/get_cart_status/?cart_code=${guestCode}`)).json<CartStatus>()).toMatchObject({
      cart_code: merged.cart_code,
      number_of_items: 3,
    });

    // A second guest cart is added to hers: same lines summed, within the cap of 20.
    const second = specCode();
    await client(t).post('/api/add_item/', { cart_code: second, product_id: chair.id, quantity: 19 });
    const again = (await meera.api.get(`/api/get_cart/?cart_code=${second}`)).json<Cart>();
    expect(again.cart_code).toBe(merged.cart_code);
    expect(again.items.find((i) => i.product.id === chair.id)!.quantity).toBe(20);
  });

  it('a merged code keeps finding the cart it went into once the device’s token has expired, and that cart only', async () => {
    const asha = await newBuyer(t, 'Asha');
    // Her phone, logged in, already has a cart; her laptop shopped as a guest, then logged in too.
    const phoneCode = specCode();
    await asha.api.post('/api/add_item/', { cart_code: phoneCode, product_id: table.id });
    const laptopCode = specCode();
    const laptop = client(t);
    await laptop.post('/api/add_item/', { cart_code: laptopCode, product_id: chair.id, quantity: 2 });
    const merged = (await asha.api.get(`/api/get_cart/?cart_code=${laptopCode}`)).json<Cart>();
    expect(merged.cart_code).toBe(phoneCode);

    // The laptop's access token expires; it asks with the code it holds. The badge keeps its count.
    const status = await laptop.get(`/api/get_cart_status/?cart_code=${laptopCode}`);
    expect(status.statusCode).toBe(200);
    expect(status.json<CartStatus>()).toMatchObject({ id: merged.id, number_of_items: 3 });
    const cart = (await laptop.get(`/api/get_cart/?cart_code=${laptopCode}`)).json<Cart>();
    expect(cart.items.map((i) => i.product.id).sort()).toEqual([chair.id, table.id].sort());
    expect((await laptop.post('/api/add_item/', { cart_code: laptopCode, product_id: table.id })).statusCode).toBe(201);
    expect((await asha.api.get(`/api/get_cart_status/?cart_code=${phoneCode}`)).json<CartStatus>().number_of_items).toBe(4);

    // Another user with the code sees nothing.
    const other = await newBuyer(t, 'Stranger');
    expect((await other.api.get(`/api/get_cart/?cart_code=${laptopCode}`)).statusCode).toBe(404);
    // Once that cart is ordered, the code leads nowhere: not to Asha's next cart.
    await t.database.db.update(carts).set({ status: 'ordered' }).where(eq(carts.id, merged.id));
    await asha.api.post('/api/add_item/', { cart_code: specCode(), product_id: chair.id });
    expect((await laptop.get(`/api/get_cart/?cart_code=${laptopCode}`)).statusCode).toBe(404);
    expect((await laptop.get(`/api/get_cart_status/?cart_code=${laptopCode}`)).statusCode).toBe(404);
  });

  it('the spec’s 10-character codes stay accepted, and guessing codes is rate limited', async () => {
    const code = specCode();
    expect(code).toMatch(/^[A-Za-z0-9]{10}$/);
    const guest = client(t);
    expect((await guest.post('/api/add_item/', { cart_code: code, product_id: chair.id })).statusCode).toBe(201);
    let limited = 0;
    for (let i = 0; i < 620 && !limited; i++) {
      const res = await guest.get(`/api/get_cart_status/?cart_code=${specCode()}`);
      if (res.statusCode === 429) limited = i;
      else expect(res.statusCode).toBe(404);
    }
    expect(limited).toBeGreaterThan(0);
  });
});

it('cart codes are never logged in clear: not in URLs, queries or bodies', async () => {
  const stream = new PassThrough();
  let logs = '';
  stream.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: '/tmp/shop-log-test' });
  const { app } = await buildApp({ config, database: t.database, logStream: stream });
  const code = newCartCode();
  await app.inject({ url: `/api/get_cart/?cart_code=${code}` });
  await app.inject({ url: `/api/product_in_cart/?product_id=1&cart_code=${code}` });
  await app.inject({ method: 'POST', url: '/api/add_item/', payload: { cart_code: code, product_id: 'x' } });
  await app.inject({ method: 'DELETE', url: '/api/delete_cartitem/', payload: { cart_code: code, item_id: 1 } });
  app.log.info({ body: { cart_code: code }, cart: { cartCode: code } }, 'a cart');
  await app.close();
  expect(logs).toContain('cart_code=[redacted]');
  expect(logs).not.toContain(code);
});
