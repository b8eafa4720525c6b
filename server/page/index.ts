import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, matchRoutes, type AppLoadContext, type RouteObject, type ServerBuild } from 'react-router';
import { contentSecurityPolicy, type ThirdParties } from '../lib/csp';
import { PUBLIC_FORM_BODY_LIMIT } from '../lib/edge';
import { isCrossSite } from '../modules/accounts/auth';
import {
  asksForSharedPage,
  carriesPersonalCookie,
  encodedFor,
  matchesEtag,
  pageKey,
  SHARED_PAGE_CACHE_CONTROL,
  type CachedPage,
  type PageCache,
  type QuickPathOptions,
} from './kept-pages';
import type { Services } from '../services';
import type { CartGlance } from './shopper-facts';
import { markedFacts, prepareStitch, stitch, stitchGzip, stitchHtml, stitchKey, type Stitchable } from './stitch';
import type { ShellFacts } from '../../web/lib/shell';
import { onlyCookie } from '../lib/cookies';

type Session = Awaited<ReturnType<Services['browserSessions']['resolve']>>;
/** How a page is kept for shoppers: per facts and stitched (`shell`), per shopper (`own`), or not at all. */
type Kept = 'shell' | 'own' | null;

/**
 * Pages all hers (the cart), kept per shopper: a few thousand shoppers' carts (some 50 KB each with their gzip
 * copy), a minute at most each (the delivery dates on them are today's; everything else they show drops them
 * when it changes).
 */
export const OWN_PAGE_LIMITS = { entries: 5000, bytes: 48 * 1024 * 1024, ttlMs: 60_000 };

/**
 * The most a page form may send: the largest page form carries one photo of 5 MB (the profile picture, the
 * consultation's photo; the panel's uploads go to the admin API), so a multipart form gets a little more than
 * that, enough for a photo just past its limit to reach the form's own sentence (decision 0035); a plain form far
 * less; the public forms that take text alone (contact, feedback, sign-up, log-in, password reset) the API's cap
 * for the same forms, whatever their encoding (decision 0034). The booking form takes one photo of up to 5 MB.
 * Each action's parser then holds a file only up to the form's own limit.
 */
export const PAGE_BODY_LIMITS = {
  multipart: 8 * 1024 * 1024,
  other: 1024 * 1024,
  publicForm: PUBLIC_FORM_BODY_LIMIT,
  booking: 5 * 1024 * 1024 + 64 * 1024,
};

/** Public pages whose forms take text alone (React Router's single-fetch posts go to `<path>.data`). */
const TEXT_FORM_PAGES = new Set(['/contact', '/page', '/signup', '/login', '/forgot-password', '/reset-password']);

/** The cap on a page request's body, by its page and its encoding. */
export function pageBodyLimit(url: string, contentType: string | undefined): number {
  const path =
    url
      .split('?')[0]!
      .toLowerCase()
      .replace(/\.data$/, '')
      .replace(/\/+$/, '') || '/';
  if (TEXT_FORM_PAGES.has(path)) return PAGE_BODY_LIMITS.publicForm;
  if (path === '/book-consultation') return PAGE_BODY_LIMITS.booking;
  return (contentType ?? '').startsWith('multipart/') ? PAGE_BODY_LIMITS.multipart : PAGE_BODY_LIMITS.other;
}

const TOO_LARGE = 'This form is too large to send. Please shorten the text, or send smaller or fewer pictures, and try again.';

/**
 * A page request's body, read here with a cap (a form post may come chunked, with no length to check first),
 * so React Router never holds more than the cap in memory. Null once the cap is passed: the rest is left
 * unread (the stream paused, not destroyed, so the 413 still reaches the sender before the connection closes).
 */
async function readCappedBody(request: FastifyRequest): Promise<Buffer | null> {
  const limit = pageBodyLimit(request.url, request.headers['content-type']);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return null;
  const raw = request.raw;
  return new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('error', onError);
      raw.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      raw.pause();
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    const onClose = () => {
      stop();
      reject(new Error('The request was closed before its body was read.'));
    };
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('error', onError);
    raw.on('close', onClose);
  });
}

const UNREADABLE = 'The form could not be read. Please try again.';

