import { randomBytes } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, matchRoutes, type AppLoadContext, type RouteObject, type ServerBuild } from 'react-router';
import { contentSecurityPolicy, type ThirdParties } from './lib/csp';
import { PUBLIC_FORM_BODY_LIMIT } from './lib/edge';
import { isCrossSite } from './modules/accounts/auth';
import { asksForSharedPage, encodedFor, matchesEtag, pageKey, SHARED_PAGE_CACHE_CONTROL, type CachedPage, type PageCache } from './page-cache';
import type { Services } from './services';
import { markedFacts, prepareStitch, stitch, stitchGzip, stitchKey, type Stitchable } from './stitch';
import type { ShellFacts } from '../web/lib/shell';

type Session = Awaited<ReturnType<Services['browserSessions']['resolve']>>;

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
}

/** The React Router app as the catch-all route of the Fastify host: requests are turned into Fetch API requests. */
export const ssrPlugin: FastifyPluginAsync<SsrOptions> = async (app, options) => {
  const build = (await import(pathToFileURL(options.serverBuildFile).href)) as ServerBuild;
  const handle = createRequestHandler(build, options.mode);

  // Bodies of page requests (form posts) are handed to React Router unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const { browserSessions } = options.services;
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
  const routes = routeTree(build);
  const factsOf = (build.entry.module as unknown as { shellFacts: ShellFactsReader }).shellFacts;
  const keptForShoppers = (request: FastifyRequest): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.headers.authorization) return false;
    const path = request.url.split('?')[0]!;
    if (path.endsWith('.data') || path.startsWith('/api/')) return false;
    const leaf = matchRoutes(routes, path)?.at(-1);
    const handle = leaf && (build.routes[leaf.route.id!]?.module.handle as { shell?: boolean } | undefined);
    return handle?.shell === true;
  };
  const stitchable = new WeakMap<CachedPage, Stitchable>();

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
    let response: Response;
    try {
      response = await render(request, reply, ticket.nonce, null);
    } catch (err) {
      void ticket.settle(null);
      throw err;
    }
    const shareable =
      response.status === 200 &&
      response.body !== null &&
      response.headers.getSetCookie().length === 0 &&
      !/\b(private|no-store)\b/.test(response.headers.get('cache-control') ?? '');
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
    const session = await browserSessions.resolve(request.headers.cookie);
    if (!body && keptForShoppers(request) && (session || !browserSessions.carriesCookie(request.headers.cookie))) {
      return shopperPage(request, reply, session);
    }
    return personalPage(request, reply, session, body);
  };

  /**
   * A browsing page of a shopper (a session, a cart or a pincode): the page kept for every shopper with her facts,
   * rendered once without any cookie, with her account's words stitched in (server/stitch.ts).
   */
  const shopperPage = async (request: FastifyRequest, reply: FastifyReply, session: Session) => {
    const path = request.url.split('?')[0]!;
    const slug = /^\/product\/([^/]+)\/?$/.exec(path)?.[1] ?? null;
    const facts = await factsOf(toFetchRequest(request, reply), contextOf(request, '', session), slug && decodeURIComponent(slug));
    const key = stitchKey(facts, pageKey(request.raw, trustProxy));
    let page = pageCache.get(key) ?? (await pageCache.inFlight(key)?.catch(() => null));
    if (!page) {
      const ticket = pageCache.begin(key);
      let response: Response;
      try {
        pageCache.renders++;
        response = await handle(toFetchRequest(request, reply, undefined, true), {
          ...contextOf(request, ticket.nonce, null),
          shell: markedFacts(facts),
        });
      } catch (err) {
        void ticket.settle(null);
        throw err;
      }
      const keepable =
        response.status === 200 &&
        response.body !== null &&
        response.headers.getSetCookie().length === 0 &&
        !/\b(private|no-store)\b/.test(response.headers.get('cache-control') ?? '');
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
    let cut = stitchable.get(page);
    if (!cut) stitchable.set(page, (cut = prepareStitch(page.body.toString('utf8'), page.scriptHashes)));
    const { html, words, scriptHashes } = stitch(cut, facts.user);
    for (const [name, value] of page.headers) reply.header(name, value);
    reply.header('content-security-policy', contentSecurityPolicy({ scriptHashes }, options.thirdParties));
    reply.header('cache-control', 'private, no-cache');
    reply.header('vary', 'Cookie, Accept-Encoding');
    // gzip made of the kept parts, compressed once (server/stitch.ts); otherwise as the host compresses any answer.
    if (acceptsGzip(request.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip');
      return reply.status(200).send(request.method === 'HEAD' ? undefined : stitchGzip(cut, words));
    }
    return reply.status(200).send(html);
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

type ShellFactsReader = (request: Request, context: AppLoadContext, productSlug: string | null) => Promise<ShellFacts>;

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

function toFetchRequest(request: FastifyRequest, reply: FastifyReply, body?: Buffer, withoutCookies = false): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (withoutCookies && name === 'cookie') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = (body ?? new Uint8Array()) as unknown as BodyInit;
  return new Request(url, init);
}
