import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { formatPaise } from '../../contract/format';
import { addresses, cartItems, carts, sessions, users } from '../../server/db/schema';
import { openShop, withTwoShops, type Shop } from '../support/shop-pages';
import { logInThroughPage } from './page-reading';

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
  let inStock: { id: number; slug: string; finishes: string[] }[];
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
    const products = (await shop.app.inject({ url: '/api/products/?limit=30' })).json<
      { id: number; slug: string; finishes: string[]; in_stock: boolean }[]
    >();
    inStock = products.filter((p) => p.in_stock);
    product = inStock[0]!;
    category = (await shop.app.inject({ url: '/api/categories/' })).json<{ slug: string }[]>()[0]!.slug;
    for (let n = 0; n < PINCODES.length; n++) {
      const username = `shopper_${'abcdefgh'[n]}${n}x`;
      await shop.services.accounts.register({ username, email: `${username}@example.in`, password: PASSWORD, password2: PASSWORD });
      const session = await logInThroughPage(shop.app, { email: `${username}@example.in`, password: PASSWORD }, { remoteAddress: `10.9.0.${n + 1}` });
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
    // On PostgreSQL a change made straight in the database is heard a moment later (see `heard` below).
    await shop.services.shopperFacts.caughtUp();
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
  // Her session and her cart are kept in memory (server/shopper-facts.ts): the database's triggers name what
  // changed, and every process drops it. On PostgreSQL a change made straight in the database is heard a moment
  // later: `heard()` waits until this process has heard every change committed so far (a condition, not a time).
  const heard = () => shop.services.shopperFacts.caughtUp();
  const pageOf = async (cookie: string, path = '/') => {
    const res = await fetch(base + path, { headers: { cookie, 'accept-encoding': 'gzip' } });
    return { status: res.status, body: await res.text(), setCookie: res.headers.getSetCookie().join('\n') };
  };
  const badgeOf = (body: string) => Number(/data-testid="cart-badge"[^>]*>(\d+)</.exec(body)?.[1] ?? 0);
  const signedInAs = (body: string, username: string) => new RegExp(`Hi (<!-- -->)?${username}<`).test(body);
  const addItem = async (cookie: string, productId: number, cartCode = 'factscart001') => {
    const added = await shop.app.inject({
      method: 'POST',
      url: '/api/add_item/',
      headers: { cookie },
      payload: { cart_code: cartCode, product_id: productId, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBe(201);
  };
  const signUp = async (username: string, n: number) => {
    await shop.services.accounts.register({ username, email: `${username}@example.in`, password: PASSWORD, password2: PASSWORD });
    return logInThroughPage(shop.app, { email: `${username}@example.in`, password: PASSWORD }, { remoteAddress: `10.9.1.${n}` });
  };

  it('reads each shopper’s session and cart once, then answers from memory and the quick path', async () => {
    shop.services.shopperFacts.cache.clear();
    const sessionReads = vi.spyOn(shop.services.browserSessions, 'resolveWithEnd');
    const cartReads = vi.spyOn(shop.services.cart, 'glance');
    const quickBefore = shop.pageCache.shopperQuickAnswers;
    try {
      for (let round = 0; round < 3; round++) {
        await Promise.all(
          shoppers.slice(1).flatMap((s) =>
            pages().map(async (path) => {
              const { body } = await pageOf(s.cookie, path);
              expect(signedInAs(body, s.username), path).toBe(true);
              expect(badgeOf(body), path).toBe(s.cartCount);
            }),
          ),
        );
      }
      // Shoppers asking at once share one read; the rest come from memory.
      expect(sessionReads.mock.calls.length).toBeLessThanOrEqual(shoppers.length - 1);
      expect(cartReads.mock.calls.length).toBeLessThanOrEqual(shoppers.length - 1);
      expect(shop.pageCache.shopperQuickAnswers).toBeGreaterThan(quickBefore);
    } finally {
      sessionReads.mockRestore();
      cartReads.mockRestore();
    }
  });

  it('never gives a shopper another’s name, count or pincode while carts change, all at once', async () => {
    const changing = shoppers[1]!;
    const before = changing.cartCount;
    const extra = inStock.slice(8, 11);
    expect(extra).toHaveLength(3);
    const visits = shoppers.slice(1).flatMap((s) =>
      Array.from({ length: 3 }, () =>
        pages().map(async (path) => {
          const { status, body } = await pageOf(s.cookie, path);
          expect(status, path).toBe(200);
          expect(signedInAs(body, s.username), path).toBe(true);
          for (const other of shoppers) {
            if (other.username !== s.username) expect(body, path).not.toContain(other.username);
            if (other.pincode !== s.pincode) expect(body, path).not.toContain(other.pincode);
          }
          if (s === changing) expect(badgeOf(body)).toBeGreaterThanOrEqual(before);
          if (s === changing) expect(badgeOf(body)).toBeLessThanOrEqual(before + extra.length);
          else expect(badgeOf(body), `${s.username} ${path}`).toBe(s.cartCount);
        }),
      ),
    );
    // Her cart changes while the pages are asked for (through the API, as the product page's button does).
    const adds = (async () => {
      for (const piece of extra) await addItem(changing.cookie, piece.id);
    })();
    await Promise.all([...visits.flat(), adds]);
    changing.cartCount += extra.length;
    // The change made through this process's API is on her next page, at once.
    for (const path of pages()) expect(badgeOf((await pageOf(changing.cookie, path)).body), path).toBe(changing.cartCount);
  });

  it('shows at once a change of her cart, her name, her role or her session, made through the API or in the database', async () => {
    const username = 'shopper_facts1';
    const session = await signUp(username, 1);
    const cookie = `${session}; pincode=${Buffer.from(JSON.stringify('600004')).toString('base64')}`;
    const [user] = await database.db.select().from(users).where(eq(users.username, username));
    // Kept in memory, with an empty cart.
    expect(signedInAs((await pageOf(cookie)).body, username)).toBe(true);
    expect(badgeOf((await pageOf(cookie, '/shop')).body)).toBe(0);

    // A piece added through the API: the next page counts it (the cart did not exist before it).
    await addItem(cookie, inStock[1]!.id);
    expect(badgeOf((await pageOf(cookie)).body)).toBe(1);
    await addItem(cookie, inStock[2]!.id);
    expect(badgeOf((await pageOf(cookie, '/shop')).body)).toBe(2);
    // On its product page: ADDED TO CART, as kept for her facts.
    expect((await pageOf(cookie, `/product/${inStock[2]!.slug}`)).body).toMatch(/ADDED TO CART/i);

    // A line removed in the database.
    const [cart] = await database.db
      .select()
      .from(carts)
      .where(and(eq(carts.userId, user!.id), eq(carts.status, 'open')));
    await database.db.delete(cartItems).where(and(eq(cartItems.cartId, cart!.id), eq(cartItems.productId, inStock[2]!.id)));
    await heard();
    expect(badgeOf((await pageOf(cookie, '/shop')).body)).toBe(1);
    expect((await pageOf(cookie, `/product/${inStock[2]!.slug}`)).body).not.toMatch(/ADDED TO CART/i);
    // A quantity changed in the database.
    await database.db.update(cartItems).set({ quantity: 3 }).where(eq(cartItems.cartId, cart!.id));
    await heard();
    expect(badgeOf((await pageOf(cookie)).body)).toBe(3);

    // Her name changed in the database: the new one, never the old.
    await database.db.update(users).set({ username: 'shopper_facts1renamed' }).where(eq(users.id, user!.id));
    await heard();
    const renamed = (await pageOf(cookie)).body;
    expect(signedInAs(renamed, 'shopper_facts1renamed')).toBe(true);
    expect(renamed).not.toMatch(/shopper_facts1</);

    // Made an owner, then not: the header's links follow.
    await database.db.update(users).set({ isSuperuser: true }).where(eq(users.id, user!.id));
    await heard();
    expect((await pageOf(cookie, '/shop')).body).toContain('Admin Panel');
    await database.db.update(users).set({ isSuperuser: false }).where(eq(users.id, user!.id));
    await heard();
    expect((await pageOf(cookie, '/shop')).body).not.toContain('Admin Panel');

    // Her session deleted in the database: the next page is a visitor's, and the browser's cookie is cleared.
    await database.db.delete(sessions).where(eq(sessions.userId, user!.id));
    await heard();
    const ended = await pageOf(cookie);
    expect(ended.status).toBe(200);
    expect(signedInAs(ended.body, 'shopper_facts1renamed')).toBe(false);
    expect(ended.body).toMatch(/href="\/login"[^>]*>Login</);
    expect(ended.setCookie).toMatch(/session=;/);
  });

  it('shows a visitor at once as signed out after her log-out, and a guest’s cart as it changes', async () => {
    const session = await signUp('shopper_facts2', 2);
    expect(signedInAs((await pageOf(session, '/shop')).body, 'shopper_facts2')).toBe(true);
    const out = await shop.app.inject({ method: 'POST', url: '/logout', headers: { cookie: session } });
    expect(out.statusCode).toBe(302);
    // The browser that did not (yet) drop its cookie: no longer signed in.
    const after = await pageOf(session, '/shop');
    expect(signedInAs(after.body, 'shopper_facts2')).toBe(false);
    expect(after.setCookie).toMatch(/session=;/);

    // A guest's cart by its code: kept, then changed through the API and in the database.
    const guest = `cart_code=${Buffer.from(JSON.stringify('factsguest01')).toString('base64')}`;
    expect(badgeOf((await pageOf(guest)).body)).toBe(0);
    await addItem('', inStock[3]!.id, 'factsguest01');
    expect(badgeOf((await pageOf(guest)).body)).toBe(1);
    await database.db.execute(sql`update cart_items set quantity = 4 where cart_id = (select id from carts where cart_code = 'factsguest01')`);
    await heard();
    expect(badgeOf((await pageOf(guest, '/shop')).body)).toBe(4);
    await database.db.execute(sql`update carts set status = 'ordered' where cart_code = 'factsguest01'`);
    await heard();
    expect(badgeOf((await pageOf(guest, '/shop')).body)).toBe(0);
  });

  // Her cart page is all hers: kept for her alone, per session and version of her account, cart and addresses, her
  // pincode, and dropped with every page on a catalogue or delivery change (decision 0042, "The cart page kept").
  const itemIdsOf = async (username: string) =>
    (
      await database.db
        .select({ id: cartItems.id })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .innerJoin(users, eq(users.id, carts.userId))
        .where(and(eq(users.username, username), eq(carts.status, 'open')))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
  const itemIdsIn = (body: string) =>
    [...new Set([...body.matchAll(/name="item_id" value="(\d+)"/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const cartPageOf = async (cookie: string) => {
    const res = await fetch(base + '/cart', { headers: { cookie, 'accept-encoding': 'gzip' } });
    const body = await res.text();
    return { status: res.status, body, cacheControl: res.headers.get('cache-control'), policy: res.headers.get('content-security-policy') ?? '' };
  };

  it('keeps each shopper’s cart page for her alone and never gives her another’s, all at once', async () => {
    const own = await Promise.all(shoppers.map((s) => itemIdsOf(s.username)));
    for (const ids of own) expect(ids.length).toBeGreaterThan(0);
    const rendersBefore = shop.pageCache.renders;
    const quickBefore = shop.pageCache.ownQuickAnswers;
    const visit = async (s: Shopper, n: number) => {
      const { status, body, cacheControl, policy } = await cartPageOf(s.cookie);
      expect(status).toBe(200);
      expect(cacheControl).toBe('private, no-store');
      expect(signedInAs(body, s.username), s.username).toBe(true);
      expect(itemIdsIn(body), s.username).toEqual(own[n]);
      expect(body).toContain(s.pincode);
      for (const other of shoppers) {
        if (other === s) continue;
        expect(body).not.toContain(other.username);
        if (other.pincode !== s.pincode) expect(body).not.toContain(other.pincode);
      }
      for (const [, attrs, text] of inlineScripts(body)) expect(policy, `${attrs} ${text!.slice(0, 300)}`).toContain(hashOf(text!));
    };
    // The two shoppers of the same facts (count, pincode) get each her own page.
    for (let round = 0; round < 3; round++) await Promise.all(shoppers.flatMap((s, n) => Array.from({ length: 4 }, () => visit(s, n))));
    // One render per shopper at most; the rest from memory, most through the quick path.
    expect(shop.pageCache.renders - rendersBefore).toBeLessThanOrEqual(shoppers.length);
    expect(shop.pageCache.ownQuickAnswers - quickBefore).toBeGreaterThan(shoppers.length);
  });

  it('shows at once on her cart page a change of her cart, a price, a delivery exclusion, an address or her session', async () => {
    const username = 'shopper_cart1';
    const session = await signUp(username, 3);
    const cookie = `${session}; pincode=${Buffer.from(JSON.stringify('600004')).toString('base64')}`;
    const [user] = await database.db.select().from(users).where(eq(users.username, username));
    const piece = inStock[4]!;
    await addItem(cookie, piece.id, 'cartpage0001');
    const [line] = await database.db
      .select()
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.userId, user!.id), eq(carts.status, 'open')));
    const itemId = line!.cart_items.id;

    // Kept: asked again, nothing is rendered.
    const first = await cartPageOf(cookie);
    expect(first.status).toBe(200);
    expect(itemIdsIn(first.body)).toEqual([itemId]);
    expect(badgeOf(first.body)).toBe(1);
    const renders = shop.pageCache.renders;
    const again = await cartPageOf(cookie);
    expect(again.body).toBe(first.body);
    expect(shop.pageCache.renders).toBe(renders);

    // Through the cart service (as any process does), then straight in the database: the next page has it.
    await shop.services.cart.updateQuantity(user!, { item_id: itemId, quantity: 2 });
    // Called here outside a request, the service's change is heard as one made in the database is (a request
    // waits for it before its answer leaves): on PostgreSQL a moment later, so the page is asked for once heard.
    await heard();
    expect(badgeOf((await cartPageOf(cookie)).body)).toBe(2);
    await database.db.update(cartItems).set({ quantity: 3 }).where(eq(cartItems.id, itemId));
    await heard();
    expect(badgeOf((await cartPageOf(cookie)).body)).toBe(3);
    // The page's own form (a POST to it, as without scripts): never kept, and the next page shows what it did.
    const posted = await shop.app.inject({
      method: 'POST',
      url: '/cart',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ intent: 'quantity', item_id: String(itemId), set: '1' }).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(badgeOf((await cartPageOf(cookie)).body)).toBe(1);

    // A price change by the owner.
    const { price } = (await shop.app.inject({ url: `/api/products/${piece.slug}/` })).json<{ price: number }>();
    const newPrice = Math.round(price * 100) + 31_700;
    await shop.services.catalog.updateProduct(piece.slug, { price: newPrice });
    expect((await cartPageOf(cookie)).body).toContain(formatPaise(newPrice));

    // Her pincode excluded by the owner, then served again.
    const refused = /Check another pincode above to check out/;
    expect((await cartPageOf(cookie)).body).not.toMatch(refused);
    const exclusion = await shop.services.delivery.addExclusion({ kind: 'range', pincode_from: '600004', pincode_to: '600004', note: '' });
    expect((await cartPageOf(cookie)).body).toMatch(refused);
    await shop.services.delivery.removeExclusion(exclusion.id);
    expect((await cartPageOf(cookie)).body).not.toMatch(refused);

    // An address saved (as the profile page and checkout save them).
    await shop.services.addresses.create(user!.id, {
      first_name: 'Asha',
      last_name: 'Kumar',
      email: 'asha@example.in',
      phone: '9876543210',
      address_line1: '12 Kept Page Lane',
      address_line2: '',
      city: 'New Delhi',
      state: 'Delhi',
      postal_code: '110001',
      country: 'India',
      gstin: undefined,
      business_name: undefined,
    });
    expect((await cartPageOf(cookie)).body).toContain('12 Kept Page Lane');
    // The same address corrected straight in the database (a support fix): the next page has it.
    await database.db.update(addresses).set({ addressLine1: '14 Kept Page Lane' }).where(eq(addresses.userId, user!.id));
    await heard();
    const corrected = (await cartPageOf(cookie)).body;
    expect(corrected).toContain('14 Kept Page Lane');
    expect(corrected).not.toContain('12 Kept Page Lane');

    // Her session ended in the database: sent to log in, the cookie cleared.
    await database.db.delete(sessions).where(eq(sessions.userId, user!.id));
    await heard();
    const ended = await fetch(base + '/cart', { headers: { cookie }, redirect: 'manual' });
    expect(ended.status).toBe(302);
    expect(ended.headers.get('location')).toMatch(/^\/login/);
    // A guest with a cart code only: sent to log in too.
    const guest = await fetch(base + '/cart', { headers: { cookie: 'cart_code=nosuchcart01' }, redirect: 'manual' });
    expect(guest.status).toBe(302);
  });
});

const templateUrl = inject('pgTemplateUrl');

// Several processes on one PostgreSQL: a shopper's facts kept by one are dropped when another changes them.
describe.skipIf(!templateUrl)('a shopper’s facts kept by several processes (PostgreSQL)', () => {
  it('shows on one process at once what another changed, and keeps nothing while it cannot hear changes', async () => {
    await withTwoShops(templateUrl, async (a, b, databaseUrl) => {
      const direct = new pg.Client({ connectionString: databaseUrl });
      direct.on('error', () => {});
      await direct.connect();
      try {
        await a.services.accounts.register({ username: 'twoprocs', email: 'twoprocs@example.in', password: PASSWORD, password2: PASSWORD });
        const cookie = await logInThroughPage(a.app, { email: 'twoprocs@example.in', password: PASSWORD });
        const pageOn = async (shop: Shop, path = '/') => (await shop.app.inject({ url: path, headers: { cookie } })).body;
        const badgeOf = (body: string) => Number(/data-testid="cart-badge"[^>]*>(\d+)</.exec(body)?.[1] ?? 0);
        const [piece] = (await a.app.inject({ url: '/api/products/?limit=30' }))
          .json<{ id: number; in_stock: boolean }[]>()
          .filter((p) => p.in_stock);

        expect(await pageOn(a)).toMatch(/Hi (<!-- -->)?twoprocs</);
        expect(a.services.shopperFacts.cache.size).toBeGreaterThan(0);
        // A piece added through process B's API: process A, once it has heard what was committed, counts it.
        const added = await b.app.inject({
          method: 'POST',
          url: '/api/add_item/',
          headers: { cookie },
          payload: { cart_code: 'twoprocs0001', product_id: piece!.id, quantity: 1 },
        });
        expect(added.statusCode, added.body).toBe(201);
        await a.services.shopperFacts.caughtUp();
        expect(badgeOf(await pageOn(a))).toBe(1);
        // Her name changed through B: A shows the new one.
        await direct.query(`update users set username = 'twoprocs_renamed' where username = 'twoprocs'`);
        await a.services.shopperFacts.caughtUp();
        expect(await pageOn(a, '/shop')).toMatch(/Hi (<!-- -->)?twoprocs_renamed</);
        // Logged out through B: A no longer signs her in.
        const out = await b.app.inject({ method: 'POST', url: '/logout', headers: { cookie } });
        expect(out.statusCode).toBe(302);
        await a.services.shopperFacts.caughtUp();
        expect(await pageOn(a, '/shop')).not.toMatch(/twoprocs_renamed/);

        // A's connection that hears the changes is lost: A drops everything and keeps nothing until it hears again.
        await b.services.accounts.register({ username: 'twoprocs2', email: 'twoprocs2@example.in', password: PASSWORD, password2: PASSWORD });
        const again = await a.app.inject({
          method: 'POST',
          url: '/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email: 'twoprocs2@example.in', password: PASSWORD }).toString(),
        });
        const cookie2 = [again.headers['set-cookie'] ?? []]
          .flat()
          .map((c) => c.split(';')[0]!)
          .find((c) => c.startsWith('session='))!;
        expect((await a.app.inject({ url: '/', headers: { cookie: cookie2 } })).body).toMatch(/Hi (<!-- -->)?twoprocs2</);
        expect(a.services.shopperFacts.cache.size).toBeGreaterThan(0);
        const ended = await direct.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN shopper_changed%' and datname = current_database()`,
        );
        expect(ended.rowCount).toBe(2);
        await vi.waitFor(() => expect(a.services.shopperFacts.cache.listening).toBe(false), { timeout: 10_000 });
        expect(a.services.shopperFacts.cache.size).toBe(0);
        // Changed while A could not hear: A reads it from the database.
        await direct.query(`update users set username = 'twoprocs2_renamed' where username = 'twoprocs2'`);
        expect((await a.app.inject({ url: '/', headers: { cookie: cookie2 } })).body).toMatch(/Hi (<!-- -->)?twoprocs2_renamed</);
        expect(a.services.shopperFacts.cache.size).toBe(0);
        // Heard again (a new connection): kept again.
        await vi.waitFor(() => expect(a.services.shopperFacts.cache.listening).toBe(true), { timeout: 20_000, interval: 100 });
        expect((await a.app.inject({ url: '/', headers: { cookie: cookie2 } })).body).toMatch(/Hi (<!-- -->)?twoprocs2_renamed</);
        expect(a.services.shopperFacts.cache.size).toBeGreaterThan(0);
      } finally {
        await direct.end();
      }
    });
  }, 120_000);

  it('shows on one process’s kept cart page at once what another changed: her cart, a price, an address', async () => {
    await withTwoShops(templateUrl, async (a, b, databaseUrl) => {
      const direct = new pg.Client({ connectionString: databaseUrl });
      direct.on('error', () => {});
      await direct.connect();
      try {
        await a.services.accounts.register({ username: 'twocarts', email: 'twocarts@example.in', password: PASSWORD, password2: PASSWORD });
        const login = await a.app.inject({
          method: 'POST',
          url: '/login',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email: 'twocarts@example.in', password: PASSWORD }).toString(),
        });
        const cookie = [login.headers['set-cookie'] ?? []]
          .flat()
          .map((c) => c.split(';')[0]!)
          .find((c) => c.startsWith('session='))!;
        const [piece] = (await a.app.inject({ url: '/api/products/?limit=30' }))
          .json<{ id: number; slug: string; price: number; in_stock: boolean }[]>()
          .filter((p) => p.in_stock);
        const added = await a.app.inject({
          method: 'POST',
          url: '/api/add_item/',
          headers: { cookie },
          payload: { cart_code: 'twocarts0001', product_id: piece!.id, quantity: 1 },
        });
        expect(added.statusCode, added.body).toBe(201);
        const itemId = added.json<{ data: { id: number } }>().data.id;
        const cartOn = async (shop: Shop) => {
          const res = await shop.app.inject({ url: '/cart', headers: { cookie } });
          expect(res.statusCode).toBe(200);
          return res.body;
        };
        const badgeOf = (body: string) => Number(/data-testid="cart-badge"[^>]*>(\d+)</.exec(body)?.[1] ?? 0);

        // Kept by A: asked again, not rendered again. A catalogue change heard between the two asks drops every kept
        // page, rightly (the two shops have just started, and their first jobs may touch the catalogue): the pair is
        // asked again until none came between them.
        await expect
          .poll(async () => {
            expect(badgeOf(await cartOn(a))).toBe(1);
            const renders = a.pageCache.renders;
            expect(badgeOf(await cartOn(a))).toBe(1);
            return a.pageCache.renders - renders;
          })
          .toBe(0);

        // Her cart changed through B's API, then straight in the database: A shows it once it has heard.
        const changed = await b.app.inject({
          method: 'PATCH',
          url: '/api/update_quantity/',
          headers: { cookie },
          payload: { item_id: itemId, quantity: 2 },
        });
        expect(changed.statusCode, changed.body).toBeLessThan(300);
        await a.services.shopperFacts.caughtUp();
        expect(badgeOf(await cartOn(a))).toBe(2);
        await direct.query('update cart_items set quantity = 4 where id = $1', [itemId]);
        await a.services.shopperFacts.caughtUp();
        expect(badgeOf(await cartOn(a))).toBe(4);

        // An address saved through B.
        const [user] = (await direct.query<{ id: number }>(`select id from users where username = 'twocarts'`)).rows;
        await b.services.addresses.create(user!.id, {
          first_name: 'Asha',
          last_name: 'Kumar',
          email: 'asha@example.in',
          phone: '9876543210',
          address_line1: '7 Second Process Road',
          address_line2: '',
          city: 'New Delhi',
          state: 'Delhi',
          postal_code: '110001',
          country: 'India',
          gstin: undefined,
          business_name: undefined,
        });
        await a.services.shopperFacts.caughtUp();
        expect(await cartOn(a)).toContain('7 Second Process Road');

        // A price changed through B: on A's next cart page as soon as A hears of it.
        const newPrice = Math.round(piece!.price * 100) + 27_300;
        await b.services.catalog.updateProduct(piece!.slug, { price: newPrice });
        await expect.poll(async () => (await cartOn(a)).includes(formatPaise(newPrice)), { timeout: 5000 }).toBe(true);
      } finally {
        await direct.end();
      }
    });
  }, 120_000);
});
