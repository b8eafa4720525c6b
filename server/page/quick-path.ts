import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, FastifyServerFactory, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { Session } from './facts';
import { accepts, asksForSharedPage, carriesPersonalCookie, encodedFor, matchesEtag, pageKey, type PageCache } from './kept-pages';
import { ownKey, type Shelf } from './kept-answers';
import type { KeptRoutes } from './kept-routes';
import type { PageFacts } from './facts';
import { acceptsGzip, type Policies } from './render';
import { stitch, stitchGzip, stitchKey } from './stitch';

/**
 * The quick path (decisions 0025 and 0042): an answer the host has already sent once, kept with the very headers
 * it went out with, is sent again straight from the socket's handler, without the host's routing and hooks: a
 * visitor's page or a shared read of the API, a shopper's browsing page stitched for her from the facts kept in
 * memory, her cart page. Anything not known in memory now returns false and goes to the host.
 */

export interface QuickPathOptions {
  trustProxy: boolean;
  /** Told of each answer given (for the metrics and the access log). */
  answered?: (answer: { id: string; method: string; url: string; route: string; status: number; seconds: number }) => void;
}

export type QuickAnswer = (request: IncomingMessage, response: ServerResponse, options: QuickPathOptions) => boolean;

/** What the shoppers' quick path reads, all kept in memory by the page plugin (server/page/index.ts). */
export interface ShopperQuickParts {
  pageCache: PageCache;
  routes: KeptRoutes;
  facts: PageFacts;
  shelf: Shelf;
  policies: Policies;
  knownSession: (cookieHeader: string | undefined) => Session | undefined;
  knownCartPageVersion: (sid: string) => string | undefined;
}

/** The one entry: visitors' kept answers first, then shoppers' (once the page plugin has filled `shoppers`). */
export function quickPath(pageCache: PageCache, shoppers: { answer?: QuickAnswer }): QuickAnswer {
  return (request, response, options) =>
    answerVisitor(pageCache, request, response, options) || (shoppers.answer?.(request, response, options) ?? false);
}

/** A weight of zero (`q=0`, `q=0.0`, `q=0.000`) in an Accept-Encoding: that encoding is refused. `q=0.5` is not. */
const REFUSED_BY_WEIGHT = /q=0(?:\.0{0,3})?(?![.\d])/;

const requestIdOf = (request: IncomingMessage) => {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && header ? header : randomUUID();
};
const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/**
 * A page (or shared read) kept in the page cache and already sent by the host in the encoding this request
 * accepts, to a request without a personal cookie nor token: the same bytes and headers (a fresh request id).
 */
function answerVisitor(cache: PageCache, request: IncomingMessage, response: ServerResponse, options: QuickPathOptions): boolean {
  if (!asksForSharedPage(request)) return false;
  // An encoding refused by weight (`br;q=0`) or compression declined: the host negotiates those.
  const acceptEncoding = request.headers['accept-encoding'];
  if ((acceptEncoding && REFUSED_BY_WEIGHT.test(acceptEncoding)) || request.headers['x-no-compression'] !== undefined) return false;
  const page = cache.sentPage(pageKey(request, options.trustProxy));
  if (!page?.sent) return false;
  // A page without its brotli copy yet, asked for by a request that takes brotli: the host makes it.
  if (!page.read && !page.br && accepts(acceptEncoding, 'br')) return false;
  const chosen = encodedFor(page, acceptEncoding);
  const headers = chosen.encoding && page.sent[chosen.encoding];
  if (!headers) return false;
  cache.quickAnswers++;
  const started = process.hrtime.bigint();
  const id = requestIdOf(request);
  let status = 200;
  if (page.etag && matchesEtag(request.headers['if-none-match'], page.etag)) {
    status = 304;
    const { 'content-encoding': _encoding, 'content-length': _length, ...notModified } = headers;
    response.writeHead(304, { ...notModified, 'x-request-id': id });
    response.end();
  } else {
    response.writeHead(200, { ...headers, 'x-request-id': id, 'content-length': chosen.body.length });
    if (request.method === 'HEAD') response.end();
    else response.end(chosen.body);
  }
  options.answered?.({ id, method: request.method!, url: request.url!, route: page.route ?? '/*', status, seconds: secondsSince(started) });
  return true;
}

/** Sends a kept shopper's answer: the headers the host sent with it, a fresh request id, the body unless a HEAD. */
function sendAgain(
  request: IncomingMessage,
  response: ServerResponse,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  options: QuickPathOptions,
  started: bigint,
) {
  const id = requestIdOf(request);
  response.writeHead(200, { ...headers, 'x-request-id': id, 'content-length': body.length });
  if (request.method === 'HEAD') response.end();
  else response.end(body);
  options.answered?.({ id, method: request.method!, url: request.url ?? '/', route: '/*', status: 200, seconds: secondsSince(started) });
}

