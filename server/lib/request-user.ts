import type { FastifyRequest } from 'fastify';
import type { users } from '../db/schema';
import { forbidden, unauthenticated } from './errors';

/** A signed-in user as the HTTP layer knows them: the accounts module resolves it for every request. */
export type RequestUser = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of a valid access token or browser session, or null for anonymous requests. */
    user: RequestUser | null;
    /** The session (log-in) of that access token. */
    sessionId: string | null;
  }
}

/**
 * The route guards every module's routes use (decision 0037): HTTP plumbing below the business areas, so
 * that a module's routes need not import the accounts module to ask who is calling.
 */

/** preHandler: a logged-in user is required. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

/** preHandler: a superuser is required. */
export async function requireSuperuser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (!request.user.isSuperuser) throw forbidden('Only the shop’s administrators can do this.');
}

/** The logged-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