/** A body sent as a form must read as one, so no page action meets a broken form (a 400 here, not a 500 there). */
async function readsAsForm(contentType: string | undefined, body: Buffer): Promise<boolean> {
  if (!contentType || !/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) return true;
  try {
    await new Response(body as unknown as BodyInit, { headers: { 'content-type': contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

/** Headers of a render that the host sets itself on a shared page. */
const OWN_HEADERS = new Set(['set-cookie', 'cache-control', 'content-security-policy', 'vary', 'etag', 'content-length']);

export interface SsrOptions {
  /** Path of the built server bundle (build/server/index.js). */
  serverBuildFile: string;
  services: Services;
  /** Rendered pages shared by visitors without a session or a cart. */
  pageCache: PageCache;
  /** Whether the host believes a proxy's X-Forwarded-* headers (config.trustProxy): part of a page's key. */
  trustProxy: boolean;
  mode: 'production' | 'development';
  /** Third-party hosts the pages may use, by what is configured. */
  thirdParties: ThirdParties;
  /** Filled by the plugin: the quick path of shoppers' kept pages, for the host's server to offer requests to. */
  quick?: QuickAnswers;
}

export interface QuickAnswers {
  shopper?: (request: IncomingMessage, response: ServerResponse, options: QuickPathOptions) => boolean;
}

/** The React Router app as the catch-all route of the Fastify host: requests are turned into Fetch API requests. */
export const ssrPlugin: FastifyPluginAsync<SsrOptions> = async (app, options) => {
  const build = (await import(pathToFileURL(options.serverBuildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, options.mode);

  // Bodies of page requests (form posts) are handed to React Router unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const { browserSessions, shopperFacts } = options.services;
  const publicOrigin = new URL(options.services.config.publicUrl).origin;
  const { pageCache } = options;
  const { trustProxy } = options;

  const contextOf = (request: FastifyRequest, nonce: string, session: Session): AppLoadContext => ({
    services: options.services,
    cspNonce: nonce,
    log: request.log,
    user: session?.user ?? null,
    sessionId: session?.sid ?? null,
    ip: request.ip,
  });
  const render = (request: FastifyRequest, reply: FastifyReply, nonce: string, session: Session, body?: Buffer) => {
    pageCache.renders++;
    return handle(toFetchRequest(request, reply, body), contextOf(request, nonce, session));
  };

  // Browsing pages whose route says `handle.shell`: for a shopper, kept per facts and stitched (server/stitch.ts).
  // Pages whose route says `handle.own` (the cart): all hers, kept per shopper and version of what they show.
  const routes = routeTree(build);
  const { shellCookies } = build.entry.module as unknown as { shellCookies: ShellCookiesReader };
  // How a path's route is kept for shoppers, by path (matching ranks every route of the app each time).
  const shellPaths = new Map<string, Kept>();
  const keptForShoppers = (request: FastifyRequest): Kept => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    if (request.headers.authorization) return null;
    const path = request.url.split('?')[0]!;
    if (path.endsWith('.data') || path.startsWith('/api/')) return null;
    let kept = shellPaths.get(path);
    if (kept === undefined) {
      const leaf = matchRoutes(routes, path)?.at(-1);
      const handle = leaf && (build.routes[leaf.route.id!]?.module.handle as { shell?: boolean; own?: boolean } | undefined);
      kept = handle?.shell === true ? 'shell' : handle?.own === true ? 'own' : null;
      if (shellPaths.size >= 5000) shellPaths.clear();
      shellPaths.set(path, kept);
    }
    return kept;
  };
  const stitchable = new WeakMap<CachedPage, Stitchable>();
  const cutOf = (page: CachedPage): Stitchable => {
    let cut = stitchable.get(page);
    if (!cut) stitchable.set(page, (cut = prepareStitch(page.body.toString('utf8'), page.scriptHashes)));
    return cut;
  };
  /** The headers the host sent with a kept shopper's page as gzip, but its policy: what the quick path sends again. */
  const sentToShoppers = new WeakMap<CachedPage, OutgoingHttpHeaders>();
  /** Pages all hers (the cart), kept per shopper (see `ownPage`), and the headers the host sent with each as gzip. */
  const ownPages = pageCache.companion(OWN_PAGE_LIMITS);
  const sentOwn = new WeakMap<CachedPage, OutgoingHttpHeaders>();
  const ownKey = (sid: string, version: string, pincode: string | null, page: string) => `own:${sid}|${version}|${pincode ?? ''} ${page}`;

  // A shopper's facts (decision 0042): what her cookies say (her guest cart's code, her pincode), kept per Cookie
  // header as the app reads them; her session and her cart, kept in memory until they change (server/shopper-facts.ts);
  // a product's id, kept until the catalogue changes.
  const { accounts, catalog } = options.services;
  const cookieFacts = new Map<string, { cartCode: string | null; pincode: string | null }>();
  const cookiesOf = async (request: FastifyRequest) => {
    const header = request.headers.cookie ?? '';
    let found = cookieFacts.get(header);
    if (!found) {
      found = await shellCookies(header || null, contextOf(request, '', null));
      if (cookieFacts.size >= 10_000) cookieFacts.delete(cookieFacts.keys().next().value!);
      cookieFacts.set(header, found);
    }
    return found;
  };
  const productIds = new Map<string, number | null>();
  let productIdsAt = pageCache.stamp();
  const knownProductId = (slug: string): number | null | undefined => {
    if (productIdsAt !== pageCache.stamp()) {
      productIds.clear();
      productIdsAt = pageCache.stamp();
    }
    return productIds.get(slug);
  };
  const productIdOf = async (slug: string): Promise<number | null> => {
    const known = knownProductId(slug);
    if (known !== undefined) return known;
    const at = pageCache.stamp();
    const id = await catalog.getProduct(slug).then(
      (product) => product.id,
      () => null,
    );
    if (at === pageCache.stamp()) {
      if (productIds.size >= 10_000) productIds.clear();
      productIds.set(slug, id);
    }
    return id;
  };
  const factsFrom = (session: Session, cart: CartGlance, pincode: string | null, productId: number | null): ShellFacts => ({
    user: session ? accounts.profile(session.user) : null,
    cartCount: cart.count,
    pincode,
    finishesInCart:
      productId === null ? [] : [...new Set(cart.lines.filter((line) => line.productId === productId).map((line) => line.finish))].sort(),
  });
  /** Her facts, read (from memory when kept) for the page asked for. */
  const shopperFactsOf = async (request: FastifyRequest, session: Session): Promise<ShellFacts> => {
    const cookies = await cookiesOf(request);
    const cart = await shopperFacts.cart(session ? null : cookies.cartCode, session?.user ?? null).catch((err: unknown) => {
      request.log.error({ err }, 'the cart badge could not be counted');
      return { count: 0, lines: [] };
    });
    const slug = productSlugOf(request.url);
    const productId = slug && cart.lines.length > 0 ? await productIdOf(slug) : null;
    return factsFrom(session, cart, cookies.pincode, productId);
  };
  /** Her facts if all of them are kept now (undefined otherwise: the host reads them). */
  const knownFacts = (request: IncomingMessage): ShellFacts | undefined => {
    const header = request.headers.cookie;
    const cookies = cookieFacts.get(header ?? '');
    if (!cookies) return undefined;
    let session: Session = null;
    const value = browserSessions.cookieValue(header);
    if (value !== null && !(session = shopperFacts.knownSession(value) ?? null)) return undefined;
    const cart = shopperFacts.knownCart(session ? null : cookies.cartCode, session?.user ?? null);
    if (!cart) return undefined;
    const slug = productSlugOf(request.url ?? '/');
    let productId: number | null = null;
    if (slug && cart.lines.length > 0) {
      const known = knownProductId(slug);
      if (known === undefined) return undefined;
      productId = known;
    }
    return factsFrom(session, cart, cookies.pincode, productId);
  };
  // A policy per set of script hashes (a shopper's own hash of the hydration data is one of them).
  const shopperPolicies = new Map<string, string>();
  const policyFor = (scriptHashes: string[]): string => {
    const key = scriptHashes.join(' ');
    let policy = shopperPolicies.get(key);
    if (!policy) {
      policy = contentSecurityPolicy({ scriptHashes }, options.thirdParties);
      if (shopperPolicies.size >= 1000) shopperPolicies.clear();
      shopperPolicies.set(key, policy);
    }
    return policy;
  };

  const policies = new WeakMap<CachedPage, string>();

  /** A page from the shared cache: the same bytes for everyone, its inline scripts admitted by their hashes. */
  const sendShared = (request: FastifyRequest, reply: FastifyReply, page: CachedPage) => {
    for (const [name, value] of page.headers) reply.header(name, value);
    const policy = policies.get(page) ?? contentSecurityPolicy({ scriptHashes: page.scriptHashes }, options.thirdParties);
    policies.set(page, policy);
    if (page.headers.some(([name, value]) => name === 'content-type' && value.startsWith('text/html'))) {
      reply.header('content-security-policy', policy);
    }
    reply.header('cache-control', SHARED_PAGE_CACHE_CONTROL);
    reply.header('vary', 'Cookie, Accept-Encoding');
    const { body, encoding, etag } = encodedFor(page, request.headers['accept-encoding']);
    // Until its copies are made, the page may still be compressed on the way out (@fastify/compress): its tag
    // is then weak, as the bytes sent are not the ones it names.
    const compressedOnTheWay = !encoding && /br|gzip|deflate|\*/.test(request.headers['accept-encoding'] ?? '');
    reply.header('etag', compressedOnTheWay ? `W/${etag}` : etag);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
    if (!encoding) return reply.status(200).send(body);
    reply.header('content-encoding', encoding);
    // The whole answer, as this host sends it, is kept for the quick path (PageCache.answer) to send again.
    if (!page.sent?.[encoding]) {
      const { 'x-request-id': _id, 'content-length': _length, ...sent } = reply.getHeaders();
      (page.sent ??= {})[encoding] = sent as OutgoingHttpHeaders;
      page.route ??= request.routeOptions.url;
    }
    return reply.status(200).send(body);
  };

  /**
   * A page asked for without a session or a cart: from the shared cache, or rendered once for it. An answer
   * that is not the same for everyone (not a 200, a cookie set, marked private) is sent to its visitor only.
   */
  const sharedPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = pageKey(request.raw, trustProxy);
    const cached = pageCache.get(key);
    if (cached) return sendShared(request, reply, cached);
    const underway = pageCache.inFlight(key);
    if (underway) {
      // A render that cannot be shared, or that failed for its own visitor (who left), is made again here.
      const page = await underway.catch(() => null);
      if (page) return sendShared(request, reply, page);
      return personalPage(request, reply, null);
    }
    // A HEAD asks for no body to keep: it is answered without filling the cache.
    if (request.method !== 'GET') return personalPage(request, reply, null);
    // The first visitor gets the page as it streams, with the render's nonce (used for this one answer only,
    // which no cache keeps); the cache reads a copy of the stream and keeps it with its scripts' hashes.
    const ticket = pageCache.begin(key);
    const response = await renderedFor(ticket, () => render(request, reply, ticket.nonce, null));
    const shareable = keepableAnswer(response);
    if (!shareable || !response.body) {
      void ticket.settle(null);
      return sendRendered(reply, response, ticket.nonce, null, false);
    }
    const [toVisitor, toCache] = response.body.tee();
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) if (!OWN_HEADERS.has(name)) headers.push([name, value]);
    ticket
      .settle(
        new Response(toCache).arrayBuffer().then(
          (body) => ({ headers, body: Buffer.from(body) }),
          () => null, // the visitor left mid-page: nothing whole to keep
        ),
      )
      .catch((err: unknown) => request.log.error({ err }, 'a rendered page could not be kept'));
    return sendRendered(reply, new Response(toVisitor, { status: response.status, headers: response.headers }), ticket.nonce, null, false);
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // A form of ours is never sent by another site's page (SameSite=Lax keeps the cookie off it too).
    if (request.method !== 'GET' && request.method !== 'HEAD' && isCrossSite(request, publicOrigin)) {
      return reply
        .status(403)
        .type('text/plain; charset=utf-8')
        .send('This form must be sent from the shop’s own pages. Please go back to the shop and try again.');
    }
    if (asksForSharedPage(request.raw)) {
      return sharedPage(request, reply);
    }
    let body: Buffer | undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const read = await readCappedBody(request);
      if (!read) return reply.status(413).header('connection', 'close').type('text/plain; charset=utf-8').send(TOO_LARGE);
      if (!(await readsAsForm(request.headers['content-type'], read))) {
        return reply.status(400).type('text/plain; charset=utf-8').send(UNREADABLE);
      }
      body = read;
    }
    // A browsing page kept for shoppers reads her session as kept in memory (server/shopper-facts.ts): it only
    // shows her name. So does her cart page, kept for her alone. Anything else (an action, her other pages)
    // reads it from the database.
    const kept = body ? null : keptForShoppers(request);
    if (kept === 'shell') {
      const session = await shopperFacts.session(request.headers.cookie);
      if (session || !browserSessions.carriesCookie(request.headers.cookie)) return shopperPage(request, reply, session);
    } else if (kept === 'own') {
      const session = await shopperFacts.session(request.headers.cookie);
      if (session) return ownPage(request, reply, session);
    }
    const session = await browserSessions.resolve(request.headers.cookie);
    return personalPage(request, reply, session, body);
  };

  /**
   * A browsing page of a shopper (a session, a cart or a pincode): the page kept for every shopper with her facts,
   * rendered once without any cookie, with her account's words stitched in (server/stitch.ts).
   */
  const shopperPage = async (request: FastifyRequest, reply: FastifyReply, session: Session) => {
    const facts = await shopperFactsOf(request, session);
    const key = stitchKey(facts, pageKey(request.raw, trustProxy));
    // Looked for and begun in one go (no await between): shoppers racing for the same key share one render.
    let page: CachedPage | null | undefined = pageCache.get(key);
    const underway = page ? undefined : pageCache.inFlight(key);
    if (underway) page = await underway.catch(() => null);
    if (!page) {
      const ticket = pageCache.begin(key);
      pageCache.renders++;
      const response = await renderedFor(ticket, () =>
        handle(toFetchRequest(request, reply, undefined, null), { ...contextOf(request, ticket.nonce, null), shell: markedFacts(facts) }),
      );
      const keepable = keepableAnswer(response);
      if (!keepable) {
        void ticket.settle(null);
        // Not a page to keep (a 404, a redirect): rendered for her alone, as any personal page.
        return personalPage(request, reply, session);
      }
      const headers: [string, string][] = [];
      for (const [name, value] of response.headers) if (!OWN_HEADERS.has(name)) headers.push([name, value]);
      page = await ticket.settle(response.arrayBuffer().then((body) => ({ headers, body: Buffer.from(body) })));
      if (!page) return personalPage(request, reply, session);
    }
    const cut = cutOf(page);
    const { words, scriptHashes } = stitch(cut, facts.user);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('content-security-policy', policyFor(scriptHashes));
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'Cookie, Accept-Encoding');
    // gzip made of the kept parts, compressed once (server/stitch.ts); otherwise as the host compresses any answer.
    if (acceptsGzip(request.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip');
      // The whole answer, as this host sends it but for its policy, is kept for the quick path to send again.
      if (request.method === 'GET' && !sentToShoppers.has(page)) {
        const { 'x-request-id': _id, 'content-length': _length, 'content-security-policy': _policy, ...sent } = reply.getHeaders();
        sentToShoppers.set(page, sent as OutgoingHttpHeaders);
      }
      return reply.status(200).send(request.method === 'HEAD' ? undefined : stitchGzip(cut, words));
    }
    return reply.status(200).send(stitchHtml(cut, words));
  };

  /**
   * The quick path of shoppers' pages (as decision 0025's of visitors' pages): a browsing page whose facts are all
   * kept (her cookies, her session and cart in memory), kept for those facts and already sent by the host as gzip,
   * is stitched and sent straight from the socket's handler, with the headers the host sent (her own policy, a
   * fresh request id), without the host's routing and hooks. Anything else returns false and goes to the host.
   */
  const answerShopper = (request: IncomingMessage, response: ServerResponse, quick: QuickPathOptions): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.headers.authorization || !carriesPersonalCookie(request.headers.cookie)) return false;
    if (!acceptsGzip(request.headers['accept-encoding'])) return false;
    const url = request.url ?? '/';
    const kept = shellPaths.get(url.split('?')[0]!);
    if (kept === 'own') return answerOwn(request, response, quick);
    if (kept !== 'shell') return false;
    const facts = knownFacts(request);
    if (!facts) return false;
    const page = pageCache.get(stitchKey(facts, pageKey(request, trustProxy)));
    const cut = page && stitchable.get(page);
    const headers = page && sentToShoppers.get(page);
    if (!cut || !headers) return false;
    const started = process.hrtime.bigint();
    const { words, scriptHashes } = stitch(cut, facts.user);
    const body = stitchGzip(cut, words);
    const idHeader = request.headers['x-request-id'];
    const id = typeof idHeader === 'string' && idHeader ? idHeader : randomUUID();
    response.writeHead(200, { ...headers, 'content-security-policy': policyFor(scriptHashes), 'x-request-id': id, 'content-length': body.length });
    if (request.method === 'HEAD') response.end();
    else response.end(body);
    pageCache.shopperQuickAnswers++;
    quick.answered?.({ id, method: request.method, url, route: '/*', status: 200, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    return true;
  };
  if (options.quick) options.quick.shopper = answerShopper;

  /**
   * A page all hers (`handle.own`: the cart), of a signed-in shopper, kept for her alone: by her session, the
   * version of what it shows of her (her account, her cart, her addresses: `ShopperFacts.cartPageVersion`, made
   * anew whenever one of their rows changes, here or in another process), the pincode she checked and the
   * address; in a cache of its own dropped with every page on a catalogue, content or delivery change, and after
   * a minute at most (its delivery dates are today's). It is rendered with her session and that pincode only,
   * once per version; each answer sends the kept bytes (gzip made once), its scripts admitted by their hashes.
   */
  const ownPage = async (request: FastifyRequest, reply: FastifyReply, session: NonNullable<Session>) => {
    const version = await shopperFacts.cartPageVersion(session).catch((err: unknown) => {
      request.log.error({ err }, 'the cart page’s version could not be read');
      return null;
    });
    if (!version) return personalPage(request, reply, session);
    const cookies = await cookiesOf(request);
    const key = ownKey(session.sid, version, cookies.pincode, pageKey(request.raw, trustProxy));
    let page: CachedPage | null | undefined = ownPages.get(key);
    const underway = page ? undefined : ownPages.inFlight(key);
    if (underway) page = await underway.catch(() => null);
    if (!page) {
      // A HEAD asks for no body to keep.
      if (request.method !== 'GET') return personalPage(request, reply, session);
      const ticket = ownPages.begin(key);
      pageCache.renders++;
      // Her session is the context's; of her cookies the render sees her pincode only (the one it reads).
      const pincodeCookie = onlyCookie(request.headers.cookie, 'pincode');
      const response = await renderedFor(ticket, () =>
        handle(toFetchRequest(request, reply, undefined, pincodeCookie), contextOf(request, ticket.nonce, session)),
      );
      const keepable = keepableAnswer(response);
      if (!keepable) {
        void ticket.settle(null);
        await response.body?.cancel();
        // Not a page to keep (a redirect, an error): rendered for her alone, as any personal page.
        return personalPage(request, reply, session);
      }
      const headers: [string, string][] = [];
      for (const [name, value] of response.headers) if (!OWN_HEADERS.has(name)) headers.push([name, value]);
      page = await ticket.settle(
        response.arrayBuffer().then((bytes) => {
          const body = Buffer.from(bytes);
          return { headers, body, gzip: zlib.gzipSync(body, { level: 9 }) };
        }),
      );
      if (!page) return personalPage(request, reply, session);
    }
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('content-security-policy', policyFor(page.scriptHashes));
    reply.header('cache-control', 'private, no-store');
    reply.header('vary', 'Cookie, Accept-Encoding');
    if (page.gzip && acceptsGzip(request.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip');
      // The whole answer, as this host sends it, is kept for the quick path to send again.
      if (request.method === 'GET' && !sentOwn.has(page)) {
        const { 'x-request-id': _id, 'content-length': _length, ...sent } = reply.getHeaders();
        sentOwn.set(page, sent as OutgoingHttpHeaders);
      }
      return reply.status(200).send(request.method === 'HEAD' ? undefined : page.gzip);
    }
    return reply.status(200).send(page.body);
  };

  /**
   * The quick path of a page all hers (as `answerShopper`'s): her session, her cookies and her page's version
   * known in memory, her page kept for them and already sent by the host as gzip: the same bytes and headers
   * again (a fresh request id). Anything else goes to the host.
   */
  const answerOwn = (request: IncomingMessage, response: ServerResponse, quick: QuickPathOptions): boolean => {
    const header = request.headers.cookie;
    const cookies = cookieFacts.get(header ?? '');
    const value = browserSessions.cookieValue(header);
    if (!cookies || value === null) return false;
    const session = shopperFacts.knownSession(value);
    const version = session && shopperFacts.knownCartPageVersion(session.sid);
    if (!session || !version) return false;
    const page = ownPages.get(ownKey(session.sid, version, cookies.pincode, pageKey(request, trustProxy)));
    const headers = page && sentOwn.get(page);
    if (!page?.gzip || !headers) return false;
    const started = process.hrtime.bigint();
    const idHeader = request.headers['x-request-id'];
    const id = typeof idHeader === 'string' && idHeader ? idHeader : randomUUID();
    response.writeHead(200, { ...headers, 'x-request-id': id, 'content-length': page.gzip.length });
    if (request.method === 'HEAD') response.end();
    else response.end(page.gzip);
    pageCache.ownQuickAnswers++;
    const url = request.url ?? '/';
    quick.answered?.({ id, method: request.method!, url, route: '/*', status: 200, seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    return true;
  };

  /** A page rendered for this request alone, with its own nonce. */
  const personalPage = async (request: FastifyRequest, reply: FastifyReply, session: Session, body?: Buffer) => {
    const nonce = randomBytes(16).toString('base64');
    const response = await render(request, reply, nonce, session, body);
    const staleCookie = !session && browserSessions.carriesCookie(request.headers.cookie);
    return sendRendered(reply, response, nonce, session, staleCookie);
  };

  const sendRendered = async (reply: FastifyReply, response: Response, nonce: string, session: Session, staleCookie: boolean) => {
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    // A cookie whose session ended (log-out elsewhere, password change) is cleared, unless the page set a new one.
    if (staleCookie && !cookies.some((c) => c.startsWith(`${browserSessions.cookieName}=`))) cookies.push(await browserSessions.clear());
    if (cookies.length) reply.header('set-cookie', cookies);
    // A signed-in visitor's pages are theirs alone: no shared cache may keep them.
    if (session || cookies.length) reply.header('cache-control', 'private, no-store');
    if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', contentSecurityPolicy(nonce, options.thirdParties));
      if (!reply.hasHeader('cache-control') && !response.headers.has('cache-control')) reply.header('cache-control', 'no-cache');
    }
    reply.header('vary', 'Cookie');
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>));
  };

  app.route({ method: ['GET', 'HEAD'], url: '/', handler });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler });
  app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/', handler });
  app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler });
};

