import type { OutgoingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { onlyCookie } from '../lib/cookies';
import type { ShopperFacts } from './shopper-facts';
import type { PageFacts, Session } from './facts';
import { keptRenderContext } from './kept-context';
import {
  compressedCopy,
  copyEncodingFor,
  encodedFor,
  matchesEtag,
  pageKey,
  rawOf,
  SHARED_PAGE_CACHE_CONTROL,
  type CachedPage,
  type PageCache,
} from './kept-pages';
import { acceptsGzip, keepableAnswer, keptHeaders, renderedFor, wholeBody, type Policies, type Renderer } from './render';
import { markedFacts, prepareStitch, stitch, stitchGzip, stitchHtml, stitchKey, type Stitchable } from './stitch';

/**
 * Pages all hers (the cart), kept per shopper: a few thousand shoppers' carts (some 50 KB each with their gzip
 * copy), a minute at most each (the delivery dates on them are today's; everything else they show drops them
 * when it changes).
 */
export const OWN_PAGE_LIMITS = { entries: 5000, bytes: 48 * 1024 * 1024, ttlMs: 60_000 };

/** What the kept answers leave for the quick path (server/page/quick-path.ts) to send again. */
export interface Shelf {
  /** A shoppers' kept page cut at its marks. */
  cuts: WeakMap<CachedPage, Stitchable>;
  /** The headers the host sent with a shoppers' kept page as gzip, but its policy. */
  shopperHeaders: WeakMap<CachedPage, OutgoingHttpHeaders>;
  /** Pages all hers (the cart), kept per shopper, in a cache dropped with the page cache. */
  ownPages: PageCache;
  /** The headers the host sent with each as gzip. */
  ownHeaders: WeakMap<CachedPage, OutgoingHttpHeaders>;
}

export const ownKey = (sid: string, version: string, pincode: string | null, page: string) => `own:${sid}|${version}|${pincode ?? ''} ${page}`;

export interface KeptAnswers {
  /** A page asked for without a session or a cart: from the shared cache, or rendered once for it. */
  shared(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** A browsing page of a shopper: kept for every shopper with her facts, her words stitched in. */
  shopper(request: FastifyRequest, reply: FastifyReply, session: Session): Promise<FastifyReply>;
  /** A page all hers (the cart), kept for her alone. */
  own(request: FastifyRequest, reply: FastifyReply, session: NonNullable<Session>): Promise<FastifyReply>;
  shelf: Shelf;
}

export interface KeptParts {
  pageCache: PageCache;
  renderer: Renderer;
  facts: PageFacts;
  policies: Policies;
  shopperFacts: ShopperFacts;
  trustProxy: boolean;
}

/** The one entry of the kept pages: the answers of the three kinds of page kept in memory. */
export function keptAnswers(parts: KeptParts): KeptAnswers {
  const shelf: Shelf = {
    cuts: new WeakMap(),
    shopperHeaders: new WeakMap(),
    ownPages: parts.pageCache.companion(OWN_PAGE_LIMITS),
    ownHeaders: new WeakMap(),
  };
  return { shared: sharedAnswer(parts), shopper: shopperAnswer(parts, shelf), own: ownAnswer(parts, shelf), shelf };
}

/** The whole answer as this host sends it (less its request id and length, and what `also` names): what the quick path sends again. */
function sentHeaders(reply: FastifyReply, ...also: string[]): OutgoingHttpHeaders {
  const headers = { ...reply.getHeaders() } as OutgoingHttpHeaders;
  for (const name of ['x-request-id', 'content-length', ...also]) delete headers[name];
  return headers;
}

/**
 * A page asked for without a session or a cart: from the shared cache, or rendered once for it. An answer
 * that is not the same for everyone (not a 200, a cookie set, marked private) is sent to its visitor only.
 */
function sharedAnswer({ pageCache, renderer, policies, trustProxy }: KeptParts): KeptAnswers['shared'] {
  /**
   * A page from the shared cache: the same bytes for everyone, its inline scripts admitted by their hashes; its
   * copy in the encoding asked for made first if it has none.
   */
  const sendShared = (request: FastifyRequest, reply: FastifyReply, key: string, page: CachedPage) => {
    for (const [name, value] of page.headers) reply.header(name, value);
    if (page.headers.some(([name, value]) => name === 'content-type' && value.startsWith('text/html'))) {
      reply.header('content-security-policy', policies.for(page.scriptHashes));
    }
    reply.header('cache-control', SHARED_PAGE_CACHE_CONTROL);
    reply.header('vary', 'Cookie, Accept-Encoding');
    pageCache.copyFor(key, page, request.headers['accept-encoding']);
    const { body, encoding, etag } = encodedFor(page, request.headers['accept-encoding']);
    // Asked for in no encoding it keeps (deflate), the page may still be compressed on the way out
    // (@fastify/compress): its tag is then weak, as the bytes sent are not the ones it names.
    const compressedOnTheWay = !encoding && /br|gzip|deflate|\*/.test(request.headers['accept-encoding'] ?? '');
    reply.header('etag', compressedOnTheWay ? `W/${etag}` : etag);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
    if (!encoding) return reply.status(200).send(body);
    reply.header('content-encoding', encoding);
    // The whole answer, as this host sends it, is kept for the quick path to send again.
    if (!page.sent?.[encoding]) {
      (page.sent ??= {})[encoding] = sentHeaders(reply);
      page.route ??= request.routeOptions.url;
    }
    return reply.status(200).send(body);
  };
  return async (request, reply) => {
    const key = pageKey(request.raw, trustProxy);
    const cached = pageCache.get(key);
    if (cached) return sendShared(request, reply, key, cached);
    const underway = pageCache.inFlight(key);
    if (underway) {
      // A render that cannot be shared, or that failed for its own visitor (who left), is made again here.
      const page = await underway.catch(() => null);
      if (page) return sendShared(request, reply, key, page);
      return renderer.personalPage(request, reply, null);
    }
    // A HEAD asks for no body to keep: it is answered without filling the cache.
    if (request.method !== 'GET') return renderer.personalPage(request, reply, null);
    // The first visitor gets the page with the render's nonce in its policy (that answer is hers alone, and no
    // cache keeps it); the cache keeps the same bytes, their scripts admitted by their hashes.
    const ticket = pageCache.begin(key);
    const response = await renderedFor(ticket, () => renderer.render(request, reply, renderer.contextOf(request, ticket.nonce, null)));
    if (!keepableAnswer(response) || !response.body) {
      void ticket.settle(null);
      return renderer.sendRendered(reply, response, ticket.nonce, null, false);
    }
    const headers = keptHeaders(response);
    const whole = await renderedFor(ticket, () => wholeBody(response));
    if (whole) {
      // A page rendered whole (every page of the shop today): one buffer, compressed in one call in the encoding
      // its visitor asked for, and that copy kept with it (decision 0058). No stream, no copy of one.
      const encoding = copyEncodingFor(request.headers['accept-encoding']);
      const sent = encoding ? { body: compressedCopy(whole, encoding), encoding } : { body: whole };
      ticket
        .settle(Promise.resolve({ headers, body: whole, ...(encoding ? { [encoding]: sent.body } : {}) }))
        .catch((err: unknown) => request.log.error({ err }, 'a rendered page could not be kept'));
      return renderer.sendRendered(reply, response, ticket.nonce, null, false, sent);
    }
    // A page that streams: the visitor gets it as it comes, and the cache reads a copy of the stream.
    const [toVisitor, toCache] = response.body.tee();
    ticket
      .settle(
        new Response(toCache).arrayBuffer().then(
          (body) => ({ headers, body: Buffer.from(body) }),
          () => null, // the visitor left mid-page: nothing whole to keep
        ),
      )
      .catch((err: unknown) => request.log.error({ err }, 'a rendered page could not be kept'));
    return renderer.sendRendered(reply, new Response(toVisitor, { status: response.status, headers: response.headers }), ticket.nonce, null, false);
  };
}

/**
 * A browsing page of a shopper (a session, a cart or a pincode): the page kept for every shopper with her facts,
 * rendered once without any cookie, with her account's words stitched in (server/page/stitch.ts).
 */
function shopperAnswer({ pageCache, renderer, facts: pageFacts, policies, trustProxy }: KeptParts, shelf: Shelf): KeptAnswers['shopper'] {
  const cutOf = (page: CachedPage): Stitchable => {
    let cut = shelf.cuts.get(page);
    if (!cut) shelf.cuts.set(page, (cut = prepareStitch(rawOf(page).toString('utf8'), page.scriptHashes)));
    return cut;
  };
  return async (request, reply, session) => {
    const facts = await pageFacts.read(request, session);
    const key = stitchKey(facts, pageKey(request.raw, trustProxy));
    // Looked for and begun in one go (no await between): shoppers racing for the same key share one render.
    let page: CachedPage | null | undefined = pageCache.get(key);
    const underway = page ? undefined : pageCache.inFlight(key);
    if (underway) page = await underway.catch(() => null);
    if (!page) {
      const ticket = pageCache.begin(key);
      const context = keptRenderContext(renderer.contextOf(request, ticket.nonce, null), markedFacts(facts));
      const response = await renderedFor(ticket, () => renderer.render(request, reply, context, { cookie: null }));
      if (!keepableAnswer(response)) {
        void ticket.settle(null);
        // Not a page to keep (a 404, a redirect): rendered for her alone, as any personal page.
        return renderer.personalPage(request, reply, session);
      }
      const headers = keptHeaders(response);
      page = await ticket.settle(response.arrayBuffer().then((body) => ({ headers, body: Buffer.from(body) })));
      if (!page) return renderer.personalPage(request, reply, session);
    }
    const cut = cutOf(page);
    const { words, scriptHashes } = stitch(cut, facts.user);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('content-security-policy', policies.for(scriptHashes));
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'Cookie, Accept-Encoding');
    // gzip made of the kept parts, compressed once (server/page/stitch.ts); otherwise as the host compresses any answer.
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.status(200).send(stitchHtml(cut, words));
    reply.header('content-encoding', 'gzip');
    // The whole answer, as this host sends it but for its policy, is kept for the quick path to send again.
    if (request.method === 'GET' && !shelf.shopperHeaders.has(page)) shelf.shopperHeaders.set(page, sentHeaders(reply, 'content-security-policy'));
    return reply.status(200).send(request.method === 'HEAD' ? undefined : stitchGzip(cut, words));
  };
}

/**
 * A page all hers (`handle.own`: the cart), of a signed-in shopper, kept for her alone: by her session, the
 * version of what it shows of her (her account, her cart, her addresses: `ShopperFacts.cartPageVersion`, made
 * anew whenever one of their rows changes, here or in another process), the pincode she checked and the
 * address; in a cache of its own dropped with every page on a catalogue, content or delivery change, and after
 * a minute at most (its delivery dates are today's). It is rendered with her session and that pincode only,
 * once per version; each answer sends the kept bytes (gzip made once), its scripts admitted by their hashes.
 */
function ownAnswer({ renderer, facts, policies, shopperFacts, trustProxy }: KeptParts, shelf: Shelf): KeptAnswers['own'] {
  const { ownPages } = shelf;
  /** Her page rendered and kept, or null when it cannot be (a redirect, an error). */
  const renderOwn = async (request: FastifyRequest, reply: FastifyReply, session: NonNullable<Session>, key: string) => {
    const ticket = ownPages.begin(key);
    // Her session is the context's; of her cookies the render sees her pincode only (the one it reads).
    const cookie = onlyCookie(request.headers.cookie, 'pincode');
    const response = await renderedFor(ticket, () => renderer.render(request, reply, renderer.contextOf(request, ticket.nonce, session), { cookie }));
    if (!keepableAnswer(response)) {
      void ticket.settle(null);
      await response.body?.cancel();
      return null;
    }
    const headers = keptHeaders(response);
    return ticket.settle(
      response.arrayBuffer().then((bytes) => {
        const body = Buffer.from(bytes);
        return { headers, body, gzip: zlib.gzipSync(body, { level: 9 }) };
      }),
    );
  };
  return async (request, reply, session) => {
    const version = await shopperFacts.cartPageVersion(session).catch((err: unknown) => {
      request.log.error({ err }, 'the cart page’s version could not be read');
      return null;
    });
    if (!version) return renderer.personalPage(request, reply, session);
    const cookies = await facts.cookies(request);
    const key = ownKey(session.sid, version, cookies.pincode, pageKey(request.raw, trustProxy));
    let page: CachedPage | null | undefined = ownPages.get(key);
    const underway = page ? undefined : ownPages.inFlight(key);
    if (underway) page = await underway.catch(() => null);
    // A HEAD asks for no body to keep.
    if (!page && request.method === 'GET') page = await renderOwn(request, reply, session, key);
    // Not a page to keep: rendered for her alone, as any personal page.
    if (!page) return renderer.personalPage(request, reply, session);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('content-security-policy', policies.for(page.scriptHashes));
    reply.header('cache-control', 'private, no-store');
    reply.header('vary', 'Cookie, Accept-Encoding');
    if (!page.gzip || !acceptsGzip(request.headers['accept-encoding'])) return reply.status(200).send(rawOf(page));
    reply.header('content-encoding', 'gzip');
    // The whole answer, as this host sends it, is kept for the quick path to send again.
    if (request.method === 'GET' && !shelf.ownHeaders.has(page)) shelf.ownHeaders.set(page, sentHeaders(reply));
    return reply.status(200).send(request.method === 'HEAD' ? undefined : page.gzip);
  };
}
