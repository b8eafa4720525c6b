import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from '../support/shop-pages';

// Pages for a shopper with a session, a cart or a remembered pincode (decision 0036): the page is the shell
// kept for every such shopper, and what is theirs comes from `/personal`, read from their own cookies.

interface Shopper {
  username: string;
  cookie: string;
  cartCount: number;
  pincode: string;
}

interface PersonalAnswer {
  user: { username: string } | null;
  cartCount: number;
  product?: { slug: string; finishesInCart: string[]; delivery: { pincode: string } | null };
}

const PASSWORD = 'Teak#Shop2026';
// Pincodes that no page of the demo shop shows (the pincode field's placeholder is 560001).
const PINCODES = ['600004', '110001', '400001', '700001'];

describe('pages for signed-in shoppers, from the shoppers’ shell', () => {
  let shop: Shop;
  let close: (() => Promise<void>) | undefined;
  let base: string;
  let product: { id: number; slug: string; finishes: string[] };
  let category: string;
  const shoppers: Shopper[] = [];

  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
    [setCookie ?? []]
      .flat()
      .map((c) => c.split(';')[0]!)
      .find((c) => c.startsWith(`${name}=`));

  beforeAll(async () => {
    ({ shop, close } = await openShop());
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
    const products = (await shop.app.inject({ url: '/api/products/?limit=12' })).json<
      { id: number; slug: string; finishes: string[]; in_stock: boolean }[]
    >();
    product = products.find((p) => p.in_stock)!;
    category = (await shop.app.inject({ url: '/api/categories/' })).json<{ slug: string }[]>()[0]!.slug;
    const inStock = products.filter((p) => p.in_stock);
    for (let n = 0; n < PINCODES.length; n++) {
      const username = `shopper_${'abcdef'[n]}${n}x`;
      await shop.services.accounts.register({ username, email: `${username}@example.in`, password: PASSWORD, password2: PASSWORD });
      const login = await shop.app.inject({ method: 'POST', url: '/login', ...form({ email: `${username}@example.in`, password: PASSWORD }) });
      expect(login.statusCode, login.body).toBe(302);
      const session = cookieOf(login.headers['set-cookie'], 'session')!;
      // Shopper n has n + 1 pieces in her cart (one of each of n + 1 products) and remembers her own pincode.
      for (const piece of inStock.slice(0, n + 1)) {
        const added = await shop.app.inject({
          method: 'POST',
          url: '/api/add_item/',
          headers: { cookie: session },
          payload: { cart_code: `shells${n}`.padEnd(12, 'x'), product_id: piece.id, quantity: 1, finish: piece.finishes[0] ?? '' },
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
      expect(pincode).toBeTruthy();
      shoppers.push({ username, cookie: `${session}; ${pincode}`, cartCount: n + 1, pincode: PINCODES[n]! });
    }
  }, 120_000);
  afterAll(() => close?.());

  const pages = () => ['/', '/shop', `/Category/${category}`, `/product/${product.slug}`, '/search?q=teak'];

  it('serves every shopper the same kept page, with no one’s name, count or pincode in it, and their own personal answer', async () => {
    for (const page of pages()) {
      const anonymous = await fetch(base + page);
      const text = await anonymous.text();
      for (const s of shoppers) {
        expect(text, page).not.toContain(s.username);
        expect(text, page).not.toContain(s.pincode);
      }
    }
    // Each shopper asks for every page and its personal answer many times, all at once.
    const rendersBefore = shop.pageCache.renders;
    const seen = new Map<string, string>();
    const visits = shoppers.flatMap((s) =>
      Array.from({ length: 6 }, () =>
        pages().map(async (page) => {
          const [html, mine] = await Promise.all([
            fetch(base + page, { headers: { cookie: s.cookie, 'accept-encoding': 'br, gzip' } }),
            fetch(`${base}/personal?path=${encodeURIComponent(page.split('?')[0]!)}`, { headers: { cookie: s.cookie } }),
          ]);
          expect(html.status, page).toBe(200);
          expect(html.headers.get('cache-control'), page).toBe('private, no-cache');
          const body = await html.text();
          for (const other of shoppers) {
            expect(body, page).not.toContain(other.username);
            expect(body, page).not.toContain(other.pincode);
          }
          expect(body, page).not.toMatch(/Hi (<!-- -->)?shopper_/);
          expect(body, page).not.toContain('data-testid="cart-badge"');
          // One shell per page for every signed-in shopper with a pincode: the same bytes for all of them.
          const earlier = seen.get(page);
          if (earlier === undefined) seen.set(page, body);
          else expect(body === earlier, page).toBe(true);

          expect(mine.status).toBe(200);
          expect(mine.headers.get('cache-control')).toBe('private, no-store');
          const answer = (await mine.json()) as PersonalAnswer;
          expect(answer.user?.username).toBe(s.username);
          expect(answer.cartCount).toBe(s.cartCount);
          if (page.startsWith('/product/')) {
            expect(answer.product?.slug).toBe(product.slug);
            expect(answer.product?.delivery?.pincode).toBe(s.pincode);
          } else {
            expect(answer.product).toBeUndefined();
          }
        }),
      ),
    );
    await Promise.all(visits.flat());
    // The shells were rendered once each (the personal answers are rendered per request, as data).
    const personalAnswers = shoppers.length * 6 * pages().length;
    expect(shop.pageCache.renders - rendersBefore).toBeLessThanOrEqual(pages().length + personalAnswers);
  });

  it('tells the shell it came from, so the browser asks for the rest, and keeps room for the remembered window', async () => {
    const s = shoppers[0]!;
    const page = await shop.app.inject({ url: `/product/${product.slug}`, headers: { cookie: s.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('rel="preload" as="fetch"');
    expect(page.body).toContain(`href="/personal?path=%2Fproduct%2F${product.slug}"`);
    expect(page.body).toContain('aria-busy="true" aria-label="Delivery methods"');
    // A member's shell offers no Log in: the account's links come with the personal answer.
    expect(page.body).not.toMatch(/href="\/login"[^>]*>Login</);
    // A guest with a cart (no session) is shown Log in at once: without a session cookie, no one is signed in.
    const guest = await shop.app.inject({ url: '/', headers: { cookie: 'cart_code=abc123' } });
    expect(guest.statusCode).toBe(200);
    expect(guest.body).toMatch(/href="\/login"[^>]*>Login</);
  });

  it('answers a personal answer without a session as nobody’s, and clears a session cookie that has ended', async () => {
    const nobody = await shop.app.inject({ url: '/personal?path=%2F' });
    expect(nobody.json()).toEqual({ user: null, cartCount: 0 });
    expect(nobody.headers['cache-control']).toBe('private, no-store');
    const ended = await shop.app.inject({ url: '/personal?path=%2F', headers: { cookie: 'session=not-a-live-session' } });
    expect(ended.json()).toEqual({ user: null, cartCount: 0 });
  });

  it('renders the rest of a shopper’s pages for them: the cart’s frame is a shell, its lines come with its data', async () => {
    const s = shoppers[2]!;
    const frame = await shop.app.inject({ url: '/cart', headers: { cookie: s.cookie } });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['cache-control']).toBe('private, no-cache');
    expect(frame.body).toContain('Reading your cart…');
    expect(frame.body).not.toContain(s.username);
    const data = await shop.app.inject({ url: '/cart.data', headers: { cookie: s.cookie } });
    expect(data.statusCode).toBe(200);
    expect(data.headers['cache-control']).toBe('private, no-store');
    expect(data.body).toContain(s.username);
    // Without scripts the shell sends the browser to the cart rendered at once.
    const whole = await shop.app.inject({ url: '/cart?whole=1', headers: { cookie: s.cookie } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['cache-control']).toBe('private, no-store');
    expect(whole.body).toMatch(new RegExp(`Hi (<!-- -->)?${s.username}`));
    // A browser with no session is sent to log in, not shown a frame.
    const guest = await shop.app.inject({ url: '/cart', headers: { cookie: 'cart_code=abc123' } });
    expect(guest.statusCode).toBe(302);
    // The profile is the shopper's own page, rendered for her.
    const profile = await shop.app.inject({ url: '/profile', headers: { cookie: s.cookie } });
    expect(profile.body).toMatch(new RegExp(`Hi (<!-- -->)?${s.username}`));
    expect(profile.headers['cache-control']).toBe('private, no-store');
  });
});
