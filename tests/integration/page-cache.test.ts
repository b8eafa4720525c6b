import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPaise } from '../../contract/format';
import { firstProduct, openShop, withTwoShops, type Shop } from '../support/shop-pages';
import { ADMIN, form } from './admin-support';
import { logInThroughPage } from './page-reading';

describe('the shared page cache', () => {
  let shop: Shop;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ shop, close } = await openShop());
  });
  afterAll(() => close?.());

  const signIn = () => logInThroughPage(shop.app, { email: 'priya@example.com', password: 'Teak#Shop2026' });

  it('serves a page asked for again from memory, without rendering it, with a strong ETag that answers 304', async () => {
    const product = await firstProduct(shop);
    const url = `/product/${product.slug}`;
    // The first visitor gets the page as it is rendered; from then on it is the cached copy.
    const rendered = await shop.app.inject({ url });
    expect(rendered.statusCode).toBe(200);
    const first = await shop.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(rendered.body);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const renders = shop.pageCache.renders;
    const again = await shop.app.inject({ url });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(etag);
    expect(shop.pageCache.renders).toBe(renders);

    const unchanged = await shop.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(shop.pageCache.renders).toBe(renders);
  });

  it('sends its first visitor the page compressed once, and keeps that copy: the next visitor gets the same bytes, the other encoding made when asked', async () => {
    const url = '/Category/sofas?first=visitor';
    const rendersBefore = shop.pageCache.renders;
    const first = await shop.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    // Hers alone: the render's nonce in its policy, no tag, kept by no shared cache.
    expect(String(first.headers['content-security-policy'])).toMatch(/'nonce-[\w+/=-]+'/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBeUndefined();
    const html = zlib.brotliDecompressSync(first.rawPayload).toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);

    const again = await shop.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(again.headers['content-encoding']).toBe('br');
    expect(String(again.headers.etag)).toMatch(/^"[\w-]+-br"$/);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const gzipped = await shop.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(String(gzipped.headers.etag)).toBe(String(again.headers.etag).replace(/-br"$/, '-gz"'));
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(html);
    const plain = await shop.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(html);
    expect(shop.pageCache.renders).toBe(rendersBefore + 1);

    // Asked for without any encoding first: the page as rendered, and its copies made later, as asked.
    const bare = await shop.app.inject({ url: '/faq?first=plain', headers: { 'accept-encoding': 'identity' } });
    expect(bare.headers['content-encoding']).toBeUndefined();
    expect(bare.body).toMatch(/<\/html>$/);
    const brAfter = await shop.app.inject({ url: '/faq?first=plain', headers: { 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(brAfter.rawPayload).toString('utf8')).toBe(bare.body);
  });

  it('sends the home page in under 60 KB of HTML, every section’s texts included', async () => {
    const page = await shop.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(page.statusCode).toBe(200);
    // 162 KB before the cards, carousels and pictures were made lighter (decision 0025), 92.5 KB after the first round;
    // 61 KB for a while, when reviews' stars and the saved pieces' hearts were each a module of the route manifest;
    // 59.6 KB (61,065 bytes) once they were one module, small chunks were joined and the cards' hearts were drawn
    // only once known (decision 0050); 59.1 KB (60,561 bytes) with her saved pieces a fact of the page: the home
    // page's cards carry their hearts in the HTML only for a shopper who saved a piece (sixteen take 3.5 KB).
    expect(Buffer.byteLength(page.body)).toBeLessThan(60 * 1024);
    // Every visible text of the spec's home page is in the server's HTML, not only after the scripts run.
    for (const text of [
      'Crafted. Curated. Bespoke',
      'Shop Now',
      'BEDS',
      'THE MODERN LIFE',
      'Bed sets start from Rs. 49,999',
      'SOFAS',
      'TRANSFORMING SPACES',
      'FOR MODERN LIFE',
      'Single Chair Sofa starts from Rs. 8,999',
      'DINNING',
      'THE ART OF DINNING',
      'Dining Table sets start from Rs. 49,999',
      'Search for your product',
      'Shop by Furniture',
      'Our Products',
      ...['Sofas', 'Beds', 'Tables', 'Book Shelf', 'Cabinet', 'Dinning', 'Bar', 'Pooja', 'TV Units', 'Wardrobe', 'Wall Panels', 'Paintings'],
      'Shop by Room',
      ...['TV Unit', 'Kitchen', 'Bed Room', 'Study Table'],
      'Shop by Collection',
      'Starts from',
      'New In',
      'Best Sellers',
      'What our customers say',
      'Read More',
      'Latest Blog',
      'Services We Offer',
      'Why Choose us?',
      ...['Catering to Cities', 'Homes Furnished', 'Years of Experience', 'Happy Customers', '4+', '20+', '25+', '1000+'],
      ...['100% Transparent Pricing', 'End-to-End Project Management', '100% Satisfaction', 'Quality Assurance', 'Strong Design Solutions'],
      'Begin The Journey To Your Dream Home Interiors',
      'SPEAK TO OUR EXPERT',
    ]) {
      expect(page.body).toContain(text);
    }
  });

  it('admits the cached page’s own inline scripts by hash and names no nonce of a render', async () => {
    await shop.app.inject({ url: '/' });
    const page = await shop.app.inject({ url: '/' });
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[\w+/=]+')+$/);
    expect(scriptSrc).not.toMatch(/unsafe|nonce/);
  });

  it('shows an admin’s price change on the very next request of the page', async () => {
    const product = await firstProduct(shop);
    const url = `/product/${product.slug}`;
    await shop.app.inject({ url });
    const newPrice = Math.round(product.price * 100) + 123_400;
    await shop.services.catalog.updateProduct(product.slug, { price: newPrice });
    const after = await shop.app.inject({ url });
    expect(after.body).toContain(formatPaise(newPrice));
  });

  it('shows an owner’s room and collection changes on the home page and the room page at the very next request', async () => {
    const token = await shop.app.inject({ method: 'POST', url: '/api/token/', payload: ADMIN, remoteAddress: '10.78.0.1' });
    expect(token.statusCode, token.body).toBe(200);
    const owner = { authorization: `Bearer ${token.json<{ access: string }>().access}` };
    const write = async (url: string, fields: Record<string, string>) => {
      const res = await shop.app.inject({ method: 'PATCH', url, headers: owner, payload: form(fields) });
      expect(res.statusCode, res.body).toBe(200);
    };
    /** The page as a visitor gets it, and whether it came from the shared cache (nothing was rendered). */
    const visit = async (url: string) => {
      const renders = shop.pageCache.renders;
      const res = await shop.app.inject({ url });
      expect(res.statusCode).toBe(200);
      return { body: res.body, cached: shop.pageCache.renders === renders };
    };
    const pages = ['/', '/room/bed-room', '/collections'];
    const warm = async () => {
      for (const url of pages) await visit(url);
      for (const url of pages) expect((await visit(url)).cached, url).toBe(true);
    };

    // Both pages are in the cache; the owner renames a room: the next visitor sees the new name on both.
    await warm();
    expect((await visit('/')).body).toContain('Bed Room');
    await write('/api/rooms/bed-room/', { name: 'Bed Room by the Window' });
    const home = await visit('/');
    expect(home.cached).toBe(false);
    expect(home.body).toContain('Bed Room by the Window');
    const room = await visit('/room/bed-room');
    expect(room.cached).toBe(false);
    expect(room.body).toMatch(/<h1[^>]*>Bed Room by the Window<\/h1>/);

    // The owner retitles a collection and sets its start price: home's Shop by Collection and /collections show them.
    await warm();
    await write('/api/collections/collection1/', { title: 'Significant Essence Monsoon Edit', starts_from: '4321' });
    for (const url of ['/', '/collections']) {
      const page = await visit(url);
      expect(page.cached, url).toBe(false);
      expect(page.body, url).toContain('Significant Essence Monsoon Edit');
      expect(page.body, url).toContain('4,321');
    }
  });

  it('never stores a signed-in page in the shared cache, nor serves a shared page to a signed-in visitor', async () => {
    const cookie = await signIn();
    shop.pageCache.clear();

    // A visitor first, then the signed-in customer: she gets the page kept for shoppers of her facts, with her
    // name stitched in (decision 0042), never the visitors' page; no shared cache may keep it.
    const anonymous = await shop.app.inject({ url: '/' });
    expect(anonymous.body).not.toMatch(/Hi (<!-- -->)?priya/);
    const rendersBefore = shop.pageCache.renders;
    const signedIn = await shop.app.inject({ url: '/', headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toMatch(/Hi (<!-- -->)?priya/);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(shop.pageCache.renders).toBe(rendersBefore + 1);
    // Again: the kept page, not a render.
    expect((await shop.app.inject({ url: '/', headers: { cookie } })).body).toMatch(/Hi (<!-- -->)?priya/);
    expect(shop.pageCache.renders).toBe(rendersBefore + 1);
    // Her own pages are rendered for her, with her name, and kept by no cache.
    const own = await shop.app.inject({ url: '/profile', headers: { cookie } });
    expect(own.body).toMatch(/Hi (<!-- -->)?priya/);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['content-security-policy']).toMatch(/'nonce-/);

    // The signed-in customer first, then a visitor: the visitor never sees her name.
    shop.pageCache.clear();
    await shop.app.inject({ url: '/faq', headers: { cookie } });
    const visitor = await shop.app.inject({ url: '/faq' });
    expect(visitor.body).not.toMatch(/Hi (<!-- -->)?priya/);
    const visitorAgain = await shop.app.inject({ url: '/faq' });
    expect(visitorAgain.body).not.toMatch(/Hi (<!-- -->)?priya/);
    expect(visitorAgain.headers['cache-control']).toMatch(/^public/);
    // The visitors' page and the one kept for shoppers of her facts.
    expect(shop.pageCache.size).toBe(2);
  });

  it('never keeps a page that is not found: each visit renders it again', async () => {
    await shop.app.inject({ url: '/no-such-page' });
    const renders = shop.pageCache.renders;
    const again = await shop.app.inject({ url: '/no-such-page' });
    expect(again.statusCode).toBe(404);
    expect(again.headers['cache-control']).not.toMatch(/public/);
    expect(shop.pageCache.renders).toBe(renders + 1);
  });

  it('serves a visitor with a cart code the page kept for shoppers of her facts, never the visitors’ page', async () => {
    await shop.app.inject({ url: '/shop' });
    await shop.app.inject({ url: '/shop' });
    const renders = shop.pageCache.renders;
    const withCart = await shop.app.inject({ url: '/shop', headers: { cookie: 'theme=teak; cart_code=abc123' } });
    expect(withCart.statusCode).toBe(200);
    expect(withCart.headers['cache-control']).toBe('private, no-cache');
    expect(shop.pageCache.renders).toBe(renders + 1);
  });

  it('serves a visitor who checked a pincode the page kept for that pincode, never the visitors’ page', async () => {
    await shop.app.inject({ url: '/shop' });
    await shop.app.inject({ url: '/shop' });
    const renders = shop.pageCache.renders;
    const withPincode = await shop.app.inject({ url: '/shop', headers: { cookie: 'pincode=IjU2MDAwMSI%3D' } });
    expect(withPincode.statusCode).toBe(200);
    expect(withPincode.headers['cache-control']).toBe('private, no-cache');
    expect(shop.pageCache.renders).toBe(renders + 1);
  });
});

// Several app processes share one PostgreSQL in production: an admin change in one reaches every page of the others.
const templateUrl = inject('pgTemplateUrl');
describe.skipIf(!templateUrl)('the shared page cache with several processes (PostgreSQL)', () => {
  it('shows an admin’s price change, and an owner’s room change, made in one process on the next request of the pages in another', async () => {
    await withTwoShops(templateUrl, async (a, b) => {
      const product = await firstProduct(b);
      const url = `/product/${product.slug}`;
      const before = await b.app.inject({ url });
      expect(before.body).toContain(formatPaise(Math.round(product.price * 100)));
      const renders = b.pageCache.renders;
      expect((await b.app.inject({ url })).body).toBe(before.body);
      expect(b.pageCache.renders).toBe(renders);

      const newPrice = Math.round(product.price * 100) + 98_700;
      await a.services.catalog.updateProduct(product.slug, { price: newPrice });

      await expect.poll(async () => (await b.app.inject({ url })).body.includes(formatPaise(newPrice)), { timeout: 5000 }).toBe(true);

      // A room renamed in one process: the other's cached home page and room page show the new name.
      for (const page of ['/', '/room/kitchen']) {
        await b.app.inject({ url: page });
        expect((await b.app.inject({ url: page })).body).toContain('Kitchen');
      }
      await a.services.rooms.updateRoom('kitchen', { name: 'Kitchen in Monsoon Light' });
      for (const page of ['/', '/room/kitchen']) {
        await expect.poll(async () => (await b.app.inject({ url: page })).body.includes('Kitchen in Monsoon Light'), { timeout: 5000 }).toBe(true);
      }
    });
  });
});
