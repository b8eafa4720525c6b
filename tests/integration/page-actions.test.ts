import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse } from '../../contract/orders';
import type { Room } from '../../contract/rooms';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { PAGE_BODY_LIMITS } from '../../server/page';
import { openTestDatabase } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { MEDIA_CACHE, ROOT, TEST_JWT_SECRET } from '../support/paths';
import { ADMIN, createAdminTestApp, file, form, jpeg, login, type AdminTestApp } from './admin-support';
import { ADDRESS, newBuyer, stockedProduct } from './checkout-helpers';
import { logInThroughPage } from './page-reading';

const BUILD = path.join(ROOT, 'build');

/** Sends a page form over real HTTP, chunked (no length to check first) unless `length` is given. */
function post(port: number, url: string, type: string, chunks: Iterable<Buffer>, length?: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        headers: { 'content-type': type, origin: `http://127.0.0.1:${port}`, ...(length ? { 'content-length': length } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    // The server may answer and close before the whole body is written.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    if (length) return void req.end();
    const write = (iterator: Iterator<Buffer>) => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        if (req.destroyed) return;
        if (!req.write(next.value)) return void req.once('drain', () => write(iterator));
      }
      req.end();
    };
    write(chunks[Symbol.iterator]());
  });
}

function* megabytes(n: number, prefix = '') {
  if (prefix) yield Buffer.from(prefix);
  for (let i = 0; i < n; i++) yield Buffer.alloc(1024 * 1024, 'a');
}

describe('page forms are read with a cap', () => {
  let close: () => Promise<void>;
  let port: number;
  beforeAll(async () => {
    if (!existsSync(path.join(BUILD, 'server', 'index.js'))) throw new Error('These stories render the built web app: run `npm run build` first.');
    const opened = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, SEED: 'false' });
    config.mediaDir = MEDIA_CACHE;
    const built = await buildApp({ config, database: opened.database, webBuildDir: BUILD });
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    port = (built.app.server.address() as AddressInfo).port;
    close = async () => {
      await built.app.close();
      await opened.dispose();
    };
  });
  afterAll(() => close?.());

  it('a chunked plain form past the cap gets 413 with a sentence, and a small one still reaches its page', async () => {
    const big = await post(port, '/contact', 'application/x-www-form-urlencoded', megabytes(PAGE_BODY_LIMITS.other / (1024 * 1024) + 1, 'name='));
    expect(big.status).toBe(413);
    expect(big.body).toMatch(/^This form is too large to send\./);
    const small = await post(port, '/contact', 'application/x-www-form-urlencoded', [Buffer.from('name=&email=')]);
    expect(small.status).toBeLessThan(500);
    expect(small.status).not.toBe(413);
  });

  it('the public text forms (contact, feedback, sign-up, log-in, password reset) take at most the API cap, in any encoding', async () => {
    const pages = ['/contact', '/contact.data', '/page', '/signup', '/login', '/forgot-password', '/reset-password?token=x', '/Contact/'];
    for (const url of pages) {
      const plain = await post(port, url, 'application/x-www-form-urlencoded', [Buffer.from('description='), Buffer.alloc(200 * 1024, 'a')]);
      expect(plain.status, url).toBe(413);
      expect(plain.body, url).toMatch(/^This form is too large to send\. Please shorten the text/);
      const multipart = await post(port, url, 'multipart/form-data; boundary=x', [], PAGE_BODY_LIMITS.publicForm + 1);
      expect(multipart.status, url).toBe(413);
    }
    // The contact action checks each field with the contract's schema: a 5,001-character message is refused by name.
    const long = await post(port, '/contact', 'application/x-www-form-urlencoded', [Buffer.from(`description=${'a'.repeat(5001)}`)]);
    expect(long.status).toBe(400);
    expect(long.body).toContain('Message must be at most 5000 characters.');
  });

  it('a form body that does not read as a form gets 400 with a sentence on every page, never a 500', async () => {
    for (const url of ['/contact', '/login', '/cart', '/checkout', '/dashboard/products', '/book-consultation']) {
      const broken = await post(port, url, 'multipart/form-data; boundary=x', [Buffer.from('--x\r\nnot a part header\r\n')]);
      expect(broken.status, url).toBe(400);
      expect(broken.body).toBe('The form could not be read. Please try again.');
    }
  });

  it('a multipart form past the cap is refused by its declared length before it is read, or as it streams', async () => {
    const declared = await post(port, '/book-consultation', 'multipart/form-data; boundary=x', [], PAGE_BODY_LIMITS.multipart + 1);
    expect(declared.status).toBe(413);
    const part = '--x\r\ncontent-disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n';
    const streamed = await post(port, '/profile', 'multipart/form-data; boundary=x', megabytes(PAGE_BODY_LIMITS.multipart / (1024 * 1024) + 1, part));
    expect(streamed.status).toBe(413);
    expect(streamed.body).toMatch(/^This form is too large to send\./);
    // The booking form takes one photo of up to 5 MB.
    const booking = await post(
      port,
      '/book-consultation',
      'multipart/form-data; boundary=x',
      megabytes(Math.ceil(PAGE_BODY_LIMITS.booking / (1024 * 1024)) + 1, part),
    );
    expect(booking.status).toBe(413);
  });
});

