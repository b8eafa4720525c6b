import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { openShop, type Shop } from '../support/shop-pages';

// Pages of shoppers with a session, a cart or a remembered pincode (decision 0042): kept once for every shopper
// with the same facts (role, cart count, pincode, a product's finishes in the cart), rendered without any cookie,
// and stitched with each shopper's own name on the way out.

interface Shopper {
  username: string;
  cookie: string;
  cartCount: number;
  pincode: string;
}

const PASSWORD = 'Teak#Shop2026';
// Pincodes that no page of the demo shop shows (the pincode field's placeholder is 560001); the last two
// shoppers share facts (one piece, the same pincode), so they share kept pages.
const PINCODES = ['600004', '110001', '400001', '700001', '600020', '600020'];
const COUNTS = [1, 2, 3, 4, 1, 1];

/** The scripts a browser runs from the page itself (not those with a source, nor JSON-LD data). */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\bsrc=|application\/ld\+json/.test(m[1]!));
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('pages of signed-in shoppers, kept per facts and stitched', () => {
  let shop: Shop;
  let close: (() => Promise<void>) | undefined;
  let database: Awaited<ReturnType<typeof openShop>>['database'];
  let base: string;
  let product: { id: number; slug: string; finishes: string[] };
  let category: string;
  const shoppers: Shopper[] = [];

  const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
    [setCookie ?? []]
      .flat()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${name}=`));

  beforeAll(async () => {
    ({ shop, database, close } = await openShop());
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
    const products = (await shop.app.inject({ url: '/api/products/?limit=12' })).json<
      { id: number; slug: string; finishes: string[]; in_stock: boolean }[]
    >();
    const inStock = products.filter((p) => p.in_stock);
    product = inStock[0]!;
    category = (await shop.app.inject({ url: '/api/categories/' })).json<{ slug: string }[]>()[0]!.slug;
    for (let n = 0; n < PINCODES.length; n++) {
      const username = `shopper_${'abcdefgh'[n]}${n}x`;
      await shop.services.accounts.register({ username, email: `${username}@example.in`, password: PASSWORD, password2: PASSWORD });
      const login = await shop.app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: `${username}@example.in`, password: PASSWORD }).toString(),
        remoteAddress: `10.9.0.${n + 1}`,
      });
      expect(login.statusCode, login.body).toBe(302);
      const session = cookieOf(login.headers['set-cookie'], 'session')!;
      for (const piece of inStock.slice(1, COUNTS[n]! + 1)) {
        const added = await shop.app.inject({
          method: 'POST',
          url: '/api/add_item/',
          headers: { cookie: session },
          payload: { cart_code: `stitch${n}`.padEnd(12, 'x'), product_id: piece.id, quantity: 1, finish: piece.finishes[0] ?? '' },
        });
        expect(added.statusCode, added.body).toBe(201);
      }
      const checked = await shop.app.inject({
        method: 'POST',
        url: `/product/${product.slug}`,
        headers: { cookie: session, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ intent: 'pincode', pincode: PINCODES[n]! }).toString(),
      });
      expect(checked.statusCode, checked.body).toBe(200);
      const pincode = cookieOf(checked.headers['set-cookie'], 'pincode')!;
      shoppers.push({ username, cookie: `${session}; ${pincode}`, cartCount: COUNTS[n]!, pincode: PINCODES[n]! });
    }
  }, 120_000);
  afterAll(() => close?.());

  const pages = () => ['/', '/shop', `/Category/${category}`, `/product/${product.slug}`, '/search?q=teak'];

  it('gives each shopper her own name, cart count and pincode in the first HTML, never another’s, all at once', async () => {
    const rendersBefore = shop.pageCache.renders;
    const visits = shoppers.flatMap((s) =>
      Array.from({ length: 4 }, () =>
        pages().map(async (page) => {
          const res = await fetch(base + page, { headers: { cookie: s.cookie, 'accept-encoding': 'br, gzip' } });
          expect(res.status, page).toBe(200);
          expect(res.headers.get('cache-control'), page).toBe('private, no-cache');
          const body = await res.text();
          expect(body, page).toMatch(new RegExp(`Hi (<!-- -->)?${s.username}<`));
          expect(body, page).toMatch(new RegExp(`data-testid="cart-badge"[^>]*>${s.cartCount}<`));
          for (const other of shoppers) {
            if (other.username !== s.username) expect(body, page).not.toContain(other.username);
            if (other.pincode !== s.pincode) expect(body, page).not.toContain(other.pincode);
          }
          if (page.startsWith('/product/')) expect(body).toContain(s.pincode);
          // Every inline script of the answer is admitted by a hash its policy names (the stitched one too).
          const policy = res.headers.get('content-security-policy') ?? '';
          for (const [, attrs, text] of inlineScripts(body)) expect(policy, `${page} ${attrs} ${text!.slice(0, 300)}`).toContain(hashOf(text!));
        }),
      ),
    );
    await Promise.all(visits.flat());
    // One render per page and set of facts: the two shoppers of the same facts shared theirs.
    const kinds = new Set(shoppers.map((s) => `${s.cartCount}|${s.pincode}`)).size;
    expect(kinds).toBe(shoppers.length - 1);
    expect(shop.pageCache.renders - rendersBefore).toBeLessThanOrEqual(pages().length * kinds);
  });

  it('writes a shopper’s words into the page and its data escaped, so that they cannot end a script or a tag', async () => {
    const s = shoppers[0]!;
    await database.db
      .update(users)
      .set({ firstName: `O'Brien </script><script>alert(1)</script> "&"`, lastName: 'Ra\u2028man <b>' })
      .where(eq(users.username, s.username));
    const res = await fetch(base + '/', { headers: { cookie: s.cookie } });
    const body = await res.text();
    expect(body).toMatch(new RegExp(`Hi (<!-- -->)?${s.username}<`));
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('Ra\u2028man');
    expect(body).toContain("O'Brien \\u003c/script\\u003e");
    const policy = res.headers.get('content-security-policy') ?? '';
    for (const [, attrs, text] of inlineScripts(body)) expect(policy, `${attrs} ${text!.slice(0, 300)}`).toContain(hashOf(text!));
  });

  it('renders for her alone what is hers only, and sends a browser without a live session to a plain page', async () => {
    const s = shoppers[2]!;
    const cart = await shop.app.inject({ url: '/cart', headers: { cookie: s.cookie } });
    expect(cart.statusCode).toBe(200);
    expect(cart.headers['cache-control']).toBe('private, no-store');
    expect(cart.body).toMatch(new RegExp(`Hi (<!-- -->)?${s.username}`));
    const profile = await shop.app.inject({ url: '/profile', headers: { cookie: s.cookie } });
    expect(profile.headers['cache-control']).toBe('private, no-store');
    // A guest with a cart code only: Login in the header, her count in the badge.
    const guest = await shop.app.inject({ url: '/', headers: { cookie: 'cart_code=nosuchcart01' } });
    expect(guest.statusCode).toBe(200);
    expect(guest.body).toMatch(/href="\/login"[^>]*>Login</);
    // A session that has ended: the cookie is cleared, as on any page.
    const ended = await shop.app.inject({ url: '/shop', headers: { cookie: 'session=not-a-live-session' } });
    expect(ended.statusCode).toBe(200);
    expect([ended.headers['set-cookie'] ?? []].flat().join()).toMatch(/session=;/);
  });
});