/**
 * Shoppers' kept pages: a browsing page whose facts are all kept (her cookies, her session and cart in memory),
 * kept for those facts and already sent by the host as gzip, is stitched and sent with the headers the host
 * sent (her own policy); her cart page, kept for her session and its version, is sent as kept.
 */
export function shopperQuickPath(parts: ShopperQuickParts): QuickAnswer {
  const { pageCache, routes, facts, shelf, policies } = parts;
  const answerStitched = (request: IncomingMessage, response: ServerResponse, options: QuickPathOptions): boolean => {
    const known = facts.known(request);
    if (!known) return false;
    const page = pageCache.get(stitchKey(known, pageKey(request, options.trustProxy)));
    const cut = page && shelf.cuts.get(page);
    const headers = page && shelf.shopperHeaders.get(page);
    if (!cut || !headers) return false;
    const started = process.hrtime.bigint();
    const { words, scriptHashes } = stitch(cut, known.user);
    sendAgain(request, response, { ...headers, 'content-security-policy': policies.for(scriptHashes) }, stitchGzip(cut, words), options, started);
    pageCache.shopperQuickAnswers++;
    return true;
  };
  const answerOwn = (request: IncomingMessage, response: ServerResponse, options: QuickPathOptions): boolean => {
    const cookies = facts.knownCookies(request.headers.cookie);
    const session = parts.knownSession(request.headers.cookie);
    const version = session && parts.knownCartPageVersion(session.sid);
    if (!cookies || !session || !version) return false;
    const page = shelf.ownPages.get(ownKey(session.sid, version, cookies.pincode, pageKey(request, options.trustProxy)));
    const headers = page && shelf.ownHeaders.get(page);
    if (!page?.gzip || !headers) return false;
    sendAgain(request, response, headers, page.gzip, options, process.hrtime.bigint());
    pageCache.ownQuickAnswers++;
    return true;
  };
  return (request, response, options) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.headers.authorization || !carriesPersonalCookie(request.headers.cookie)) return false;
    if (!acceptsGzip(request.headers['accept-encoding'])) return false;
    const kept = routes.known((request.url ?? '/').split('?')[0]!);
    if (kept === 'own') return answerOwn(request, response, options);
    return kept === 'shell' && answerStitched(request, response, options);
  };
}

/**
 * Fastify's HTTP server, made as Fastify makes it, whose requests are first offered to `quick` (set once the app
 * is built; undefined while it starts or once it closes): the quick path of cached pages.
 */
export function serverWithQuickPath(
  quick: () => ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined,
): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer((options.http ?? {}) as http.ServerOptions, (request, response) => {
      if (quick()?.(request, response)) return;
      handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    if ((options.maxRequestsPerSocket as number) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    return server;
  };
}

/**
 * Keeps the answers of shared reads (routes marked `shared`) for the quick path: a 200, compressed, to a GET
 * without a session, a cart or a token, that sets no cookie. Its hooks go on those routes only, after those of
 * the compression plugin (registered before), so that they see the bytes and headers that go out. Each request
 * notes the cache's stamp as it begins, so that an answer read before a change is not kept after it.
 */
export function keepSharedReads(app: FastifyInstance, cache: PageCache, trustProxy: boolean): void {
  const began = new WeakMap<FastifyRequest, number>();
  const onRequest: onRequestHookHandler = (request, _reply, done) => {
    if (request.method === 'GET') began.set(request, cache.stamp());
    done();
  };
  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const since = began.get(request);
    const encoding = reply.getHeader('content-encoding');
    const shareable =
      since !== undefined &&
      Buffer.isBuffer(payload) &&
      (encoding === 'br' || encoding === 'gzip') &&
      reply.statusCode === 200 &&
      !reply.hasHeader('set-cookie') &&
      !/\b(private|no-store)\b/.test(String(reply.getHeader('cache-control') ?? '')) &&
      asksForSharedPage(request.raw);
    if (shareable) {
      const { 'x-request-id': _id, 'content-length': _length, ...headers } = reply.getHeaders();
      cache.keepSent(pageKey(request.raw, trustProxy), since, {
        route: request.routeOptions.url ?? request.url,
        encoding,
        body: payload,
        headers: headers as OutgoingHttpHeaders,
      });
    }
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.shared) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), onRequest];
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
  });
}