/** The owner signs in through the log-in page: the session cookie the panel's pages read. */
const ownerCookie = (t: AdminTestApp) => logInThroughPage(t.app, ADMIN);

describe('the panel’s page actions', () => {
  let t: AdminTestApp;
  beforeAll(async () => {
    t = await createAdminTestApp({}, { webBuildDir: BUILD });
  });
  afterAll(() => t?.close());

  it('deleting a room from /dashboard/rooms deletes its picture from storage too, as the API does', async () => {
    const owner = await login(t, ADMIN);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/rooms/',
      headers: owner,
      payload: form({ name: 'Page Delete Room', image: file(await jpeg(300, 200)) }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const room = created.json<Room>();
    const stored = () => existsSync(path.join(t.mediaDir, room.image!.replace(/^\/media\//, '')));
    expect(stored()).toBe(true);

    const cookie = await ownerCookie(t);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/dashboard/rooms',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ intent: 'delete', slug: room.slug }).toString(),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(400);
    expect((await t.app.inject({ url: `/api/rooms/${room.slug}/` })).statusCode).toBe(404);
    expect(stored()).toBe(false);
  });

  it('the owner adds a search word at /dashboard/search-words, search takes it at once, and deletes it there', async () => {
    const cookie = await ownerCookie(t);
    const send = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/dashboard/search-words',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: new URLSearchParams(fields).toString(),
      });
    const search = async () => (await t.app.inject({ url: '/api/products/?search=charpai&limit=5' })).json<{ slug: string }[]>();
    expect(await search()).toEqual([]);
    const added = await send({ intent: 'save', term: 'charpai', means: 'bed' });
    expect(added.statusCode, added.body).toBeLessThan(400);
    expect((await search()).length).toBeGreaterThan(0);
    const page = await t.app.inject({ url: '/dashboard/search-words', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('charpai');
    const refused = await send({ intent: 'save', term: 'two words', means: 'bed' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Enter one word, in letters and digits (such as mandap).');
    const owner = await login(t, ADMIN);
    const words = (await t.app.inject({ url: '/api/search-synonyms/', headers: owner })).json<{ id: number; term: string }[]>();
    const charpai = words.find((w) => w.term === 'charpai')!;
    expect((await send({ intent: 'delete', id: String(charpai.id) })).statusCode).toBeLessThan(400);
    expect(await search()).toEqual([]);
  });
});

describe('the owner’s order page', () => {
  let t: AdminTestApp;
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createAdminTestApp(fake.env, { webBuildDir: BUILD });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('shows a refund the provider refused, with its reason (above what is left of the payment)', async () => {
    const piece = await stockedProduct(t, 3, { price: 12_000, stock: 5 });
    const buyer = await newBuyer(t, 'Refusal');
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: piece.id })).statusCode).toBe(201);
    const created = await buyer.api.post('/api/create_order/', { cart_code: code });
    expect(created.statusCode, created.body).toBe(200);
    const { payment, response } = fake.pay(created.json<CreateOrderResponse>().order_id);
    const verified = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...response, address: ADDRESS });
    expect(verified.statusCode, verified.body).toBe(200);
    const orderId = verified.json<{ order_id: number }>().order_id;

    // Most of the payment was given back in the provider's own dashboard: the shop's refund of ₹1,000 is above what is left.
    fake.payments.get(payment.id)!.amount_refunded = payment.amount - 50_000;
    const owner = await login(t, ADMIN);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds/`,
      headers: owner,
      payload: { amount: 1000, note: 'For the scratch on the leg.' },
    });
    expect(refused.statusCode, refused.body).toBeLessThan(300);
    const reason = 'The payment provider refused the request: The refund amount provided is greater than amount captured';
    expect(refused.json()).toMatchObject({ status: 'failed', error: reason });

    const cookie = await ownerCookie(t);
    const page = await t.app.inject({ url: `/dashboard/orders/${orderId}`, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    // The refund's own line says it failed and why (React marks where its text pieces meet with empty comments).
    const text = page.body.replaceAll('<!-- -->', '');
    expect(text).toContain('<dt class="text-red-800">Refund failed</dt>');
    expect(text).toContain(`Why it failed: ${reason}</dd>`);
    // The buyer's own view of the order never carries the provider's refusal.
    const mine = await buyer.api.get(`/api/orders/${orderId}/`);
    expect(mine.json<{ refunds: object[] }>().refunds).toEqual([expect.not.objectContaining({ error: expect.anything() })]);
  });
});
