import type { FastifyInstance } from 'fastify';
import '../../lib/request-user';
import { forbidden, unauthenticated } from '../../lib/errors';
import type { AccountsService } from './accounts.service';
import type { BrowserSessions } from './browser-sessions';

/**
 * Reads the bearer token of every API request. A missing token means anonymous; an invalid, expired
 * or refresh token is 401 on any endpoint (API.md). Deactivated users and ended sessions (log-out,
 * password change or reset) stop at once, in every process: the user and the session are read together
 * on every request, in one indexed query.
 */
export function registerAuthentication(
  app: FastifyInstance,
  accounts: AccountsService,
  browserSessions: BrowserSessions,
  publicOrigin: string,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/rest-auth/')) return;
    const header = request.headers.authorization;
    if (!header) {
      // The shop's own pages: the browser session's cookie. A change sent with it must come from our pages.
      const found = await browserSessions.resolve(request.headers.cookie);
      if (!found) return;
      if (!SAFE_METHODS.has(request.method) && isCrossSite(request, publicOrigin)) {
        throw forbidden('This change must be made from the shop’s own pages.');
      }
      request.user = found.user;
      request.sessionId = found.sid;
      return;
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthenticated('Send the access token as "Authorization: Bearer <token>".');
    const found = await accounts.userForAccessToken(match[1]!);
    if (!found) throw unauthenticated('The access token is invalid or has expired.');
    request.user = found.user;
    request.sessionId = found.sid;
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request was sent by another site's page: the browser says so (`Sec-Fetch-Site`), or its `Origin`
 * is not the host it was sent to. Requests without either (tools, old browsers) are not cross-site; SameSite=Lax
 * already keeps the cookie off other sites' posts in every current browser.
 */
export function isCrossSite(
  request: { headers: Record<string, string | string[] | undefined>; host: string; protocol: string },
  publicOrigin: string,
): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

export { currentUser, requireSuperuser, requireUser } from '../../lib/request-user';
