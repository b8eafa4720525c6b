import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { carriesAny } from '../lib/cookies';

/**
 * Cookies that make a page personal: the browser session (its name on http and on https sites), the
 * guest cart's code (the header's cart badge is drawn from it) and the pincode the visitor checked (product
 * pages show the delivery window to it). A request carrying any of them is never
 * answered from, nor stored in, the shared page cache. The one list of them.
 */
export const PERSONAL_COOKIES = ['session', '__Host-session', 'cart_code', 'pincode'] as const;

export function carriesPersonalCookie(cookieHeader: string | undefined): boolean {
  return carriesAny(cookieHeader, PERSONAL_COOKIES);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public read of the JSON API whose answer is the same for every visitor without a session (catalogue,
     * content): kept with the pages for the quick path once sent, and dropped with them on any change.
     */
    shared?: boolean;
  }
}

/** What a CDN in front may do with a shared page: keep it briefly, and serve it stale while it asks again. */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

export interface CachedPage {
  /** Response headers of the render (content type, links), without cookies, caching or policy headers. */
  headers: [string, string][];
  /**
   * The page as rendered, kept only while it has no compressed copy: once it has one, its bytes are that copy's,
   * and a request that takes neither encoding gets them decompressed (`rawOf`). Most pages are asked for in brotli
   * only, and their copy is a sixth of their size (decision 0065).
   */
  body?: Buffer;
  /**
   * Brotli and gzip copies, each made once, in one call, when first asked for: the miss makes the one its visitor
   * asked for, a later request the other (`PageCache.copyFor`).
   */
  br?: Buffer;
  gzip?: Buffer;
  /** Strong validator of the uncompressed body; each encoding gets its own suffix. */
  etag: string;
  /** `'sha256-…'` sources of the page's own inline scripts (those that carried the render's placeholder nonce). */
  scriptHashes: string[];
  expires: number;
  size: number;
  /**
   * The whole header set the host sent with this page in each encoding (its own and its plugins': security
   * headers, policy, caching, ETag), less the request id: what the quick path answers with (see `answer`).
   */
  sent?: Partial<Record<'br' | 'gzip', OutgoingHttpHeaders>>;
  /** The host's route that made the answer (`/*` for a page, `/api/products/` for a read), for the metrics. */
  route?: string;
  /** A kept API read (see `keepSent`): only its sent copies count; the host's page route never uses it. */
  read?: boolean;
}

/** How a page's answer was chosen for a request: its bytes, their encoding and their ETag. */
export interface Encoded {
  body: Buffer;
  encoding: 'br' | 'gzip' | undefined;
  etag: string;
}

/** The copy of a page a request accepts: brotli, else gzip (each once made), else the page as rendered. */
export function encodedFor(page: CachedPage, acceptEncoding: string | undefined): Encoded {
  if (page.br && accepts(acceptEncoding, 'br')) return { body: page.br, encoding: 'br', etag: `${page.etag.slice(0, -1)}-br"` };
  if (page.gzip && accepts(acceptEncoding, 'gzip')) return { body: page.gzip, encoding: 'gzip', etag: `${page.etag.slice(0, -1)}-gz"` };
  return { body: rawOf(page), encoding: undefined, etag: page.etag };
}

/**
 * A kept page's bytes as rendered: kept as they are while the page has no compressed copy, else its gzip copy
 * (or its brotli one) decompressed, some 0.1–0.3 ms for a page. Asked for by the few requests that take no
 * encoding the page has, by the making of its other copy, and by the cutting of a page for stitching.
 */
export function rawOf(page: CachedPage): Buffer {
  if (page.body) return page.body;
  if (page.gzip) return zlib.gunzipSync(page.gzip);
  if (page.br) return zlib.brotliDecompressSync(page.br);
  return Buffer.alloc(0);
}

/** The last of a header's comma-separated values (a proxy appends its own). */
function lastValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.at(-1) : header;
  if (!value) return undefined;
  const comma = value.lastIndexOf(',');
  return comma < 0 ? value.trim() : value.slice(comma + 1).trim();
}

/**
 * The cache key of a page request: origin and full URL, read from the raw request the way the host reads its
 * protocol and host (behind a trusted proxy, its `X-Forwarded-Proto` and `X-Forwarded-Host`), so that the
 * quick path and the host's route find the same entry.
 */
export function pageKey(request: Pick<IncomingMessage, 'headers' | 'url' | 'socket'>, trustProxy: boolean): string {
  const headers = request.headers;
  const protocol =
    (trustProxy && lastValue(headers['x-forwarded-proto'])) || ((request.socket as TLSSocket | undefined)?.encrypted ? 'https' : 'http');
  const host = (trustProxy && lastValue(headers['x-forwarded-host'])) || headers.host || '';
  return `${protocol}://${host}${request.url ?? '/'}`;
}

/** Whether a request may be answered with a shared page at all: a GET or HEAD with no personal cookie nor token. */
export function asksForSharedPage(request: Pick<IncomingMessage, 'method' | 'headers'>): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.headers.authorization && !carriesPersonalCookie(request.headers.cookie);
}

