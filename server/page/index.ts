import { pathToFileURL } from 'node:url';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { ThirdParties } from '../lib/csp';
import { isCrossSite } from '../modules/accounts/auth';
import type { Services } from '../services';
import { pageFacts, type ShellCookiesReader } from './facts';
import { keptAnswers } from './kept-answers';
import { asksForSharedPage, type PageCache } from './kept-pages';
import { keptRoutes } from './kept-routes';
import { shopperQuickPath, type QuickAnswer } from './quick-path';
import { formBody, policies, renderer } from './render';

export { PAGE_BODY_LIMITS, pageBodyLimit } from './render';

/** The page layer, read from its README: server/page/README.md. */
export interface PageOptions {
  /** Path of the built server bundle (build/server/index.js). */
  serverBuildFile: string;
  services: Services;
  /** Rendered pages shared by visitors without a session or a cart (and, beside them, shoppers'). */
  pageCache: PageCache;
  /** Whether the host believes a proxy's X-Forwarded-* headers (config.trustProxy): part of a page's key. */
  trustProxy: boolean;
  mode: 'production' | 'development';
  /** Third-party hosts the pages may use, by what is configured. */
  thirdParties: ThirdParties;
  /** Filled by the plugin: the quick path of shoppers' kept pages, for the host's server to offer requests to. */
  shoppers?: { answer?: QuickAnswer };
}

const CROSS_SITE = 'This form must be sent from the shop’s own pages. Please go back to the shop and try again.';

/**
 * The React Router app as the catch-all route of the Fastify host. Each request takes one of four answers: a
 * visitor's page kept for everyone, a shopper's browsing page kept per facts and stitched, her cart page kept for
 * her alone, or a page rendered for this request alone (any other page, every form).
 */
export const pagePlugin: FastifyPluginAsync<PageOptions> = async (app, options) => {
  const build = (await import(pathToFileURL(options.serverBuildFile).href)) as ServerBuild;
  const { services, pageCache, trustProxy } = options;
  const { browserSessions, shopperFacts } = services;
  const publicOrigin = new URL(services.config.publicUrl).origin;

  // Bodies of page requests (form posts) are handed to React Router unread.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const render = renderer({ build, mode: options.mode, services, pageCache, thirdParties: options.thirdParties });
  const routes = keptRoutes(build);
  const { shellCookies } = build.entry.module as unknown as { shellCookies: ShellCookiesReader };
  const facts = pageFacts({ services, pageCache, shellCookies, contextOf: (request) => render.contextOf(request, '', null) });
  const policy = policies(options.thirdParties);
  const kept = keptAnswers({ pageCache, renderer: render, facts, policies: policy, shopperFacts, trustProxy });

  if (options.shoppers) {
    options.shoppers.answer = shopperQuickPath({
      pageCache,
      routes,
      facts,
      shelf: kept.shelf,
      policies: policy,
      knownSession: (header) => {
        const value = browserSessions.cookieValue(header);
        return value === null ? undefined : shopperFacts.knownSession(value);
      },
      knownCartPageVersion: (sid) => shopperFacts.knownCartPageVersion(sid),
    });
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const reads = request.method === 'GET' || request.method === 'HEAD';
    // A form of ours is never sent by another site's page (SameSite=Lax keeps the cookie off it too).
    if (!reads && isCrossSite(request, publicOrigin)) return reply.status(403).type('text/plain; charset=utf-8').send(CROSS_SITE);
    if (asksForSharedPage(request.raw)) return kept.shared(request, reply);
    let body: Buffer | undefined;
    if (!reads) {
      const read = await formBody(request, reply);
      if (!Buffer.isBuffer(read)) return read.sent;
      body = read;
    }
    // A browsing page kept for shoppers reads her session as kept in memory (server/page/shopper-facts.ts): it
    // only shows her name. So does her cart page, kept for her alone. Anything else (an action, her other
    // pages) reads it from the database.
    const keptAs = body ? null : routes.of(request);
    if (keptAs === 'shell') {
      const session = await shopperFacts.session(request.headers.cookie);
      if (session || !browserSessions.carriesCookie(request.headers.cookie)) return kept.shopper(request, reply, session);
    } else if (keptAs === 'own') {
      const session = await shopperFacts.session(request.headers.cookie);
      if (session) return kept.own(request, reply, session);
    }
    const session = await browserSessions.resolve(request.headers.cookie);
    return render.personalPage(request, reply, session, body);
  };

  app.route({ method: ['GET', 'HEAD'], url: '/', handler });
  app.route({ method: ['GET', 'HEAD'], url: '/*', handler });
  app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/', handler });
  app.route({ method: ['POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', handler });
};
