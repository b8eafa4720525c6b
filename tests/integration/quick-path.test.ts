import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPaise } from '../../contract/format';
import { firstProduct, openShop, withTwoShops, type Shop } from '../support/shop-pages';
import { logInThroughPage } from './page-reading';

// The quick path (decision 0025): a cached page that the host has sent once in an encoding is sent again
// straight from the socket's handler. These stories go over real HTTP, as app.inject never reaches a socket.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request over HTTP, the body as sent (no decoding), so encoded bytes can be compared. */
function request(base: string, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(url, base), { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const BROTLI = { 'accept-encoding': 'br, gzip' };

/** Headers that differ between two answers by nature: the request id and the time. */
function lasting(headers: http.IncomingHttpHeaders) {
  const { 'x-request-id': _id, date: _date, ...rest } = headers;
  return rest;
}

async function listen(shop: Shop): Promise<string> {
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}`;
}

/**
 * Asks for a page until the host has sent it brotli-encoded from the cache (the first visit renders it and keeps
 * its brotli copy; the second is answered from that copy): the answer the quick path will repeat.
 */
async function sentByHost(shop: Shop, base: string, url: string): Promise<Answer> {
  let last: Answer | undefined;
  await expect
    .poll(
      async () => {
        last = await request(base, url, BROTLI);
        // Compressed on the way out before its copies exist: a weak tag, as those bytes are not the ones it names.
        const etag = last.headers.etag;
        if (etag && last.headers['content-encoding'] && !/-(br|gz)"$/.test(etag)) expect(etag).toMatch(/^W\//);
        return last.headers['content-encoding'] === 'br' && String(last.headers.etag).endsWith('-br"');
      },
      { timeout: 10_000, interval: 20 },
    )
    .toBe(true);
  return last!;
}

describe('the quick path of cached pages', () => {
  let shop: Shop;
  let base: string;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ shop, close } = await openShop());
    base = await listen(shop);
  });
  afterAll(() => close?.());

  it('sends a page the host has sent once again with the same bytes and headers, without rendering or routing it', async () => {
    const url = '/Category/sofas';
    const byHost = await sentByHost(shop, base, url);
    const renders = shop.pageCache.renders;
    const quick = shop.pageCache.quickAnswers;

    const again = await request(base, url, { ...BROTLI, 'x-request-id': 'quick-path-story-1' });
    expect(again.status).toBe(200);
    expect(shop.pageCache.quickAnswers).toBe(quick + 1);
    expect(shop.pageCache.renders).toBe(renders);
    expect(again.body.equals(byHost.body)).toBe(true);
    expect(lasting(again.headers)).toEqual(lasting(byHost.headers));
    // The request id is the caller's when given, as the host does it; otherwise a new one per answer.
    expect(again.headers['x-request-id']).toBe('quick-path-story-1');
    const another = await request(base, url, BROTLI);
    expect(another.headers['x-request-id']).toMatch(/^[\da-f-]{36}$/);
    expect(another.headers['x-request-id']).not.toBe(byHost.headers['x-request-id']);
    // What it sends is the page: security headers, the hash policy and the HTML itself.
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(String(again.headers['content-security-policy'])).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+[ ;]/);
    expect(zlib.brotliDecompressSync(again.body).toString('utf8')).toContain('</html>');

    // HEAD: the same headers, no body. If-None-Match: 304, no body.
    const head = await request(base, url, BROTLI, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(head.headers['content-length']).toBe(String(byHost.body.length));
    const unchanged = await request(base, url, { ...BROTLI, 'if-none-match': String(byHost.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toHaveLength(0);
    expect(unchanged.headers.etag).toBe(byHost.headers.etag);
    expect(shop.pageCache.quickAnswers).toBe(quick + 4);
    expect(shop.pageCache.renders).toBe(renders);
  });

  it('leaves to the host a page not yet sent in the encoding asked for, and any request with a session, a cart or a token', async () => {
    const url = '/faq';
    await sentByHost(shop, base, url);
    const quick = shop.pageCache.quickAnswers;
    // Gzip only: the host sends it first, then the quick path.
    const gzipByHost = await request(base, url, { 'accept-encoding': 'gzip' });
    expect(gzipByHost.headers['content-encoding']).toBe('gzip');
    expect(shop.pageCache.quickAnswers).toBe(quick);
    await request(base, url, { 'accept-encoding': 'gzip' });
    expect(shop.pageCache.quickAnswers).toBe(quick + 1);
    // No encoding at all: always the host.
    const plain = await request(base, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('</html>');

    const session = await logInThroughPage(shop.app, { email: 'priya@example.com', password: 'Teak#Shop2026' });
    const personalHeaders: Record<string, string>[] = [
      { cookie: session },
      { cookie: 'theme=dark; cart_code=K7Q2M9' },
      { authorization: 'Bearer not-a-token' },
    ];
    for (const personal of personalHeaders) {
      const before = shop.pageCache.quickAnswers;
      const answer = await request(base, url, { ...BROTLI, ...personal });
      expect(shop.pageCache.quickAnswers, JSON.stringify(personal)).toBe(before);
      expect(answer.headers['cache-control'], JSON.stringify(personal)).not.toMatch(/public/);
    }
    // Her page is kept for shoppers of her facts and stitched by the host (decision 0042), never by the quick path.
    const signedIn = await request(base, url, { ...BROTLI, cookie: session });
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
  });

  it('shows an admin’s price change on the very next request, and counts its answers in the metrics', async () => {
    const product = await firstProduct(shop);
    const url = `/product/${product.slug}`;
    await sentByHost(shop, base, url);
    const quick = shop.pageCache.quickAnswers;
    await request(base, url, BROTLI);
    expect(shop.pageCache.quickAnswers).toBe(quick + 1);

    const newPrice = Math.round(product.price * 100) + 54_300;
    await shop.services.catalog.updateProduct(product.slug, { price: newPrice });
    const after = await request(base, url, BROTLI);
    expect(shop.pageCache.quickAnswers).toBe(quick + 1);
    const html = after.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(after.body) : after.body;
    expect(html.toString('utf8')).toContain(formatPaise(newPrice));

    const metrics = await request(base, '/metrics');
    expect(metrics.body.toString('utf8')).toMatch(/http_requests_total\{method="GET",route="\/\*",status="200"\} \d+/);
  });

  it('answers a public read of the catalogue API again as the host sent it, and drops it on a change', async () => {
    const url = '/api/products/?category=sofas';
    const json = (answer: Answer) =>
      JSON.parse((answer.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync)(answer.body).toString('utf8')) as {
        slug: string;
        price: number;
      }[];
    const quick = shop.pageCache.quickAnswers;
    const byHost = await request(base, url, BROTLI);
    expect(byHost.status).toBe(200);
    expect(['br', 'gzip']).toContain(byHost.headers['content-encoding']);
    expect(shop.pageCache.quickAnswers).toBe(quick);

    const again = await request(base, url, BROTLI);
    expect(shop.pageCache.quickAnswers).toBe(quick + 1);
    expect(again.body.equals(byHost.body)).toBe(true);
    expect(lasting(again.headers)).toEqual(lasting(byHost.headers));
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    const head = await request(base, url, BROTLI, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(shop.pageCache.quickAnswers).toBe(quick + 2);
    // An encoding refused by weight, or compression declined: the host negotiates.
    for (const declined of [{ 'accept-encoding': 'br;q=0, gzip' }, { ...BROTLI, 'x-no-compression': '1' }]) {
      const before = shop.pageCache.quickAnswers;
      await request(base, url, declined);
      expect(shop.pageCache.quickAnswers, JSON.stringify(declined)).toBe(before);
    }
    // A weight above zero refuses nothing: that request takes the quick path.
    const weighted = await request(base, url, { 'accept-encoding': 'br;q=0.5, gzip;q=0.8' });
    expect(weighted.status).toBe(200);
    expect(shop.pageCache.quickAnswers).toBe(quick + 3);
    // The API sends no ETag: an If-None-Match is never answered 304.
    const tagged = await request(base, url, { ...BROTLI, 'if-none-match': '*' });
    expect(tagged.status).toBe(200);

    // Another filter is another answer; a token or a session cookie always goes to the host.
    const other = await request(base, '/api/products/?category=beds', BROTLI);
    expect(json(other).every((p) => json(byHost).every((q) => q.slug !== p.slug))).toBe(true);
    // (The host checks the token, and turns down this one.)
    const personalHeaders: [Record<string, string>, number][] = [
      [{ authorization: 'Bearer not-a-token' }, 401],
      [{ cookie: 'session=x' }, 200],
    ];
    for (const [personal, status] of personalHeaders) {
      const before = shop.pageCache.quickAnswers;
      const answer = await request(base, url, { ...BROTLI, ...personal });
      expect(shop.pageCache.quickAnswers, JSON.stringify(personal)).toBe(before);
      expect(answer.status).toBe(status);
    }

    // A price change is in the very next answer, made by the host again.
    const sofa = json(byHost)[0]!;
    const newPrice = Math.round(sofa.price * 100) + 43_200;
    await shop.services.catalog.updateProduct(sofa.slug, { price: newPrice });
    const before = shop.pageCache.quickAnswers;
    const changed = await request(base, url, BROTLI);
    expect(shop.pageCache.quickAnswers).toBe(before);
    expect(json(changed).find((p) => p.slug === sofa.slug)!.price).toBe(newPrice / 100);

    const metrics = await request(base, '/metrics');
    expect(metrics.body.toString('utf8')).toMatch(/http_requests_total\{method="GET",route="\/api\/products\/",status="200"\} \d+/);
  });

  it('never keeps a read that is not marked as shared, nor an error', async () => {
    const quick = shop.pageCache.quickAnswers;
    // The sitemap is public and compressed, but not marked as shared (server/page-cache.test.ts covers errors,
    // cookies and private answers on marked routes).
    for (const url of ['/sitemap.xml', '/sitemap.xml', '/api/products/no-such-piece/', '/api/products/no-such-piece/']) {
      const answer = await request(base, url, BROTLI);
      expect(answer.status, url).toBe(url.startsWith('/sitemap') ? 200 : 404);
      if (url.startsWith('/sitemap')) expect(answer.headers['content-encoding']).toBe('br');
    }
    expect(shop.pageCache.quickAnswers).toBe(quick);
  });
});

// Several app processes share one PostgreSQL in production: the quick path of one must not outlive a change made in another.
const templateUrl = inject('pgTemplateUrl');
describe.skipIf(!templateUrl)('the quick path with several processes (PostgreSQL)', () => {
  it('stops sending a page and a product’s JSON as soon as another process changes its price', async () => {
    await withTwoShops(templateUrl, async (a, b) => {
      const baseB = await listen(b);
      const product = await firstProduct(b);
      const url = `/product/${product.slug}`;
      await sentByHost(b, baseB, url);
      const api = `/api/products/${product.slug}/`;
      await request(baseB, api, BROTLI);
      const quick = b.pageCache.quickAnswers;
      await request(baseB, url, BROTLI);
      await request(baseB, api, BROTLI);
      expect(b.pageCache.quickAnswers).toBe(quick + 2);

      const newPrice = Math.round(product.price * 100) + 76_500;
      await a.services.catalog.updateProduct(product.slug, { price: newPrice });
      await expect
        .poll(
          async () => {
            const answer = await request(baseB, url, BROTLI);
            const html = answer.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(answer.body) : answer.body;
            return html.toString('utf8').includes(formatPaise(newPrice));
          },
          { timeout: 5000 },
        )
        .toBe(true);
      const read = await request(baseB, api, BROTLI);
      const decode = read.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync;
      expect(JSON.parse(decode(read.body).toString('utf8'))).toMatchObject({ slug: product.slug, price: newPrice / 100 });
    });
  });
});
