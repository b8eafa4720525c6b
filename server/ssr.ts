import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { contentSecurityPolicy, type ThirdParties } from './lib/csp';
import { isCrossSite } from './modules/accounts/auth';
import { FORM_RATE_LIMIT } from './modules/content/content.routes';
import type { Services } from './services';

export interface SsrOptions {
  /** Path of the built server bundle (build/server/index.js). */
  serverBuildFile: string;
  services: Services;
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

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // A form of ours is never sent by another site's page (SameSite=Lax keeps the cookie off it too).
    if (request.method !== 'GET' && request.method !== 'HEAD' && isCrossSite(request, publicOrigin)) {
      return reply
        .status(403)
        .type('text/plain; charset=utf-8')
        .send('This form must be sent from the shop’s own pages. Please go back to the shop and try again.');
    }
    const session = await browserSessions.resolve(request.headers.cookie);
    const staleCookie = !session && browserSessions.carriesCookie(request.headers.cookie);
    const nonce = randomBytes(16).toString('base64');
    const response = await handle(toFetchRequest(request, reply), {
      services: options.services,
      cspNonce: nonce,
      log: request.log,
      user: session?.user ?? null,
      sessionId: session?.sid ?? null,
      ip: request.ip,
    });
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

  // The contact and feedback forms, sent without scripts to their pages, are limited like their API twins.
  // React Router runs a page's action for any spelling of its path (case, a trailing slash, the `.data`
  // of its single fetch), so the limit is keyed on the page the path resolves to, not on one route.
  const formLimit = {
    ...FORM_RATE_LIMIT,
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${pageOf(request.url)}`,
    allowList: (request: FastifyRequest) => !FORM_PAGES.has(pageOf(request.url)),
  };
  app.route({ method: ['GET', 'HEAD'], url: '/', handler });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler });
  app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/', handler });
  app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', config: { rateLimit: formLimit }, handler });
};

const FORM_PAGES = new Set(['/contact', '/page']);

/** The page a request path names, as React Router matches it: decoded, no query, any case, no trailing slash or `.data`. */
export function pageOf(url: string): string {
  const raw = url.split('?')[0]!;
  let pathname: string;
  try {
    pathname = decodeURIComponent(raw).toLowerCase();
  } catch {
    pathname = raw.toLowerCase();
  }
  const page = pathname.replace(/\.data$/, '').replace(/\/+$/, '');
  return page === '' ? '/' : page;
}

function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    init.body = Readable.toWeb(request.raw) as unknown as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(url, init);
}