/** Whether an Accept-Encoding takes gzip (and does not refuse it by a weight of zero). */
function acceptsGzip(header: string | undefined): boolean {
  const entry = (header ?? '').split(',').find((e) => /^\s*(gzip|\*)\s*(;|$)/.test(e));
  return entry !== undefined && !/q=0(?:\.0{0,3})?(?![.\d])/.test(entry);
}

type ShellCookiesReader = (cookieHeader: string | null, context: AppLoadContext) => Promise<{ cartCode: string | null; pincode: string | null }>;

/** The product a page's address names (`/product/<slug>`), or null. */
function productSlugOf(url: string): string | null {
  const slug = /^\/product\/([^/?]+)\/?(?:\?|$)/.exec(url)?.[1];
  if (!slug) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return null;
  }
}

/** The app's routes as React Router matches them (the build's flat list, nested by parent). */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    children.set(route.parentId, list);
  }
  const nest = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      const below = children.get(route.id);
      return below && !route.index ? { ...route, children: nest(below) } : route;
    });
  return nest(children.get(undefined) ?? []);
}

/** A render of a page to keep: its answer, or, when the render throws, the ticket let go (no one waits on it). */
async function renderedFor(ticket: { settle(rendered: null): unknown }, render: () => Promise<Response>): Promise<Response> {
  try {
    return await render();
  } catch (err) {
    void ticket.settle(null);
    throw err;
  }
}

/** Whether a rendered answer may be kept: a whole 200 page, setting no cookie, that does not say it is private. */
function keepableAnswer(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    response.headers.getSetCookie().length === 0 &&
    !/\b(private|no-store)\b/.test(response.headers.get('cache-control') ?? '')
  );
}

/**
 * The Fetch request React Router is given. `cookie`: undefined, the request's own Cookie header; null, none (a
 * page kept for many shoppers); a string, that header instead (a page kept for one shopper sees only what its key holds).
 */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, body?: Buffer, cookie?: string | null): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (cookie !== undefined && name === 'cookie') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  if (cookie) headers.set('cookie', cookie);
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = (body ?? new Uint8Array()) as unknown as BodyInit;
  return new Request(url, init);
}
