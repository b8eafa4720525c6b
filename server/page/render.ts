import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { contentSecurityPolicy, type ThirdParties } from '../lib/csp';
import { PUBLIC_FORM_BODY_LIMIT } from '../lib/edge';
import type { Services } from '../services';
import type { Session } from './facts';
import { accepts, type PageCache } from './kept-pages';

/**
 * The render: a page request handed to React Router as a Fetch API request, with the load context the app's
 * loaders read (web/load-context.ts), and its answer sent through the host; a page form's body read with a cap.
 */

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
const UNREADABLE = 'The form could not be read. Please try again.';

/**
 * A page form's body, read with its cap and checked to read as a form: the body, or the answer already sent
 * (413 past the cap, 400 for a form that does not read as one), so no page action meets a broken form.
 */
export async function formBody(request: FastifyRequest, reply: FastifyReply): Promise<Buffer | { sent: FastifyReply }> {
  const read = await readCappedBody(request);
  if (!read) return { sent: reply.status(413).header('connection', 'close').type('text/plain; charset=utf-8').send(TOO_LARGE) };
  if (!(await readsAsForm(request.headers['content-type'], read))) {
    return { sent: reply.status(400).type('text/plain; charset=utf-8').send(UNREADABLE) };
  }
  return read;
}

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

/** Whether an Accept-Encoding takes gzip (and does not refuse it by a weight of zero). */
export const acceptsGzip = (header: string | undefined): boolean => accepts(header, 'gzip');

/** A content security policy per set of script hashes (a shopper's own hash of the hydration data is one of them). */
export interface Policies {
  for(scriptHashes: readonly string[]): string;
}

export function policies(thirdParties: ThirdParties): Policies {
  const made = new LRUCache<string, string>({ max: 1000 });
  return {
    for(scriptHashes) {
      const key = scriptHashes.join(' ');
      let policy = made.get(key);
      if (!policy) made.set(key, (policy = contentSecurityPolicy({ scriptHashes: [...scriptHashes] }, thirdParties)));
      return policy;
    },
  };
}

/** Headers of a render that the host sets itself on a kept page. */
const OWN_HEADERS = new Set(['set-cookie', 'cache-control', 'content-security-policy', 'vary', 'etag', 'content-length']);

/** A render's headers as a kept page keeps them: without those the host sets itself. */
export function keptHeaders(response: Response): [string, string][] {
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) if (!OWN_HEADERS.has(name)) headers.push([name, value]);
  return headers;
}

/** Whether a rendered answer may be kept: a whole 200 page, setting no cookie, that does not say it is private. */
export function keepableAnswer(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    response.headers.getSetCookie().length === 0 &&
    !/\b(private|no-store)\b/.test(response.headers.get('cache-control') ?? '')
  );
}

/**
 * The bytes of a page rendered whole, read in one piece; null for a page that streams. The app's entry says a page
 * is whole by its length (web/entry.server.tsx: a page whose render is whole at the shell is one piece of text).
 */
export async function wholeBody(response: Response): Promise<Buffer | null> {
  if (!response.body || !response.headers.has('content-length')) return null;
  return Buffer.from(await response.arrayBuffer());
}

/** A render of a page to keep (or its reading): its answer, or, when it throws, the ticket let go (no one waits on it). */
export async function renderedFor<T>(ticket: { settle(rendered: null): unknown }, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (err) {
    void ticket.settle(null);
    throw err;
  }
}

export interface Renderer {
  /** The load context of a request: its session's user, or none. */
  contextOf(request: FastifyRequest, nonce: string, session: Session): AppLoadContext;
  /**
   * React Router's answer to this request, with this context. `cookie`: undefined, the request's own Cookie
   * header; null, none (a page kept for many shoppers); a string, that header instead (a page kept for one).
   */
  render(
    request: FastifyRequest,
    reply: FastifyReply,
    context: AppLoadContext,
    options?: { body?: Buffer; cookie?: string | null },
  ): Promise<Response>;
  /** A page rendered for this request alone, with its own nonce. */
  personalPage(request: FastifyRequest, reply: FastifyReply, session: Session, body?: Buffer): Promise<FastifyReply>;
  /**
   * A render's answer sent through the host, with the policy of its nonce; a stale session cookie cleared. A page
   * rendered whole is sent as one buffer (compressed on the way out in one call); `whole`, its bytes already read
   * (a page being kept), with their encoding when they are its compressed copy.
   */
  sendRendered(
    reply: FastifyReply,
    response: Response,
    nonce: string,
    session: Session,
    staleCookie: boolean,
    whole?: { body: Buffer; encoding?: 'br' | 'gzip' },
  ): Promise<FastifyReply>;
}

/** The one entry of the render: the built app's request handler, and how its answers are sent. */
export function renderer(options: {
  build: ServerBuild;
  mode: 'production' | 'development';
  services: Services;
  pageCache: PageCache;
  thirdParties: ThirdParties;
}): Renderer {
  const handle = createRequestHandler(options.build, options.mode);
  const { browserSessions } = options.services;
  const self: Renderer = {
    contextOf: (request, nonce, session) => ({
      services: options.services,
      cspNonce: nonce,
      log: request.log,
      user: session?.user ?? null,
      sessionId: session?.sid ?? null,
      ip: request.ip,
    }),
    render(request, reply, context, { body, cookie } = {}) {
      options.pageCache.renders++;
      return handle(toFetchRequest(request, reply, body, cookie), context);
    },
    async personalPage(request, reply, session, body) {
      const nonce = randomBytes(16).toString('base64');
      const response = await self.render(request, reply, self.contextOf(request, nonce, session), { body });
      const staleCookie = !session && browserSessions.carriesCookie(request.headers.cookie);
      return self.sendRendered(reply, response, nonce, session, staleCookie);
    },
    async sendRendered(reply, response, nonce, session, staleCookie, whole) {
      reply.status(response.status);
      // The length is the host's to set (of the bytes it sends, compressed or not).
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
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
      if (whole?.encoding) {
        // As @fastify/compress marks what it compresses.
        reply.header('vary', 'Cookie, accept-encoding');
        reply.header('content-encoding', whole.encoding);
        return reply.send(whole.body);
      }
      reply.header('vary', 'Cookie');
      if (whole) return reply.send(whole.body);
      if (!response.body) return reply.send();
      const body = await wholeBody(response);
      if (body) return reply.send(body);
      return reply.send(Readable.fromWeb(response.body as unknown as NodeWebStream<Uint8Array>));
    },
  };
  return self;
}

/** The Fetch request React Router is given (see `Renderer.render` for `cookie`). */
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