/** A render's answer as the cache keeps it. */
export interface Rendered {
  headers: [string, string][];
  body: Buffer;
  /** Its copy in the encoding its first visitor asked for, made with it (`compressedCopy`). */
  br?: Buffer;
  /** Its gzip copy, made with it (a page kept for one shopper, or a first visitor who asked for gzip). */
  gzip?: Buffer;
}

export interface PageCacheLimits {
  entries: number;
  bytes: number;
  ttlMs: number;
}

/** Brotli's window (log2 of its bytes) that holds a body of this length whole: 16 (64 KB) to 22 (4 MB). */
const windowFor = (length: number) => Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(16, Math.ceil(Math.log2(length + 1))));

/**
 * A kept page's copy in one encoding, made in one call on the main thread (decision 0058): a 40 KB page costs
 * about 0.65 ms at brotli quality 5 and 0.5 ms as gzip at level 9. The thread pool's asynchronous calls cost the
 * process more in all (0.85 ms for the same brotli copy), and its CPU counts all its threads.
 */
export function compressedCopy(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 9 });
  return zlib.brotliCompressSync(body, {
    params: {
      // Quality 5: under a millisecond for a page; 11 cost 40–60 ms of CPU for 9–11 % fewer bytes (decision 0058).
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // A window no larger than the page: the same bytes, without the default's 4 MB window and its tables.
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowFor(body.length),
    },
  });
}

/** A weight of zero (`q=0`, `q=0.0`, `q=0.000`) in an Accept-Encoding entry: that encoding is refused. */
const REFUSED = /q=0(?:\.0{0,3})?(?![.\d])/;

const NAMED = { br: /^\s*(br|\*)\s*(;|$)/, gzip: /^\s*(gzip|\*)\s*(;|$)/ };

/** Whether an Accept-Encoding takes this encoding (named, or `*`), and does not refuse it by a weight of zero. */
export function accepts(header: string | undefined, encoding: 'br' | 'gzip'): boolean {
  const entry = (header ?? '').split(',').find((e) => NAMED[encoding].test(e));
  return entry !== undefined && !REFUSED.test(entry);
}

