import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Cookies that make a page personal: the browser session (its name on http and on https sites), the
 * guest cart's code (the header's cart badge is drawn from it) and the pincode the visitor checked (product
 * pages show the delivery window to it). A request carrying any of them is never
 * answered from, nor stored in, the shared page cache. The one list of them.
 */
export const PERSONAL_COOKIES = ['session', '__Host-session', 'cart_code', 'pincode'] as const;

export function carriesPersonalCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const end = pair.indexOf('=');
    const name = (end < 0 ? pair : pair.slice(0, end)).trim();
    return (PERSONAL_COOKIES as readonly string[]).includes(name);
  });
}

/** What a CDN in front may do with a shared page: keep it briefly, and serve it stale while it asks again. */
export const SHARED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

export interface CachedPage {
  /** Response headers of the render (content type, links), without cookies, caching or policy headers. */
  headers: [string, string][];
  body: Buffer;
  /** Brotli and gzip copies, made once in the background; until they exist the page is compressed per request. */
  br?: Buffer;
  gzip?: Buffer;
  /** Strong validator of the uncompressed body; each encoding gets its own suffix. */
  etag: string;
  /** `'sha256-…'` sources of the page's own inline scripts (those that carried the render's placeholder nonce). */
  scriptHashes: string[];
  expires: number;
  size: number;
  compressing?: boolean;
}

/** A render's answer as the cache keeps it. */
export interface Rendered {
  headers: [string, string][];
  body: Buffer;
}

export interface PageCacheLimits {
  entries: number;
  bytes: number;
  ttlMs: number;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
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
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  private generation = 0;
  private pending = new Map<string, Promise<CachedPage | null>>();

  constructor(private readonly limits: PageCacheLimits = { entries: 500, bytes: 64 * 1024 * 1024, ttlMs: 5 * 60 * 1000 }) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (page.expires <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, page);
    this.hits++;
    // Compressed once a page is asked for again: a page asked for once (a one-off query string) costs no more.
    if (!page.compressing) this.compress(key, page);
    return page;
  }

  /** Drops every page: the catalogue or the content changed (here, or in another process). */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
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
    return {
      headers: rendered.headers,
      body: rendered.body,
      etag,
      scriptHashes,
      expires: Date.now() + this.limits.ttlMs,
      size: rendered.body.length,
    };
  }

  private store(key: string, page: CachedPage): void {
    if (page.size > this.limits.bytes) return;
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.size;
    while (this.entries.size > this.limits.entries || this.bytes > this.limits.bytes) {
      this.remove(this.entries.keys().next().value!);
    }
  }

  /** The compressed copies are made off the main thread; the page is compressed per request until then. */
  private compress(key: string, page: CachedPage): void {
    page.compressing = true;
    const generation = this.generation;
    void Promise.all([
      brotli(page.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.size } }),
      gzip(page.body, { level: 9 }),
    ]).then(
      ([br, gz]) => {
        if (generation !== this.generation || this.entries.get(key) !== page) return;
        page.br = br;
        page.gzip = gz;
        page.size += br.length + gz.length;
        this.bytes += br.length + gz.length;
      },
      () => {},
    );
  }

  private remove(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.size;
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
