import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { accepts, carriesPersonalCookie, compressedCopy, encodedFor, matchesEtag, PageCache, pageKey, rawOf } from './kept-pages';
import { keepSharedReads } from './quick-path';

const page = (text: string) =>
  Promise.resolve({ headers: [['content-type', 'text/html; charset=utf-8']] as [string, string][], body: Buffer.from(text) });

describe('the shared page cache', () => {
  it('treats the session cookie (on http and https) and the cart code as personal, and no other cookie', () => {
    expect(carriesPersonalCookie('session=abc')).toBe(true);
    expect(carriesPersonalCookie('theme=dark; __Host-session=abc')).toBe(true);
    expect(carriesPersonalCookie('cart_code=K7Q2')).toBe(true);
    expect(carriesPersonalCookie('theme=dark; sessionish=1; my_cart_code=2')).toBe(false);
    expect(carriesPersonalCookie(undefined)).toBe(false);
  });

  it('keeps the hashes of the scripts that carried the render’s nonce only', async () => {
    const cache = new PageCache();
    const ticket = cache.begin('/');
    const kept = await ticket.settle(page(`<script nonce="${ticket.nonce}">ours()</script><script>injected()</script>`));
    expect(kept?.scriptHashes).toHaveLength(1);
    expect(cache.get('/')).toBe(kept);
  });

  it('keeps the copy its first visitor was sent, and makes the other encoding once, only when it is asked for', async () => {
    const cache = new PageCache();
    const body = Buffer.from(`<p>${'Teak bed, ₹1,35,000. '.repeat(200)}</p>`);
    const br = compressedCopy(body, 'br');
    const kept = (await cache.begin('/bed').settle(Promise.resolve({ headers: [], body, br })))!;
    expect(kept.br).toBe(br);
    expect(kept.gzip).toBeUndefined();
    // Its own bytes are its copy's: kept once, compressed, and given back whole to a request that takes no encoding.
    expect(kept.body).toBeUndefined();
    expect(kept.size).toBe(br.length);
    expect(rawOf(kept).equals(body)).toBe(true);

    // A request for brotli takes the kept copy; one for gzip only has it made, once.
    cache.copyFor('/bed', kept, 'br, gzip');
    expect(kept.gzip).toBeUndefined();
    expect(encodedFor(kept, 'br, gzip')).toMatchObject({ body: br, encoding: 'br' });
    cache.copyFor('/bed', kept, 'gzip');
    const gzip = kept.gzip!;
    expect(zlib.gunzipSync(gzip).equals(body)).toBe(true);
    cache.copyFor('/bed', kept, 'gzip, deflate');
    expect(kept.gzip).toBe(gzip);
    expect(kept.size).toBe(br.length + gzip.length);
    expect(zlib.brotliDecompressSync(encodedFor(kept, 'br').body).equals(body)).toBe(true);
    // Refused by weight, or not asked for: neither sent nor made.
    expect(encodedFor(kept, 'br;q=0, gzip').encoding).toBe('gzip');
    const plain = encodedFor(kept, 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.equals(body)).toBe(true);
    expect(plain.etag).toBe(kept.etag);
  });

  it('keeps a page first asked for in no encoding as rendered, then only its copy once one is made', async () => {
    const cache = new PageCache();
    const body = Buffer.from(`<p>${'Sheesham? No: teak, ₹82,500. '.repeat(300)}</p>`);
    const kept = (await cache.begin('/desk').settle(Promise.resolve({ headers: [], body })))!;
    expect(kept.body).toBe(body);
    expect(kept.size).toBe(body.length);
    expect(encodedFor(kept, undefined).body).toBe(body);

    cache.copyFor('/desk', kept, 'gzip');
    expect(kept.body).toBeUndefined();
    expect(kept.size).toBe(kept.gzip!.length);
    expect(kept.size).toBeLessThan(body.length / 10);
    expect(cache.get('/desk')).toBe(kept);
    // The brotli copy is made from the gzip one's bytes: the same page.
    cache.copyFor('/desk', kept, 'br');
    expect(zlib.brotliDecompressSync(kept.br!).equals(body)).toBe(true);
    expect(encodedFor(kept, 'identity').body.equals(body)).toBe(true);
  });

  it('reads an Accept-Encoding as the host does: named or `*`, unless refused by a weight of zero', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('br;q=0.5, gzip;q=0.8', 'br')).toBe(true);
    expect(accepts('br;q=0, gzip', 'br')).toBe(false);
    expect(accepts('*', 'gzip')).toBe(true);
    expect(accepts('brotli, gzip-ish', 'br')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
  });

  it('answers 304 for its tag in any encoding, weak or strong, and not for another page', () => {
    expect(matchesEtag('"abc-br"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc-gz", "x"', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });

  it('drops the least recently used page beyond its bounds, and never keeps a render that a change overtook', async () => {
    const cache = new PageCache({ entries: 2, bytes: 1024, ttlMs: 60_000 });
    for (const key of ['/a', '/b']) await cache.begin(key).settle(page(key));
    cache.get('/a');
    await cache.begin('/c').settle(page('/c'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();

    const ticket = cache.begin('/d');
    cache.clear();
    const served = await ticket.settle(page('/d'));
    expect(served).not.toBeNull();
    expect(cache.get('/d')).toBeUndefined();
  });

  it('keys a request by the origin and URL the host reads, behind a trusted proxy or not', async () => {
    for (const trustProxy of [false, true]) {
      const app = Fastify({ trustProxy });
      app.get('/*', async (request) => ({ host: `${request.protocol}://${request.host}${request.url}`, key: pageKey(request.raw, trustProxy) }));
      for (const headers of [
        { host: 'shop.example' },
        { host: 'shop.example', 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'cdn.example, teak.example' },
        { host: 'shop.example', 'x-forwarded-proto': 'https' },
      ]) {
        const res = await app.inject({ url: '/Category/sofas?page=2', headers });
        const { host, key } = res.json<{ host: string; key: string }>();
        expect(key, JSON.stringify({ trustProxy, headers })).toBe(host);
      }
      await app.close();
    }
  });

  it('keeps a shared read only as a compressed 200 to a visitor without a session, that sets no cookie, read since the last change', async () => {
    const cache = new PageCache();
    const app = Fastify();
    await app.register(fastifyCompress, { threshold: 0, encodings: ['gzip'] });
    keepSharedReads(app, cache, false);
    const big = { items: Array.from({ length: 200 }, (_, i) => `piece ${i}`) };
    const shared = { config: { shared: true } };
    app.get('/api/list/', shared, async () => big);
    app.get('/api/missing/', shared, async (_request, reply) => reply.status(404).send({ detail: 'Not found.', padding: big }));
    app.get('/api/cookie/', shared, async (_request, reply) => reply.header('set-cookie', 'a=1').send(big));
    app.get('/api/private/', shared, async (_request, reply) => reply.header('cache-control', 'private, no-store').send(big));
    app.get('/api/unmarked/', async () => big);
    const gzip = { 'accept-encoding': 'gzip', host: 'shop.example' };
    for (const url of ['/api/missing/', '/api/cookie/', '/api/private/', '/api/unmarked/']) {
      const res = await app.inject({ url, headers: gzip });
      expect(res.headers['content-encoding'], url).toBe('gzip');
    }
    await app.inject({ url: '/api/list/', headers: { ...gzip, cookie: 'session=abc' } });
    await app.inject({ url: '/api/list/', headers: { ...gzip, authorization: 'Bearer x' } });
    await app.inject({ url: '/api/list/', headers: { host: 'shop.example' } });
    expect(cache.size).toBe(0);
    await app.inject({ url: '/api/list/', headers: gzip });
    expect(cache.size).toBe(1);
    // The host's page route never takes a kept read for a page.
    expect(cache.get('http://shop.example/api/list/')).toBeUndefined();
    await app.close();

    // An answer read before a change is not kept after it.
    const since = cache.stamp();
    cache.clear();
    cache.keepSent('http://shop.example/api/list/', since, { route: '/api/list/', encoding: 'gzip', body: Buffer.from('old'), headers: {} });
    expect(cache.size).toBe(0);
  });
});