/** The encoding a kept copy is made in for this request: brotli, else gzip, else none (the host negotiates). */
export function copyEncodingFor(header: string | undefined): 'br' | 'gzip' | undefined {
  return accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : undefined;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The rendered HTML of pages that are the same for every visitor without a session, per URL, bounded by
 * count and bytes (least recently used goes first) and by age (as the read cache: anything time-bound, such
 * as an expired stock hold, shows within minutes). Dropped whole on any catalogue or content change.
 *
 * A render meant for the cache gets a random placeholder nonce; its inline scripts are then admitted by their
 * SHA-256 hashes, so the bytes stay the same for every visitor (ETag, precompressed copies) and the policy stays
 * as strict as the nonce one: an injected script has neither the hash nor a nonce the policy names.
 */
export class PageCache {
  /** Page renders of the host (cached or not); tests read it to see that a hit renders nothing. */
  renders = 0;
  hits = 0;
  /** Pages answered by the quick path, without the host's routing and hooks. */
  quickAnswers = 0;
  /** Shoppers' kept pages stitched and answered by the quick path (server/page/quick-path.ts). */
  shopperQuickAnswers = 0;
  /** Shoppers' own kept pages (the cart) answered by the quick path (server/page/quick-path.ts). */
  ownQuickAnswers = 0;
  /** Bounded by count and bytes, least recently used first out, each page for its age (lru-cache). */
  private entries: LRUCache<string, CachedPage>;
  private generation = 0;
  private pending = new Map<string, Promise<CachedPage | null>>();
  private companions: PageCache[] = [];

  constructor(private readonly limits: PageCacheLimits = { entries: 500, bytes: 64 * 1024 * 1024, ttlMs: 5 * 60 * 1000 }) {
    this.entries = new LRUCache<string, CachedPage>({
      max: limits.entries,
      maxSize: limits.bytes,
      sizeCalculation: (page) => Math.max(1, page.size),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * A page or read kept here and already sent by the host (see `CachedPage.sent`), for the quick path
   * (server/page/quick-path.ts) to send again: counted as a hit, most recently used.
   */
  sentPage(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page?.sent) return undefined;
    this.hits++;
    return page;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page || page.read) return undefined;
    this.hits++;
    return page;
  }

  /**
   * Makes the page's copy in the encoding this request asks for (brotli, else gzip), if it has none yet: once,
   * in one call, kept with the page. A copy is made only when some request asks for it: the miss made its
   * visitor's, and a page nobody asks for in gzip never has a gzip copy.
   */
  copyFor(key: string, page: CachedPage, acceptEncoding: string | undefined): void {
    const encoding = copyEncodingFor(acceptEncoding);
    if (!encoding || page[encoding]) return;
    const copy = compressedCopy(rawOf(page), encoding);
    page[encoding] = copy;
    page.size += copy.length;
    // With a compressed copy, the page's own bytes are that copy's (see `CachedPage.body`).
    if (page.body) {
      page.size -= page.body.length;
      page.body = undefined;
    }
    // Kept again with its new size (its age unchanged), if it is still the page kept for its key.
    if (this.entries.peek(key) === page) this.store(key, page);
  }

  /** The cache's state now: an answer worked out from reads made since then may be kept (see `keepSent`). */
  stamp(): number {
    return this.generation;
  }

  /**
   * Keeps an answer of a public read of the JSON API (a route marked `shared`), as the host has just sent it
   * in one encoding to a visitor without a session, for the quick path to send again. An answer worked out
   * before the last change (its request began at an older `stamp`) is not kept. It has no ETag, as the host
   * sends none for the API.
   */
  keepSent(key: string, since: number, sent: { route: string; encoding: 'br' | 'gzip'; body: Buffer; headers: OutgoingHttpHeaders }): void {
    if (since !== this.generation) return;
    const kept = this.entries.get(key);
    const base: CachedPage =
      kept?.read && kept.route === sent.route
        ? kept
        : {
            headers: [],
            etag: '',
            scriptHashes: [],
            expires: Date.now() + this.limits.ttlMs,
            size: 0,
            route: sent.route,
            read: true,
          };
    const entry: CachedPage = {
      ...base,
      [sent.encoding]: sent.body,
      sent: { ...base.sent, [sent.encoding]: sent.headers },
      size: base.size - (base[sent.encoding]?.length ?? 0) + sent.body.length,
    };
    this.store(key, entry);
  }

  /** Drops every page: the catalogue or the content changed (here, or in another process). Its companions too. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
    for (const companion of this.companions) companion.clear();
  }

  /**
   * A cache with bounds of its own, dropped whenever this one is (any catalogue, content or delivery change):
   * shoppers' own pages (decision 0042), so that they neither push visitors' pages out nor are pushed out by them.
   */
  companion(limits: PageCacheLimits): PageCache {
    const companion = new PageCache(limits);
    this.companions.push(companion);
    return companion;
  }

  /** A render of this page already under way for the cache, to wait for instead of rendering again. */
  inFlight(key: string): Promise<CachedPage | null> | undefined {
    return this.pending.get(key);
  }

  /**
   * Starts a render meant for the cache: later visitors of the same page wait for it (see inFlight) instead of
   * rendering it again. The render uses the ticket's placeholder nonce; `settle` gets the page's headers and
   * whole body once read, or null when the answer must not be shared.
   */
  begin(key: string): { nonce: string; settle(rendered: Promise<Rendered | null> | null): Promise<CachedPage | null> } {
    const generation = this.generation;
    const nonce = randomBytes(18).toString('base64url');
    let settle!: (page: Promise<CachedPage | null>) => void;
    const filled = new Promise<CachedPage | null>((resolve) => (settle = resolve));
    this.pending.set(key, filled);
    const forget = () => {
      if (this.pending.get(key) === filled) this.pending.delete(key);
    };
    filled.then(forget, forget);
    return {
      nonce,
      settle: (rendered) => {
        const page = (rendered ?? Promise.resolve(null)).then((done) => {
          if (!done) return null;
          const made = this.makePage(done, nonce);
          // A change made while the page was rendering may not be in it: it is served once, never kept.
          if (generation === this.generation) this.store(key, made);
          return made;
        });
        settle(page);
        return page;
      },
    };
  }

  private makePage(rendered: Rendered, nonce: string): CachedPage {
    const html = rendered.body.toString('utf8');
    const scriptHashes: string[] = [];
    for (const [, attributes, text] of html.matchAll(SCRIPT)) {
      if (!attributes!.includes(`nonce="${nonce}"`)) continue;
      const hash = `'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`;
      if (!scriptHashes.includes(hash)) scriptHashes.push(hash);
    }
    const etag = `"${createHash('sha256').update(rendered.body).digest('base64url').slice(0, 27)}"`;
    // A page with a compressed copy keeps that copy only (see `CachedPage.body`).
    const raw = rendered.br || rendered.gzip ? undefined : rendered.body;
    return {
      headers: rendered.headers,
      ...(raw ? { body: raw } : {}),
      ...(rendered.br ? { br: rendered.br } : {}),
      ...(rendered.gzip ? { gzip: rendered.gzip } : {}),
      etag,
      scriptHashes,
      expires: Date.now() + this.limits.ttlMs,
      size: (raw?.length ?? 0) + (rendered.br?.length ?? 0) + (rendered.gzip?.length ?? 0),
    };
  }

  /** Kept until its own `expires` (a read's copies added later keep the first one's). */
  private store(key: string, page: CachedPage): void {
    const ttl = page.expires - Date.now();
    if (ttl < 1 || page.size > this.limits.bytes) return void this.entries.delete(key);
    this.entries.set(key, page, { ttl });
  }
}

/** Whether an `If-None-Match` header names this page (any of its encodings; weak comparison, as RFC 9110 says). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const base = etag.slice(1, -1);
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const value = tag.slice(1, -1).replace(/-(br|gz)$/, '');
    return value === base;
  });
}
