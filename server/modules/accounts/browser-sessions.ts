import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { createCookie, createSessionStorage } from 'react-router';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { AccountUser } from './accounts.service';
import { liveSession } from './live-session';
import { SESSION_TTL_SECONDS } from './tokens';
import { carriesAny, cookieValue } from '../../lib/cookies';

type SessionData = { userId: number };

/** Signed cookie values whose check is remembered (a few hundred bytes each), before starting again. */
const VERIFIED_KEPT = 2_000;

/**
 * Log-ins of the shop's own pages: a server-side session (a row of `sessions`, the same table the API's
 * tokens name, so log-out, a password change or reset and deactivation end both alike) whose id travels in
 * an HttpOnly, SameSite=Lax cookie signed with the shop's secret. Secure sites use the `__Host-` prefix
 * (Secure, Path=/, no Domain: no sub-domain can set or shadow it). Built on React Router's session storage,
 * so actions commit and destroy sessions the framework's way; the host resolves the cookie for every request
 * (pages and API) in one prepared, indexed read (`liveSession`).
 */
export function createBrowserSessions(db: Db, options: { secret: string; secure: boolean }) {
  const cookie = createCookie(options.secure ? '__Host-session' : 'session', {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    // Its own key, derived from the shop's secret: a cookie signature is never a token signature.
    secrets: [createHmac('sha256', options.secret).update('browser-session').digest('base64url')],
    maxAge: SESSION_TTL_SECONDS,
  });

  /** The active user of a live session and when it ends, or null (ended, expired, account deactivated, unknown). */
  const live = async (sid: string): Promise<AccountUser | null> => (await liveSession(db, sid))?.user ?? null;

  // What a cookie's signed value says, by the value: its signature is checked once (WebCrypto's HMAC, some 0.2 ms),
  // not on each of a signed-in shopper's requests. A value altered in any way is another key, and checked.
  const verified = new Map<string, unknown>();
  async function sessionIdOf(cookieHeader: string | null | undefined): Promise<unknown> {
    const raw = cookieValue(cookieHeader, cookie.name);
    if (raw === null) return null;
    if (verified.has(raw)) return verified.get(raw);
    const sid: unknown = await cookie.parse(cookieHeader ?? null);
    if (verified.size >= VERIFIED_KEPT) verified.clear();
    verified.set(raw, sid);
    return sid;
  }

  const storage = createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      if (typeof data.userId !== 'number') throw new Error('A browser session is made only for a signed-in user.');
      const id = randomUUID();
      const expiresAt = expires ?? new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
      await db.insert(sessions).values({ id, userId: data.userId, expiresAt });
      return id;
    },
    async readData(id) {
      if (!isSessionId(id)) return null;
      const user = await live(id);
      return user ? { userId: user.id } : null;
    },
    // The user of a session never changes; a log-in makes a new session (no fixation).
    async updateData() {},
    async deleteData(id) {
      if (!isSessionId(id)) return;
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },
  });

  return {
    cookieName: cookie.name,

    /** Whether a request carries our session cookie at all (a page cache keeps only pages without it). */
    carriesCookie(cookieHeader: string | null | undefined): boolean {
      return carriesAny(cookieHeader, [cookie.name]);
    },

    /** The user and session of a request's cookie, or null for a visitor or a cookie that no longer holds. */
    async resolve(cookieHeader: string | null | undefined): Promise<{ user: AccountUser; sid: string } | null> {
      const found = await this.resolveWithEnd(cookieHeader);
      return found && { user: found.user, sid: found.sid };
    },

    /** As `resolve`, with the time the session ends (the longest anything may keep it). */
    async resolveWithEnd(cookieHeader: string | null | undefined): Promise<{ user: AccountUser; sid: string; expiresAt: Date } | null> {
      if (!this.carriesCookie(cookieHeader)) return null;
      const sid = await sessionIdOf(cookieHeader);
      if (typeof sid !== 'string' || !isSessionId(sid)) return null;
      const found = await liveSession(db, sid);
      return found && { user: found.user, sid, expiresAt: found.expiresAt };
    },

    /** The session cookie's value as sent (signed), the first of its name as `resolve` reads it, or null. */
    cookieValue(cookieHeader: string | null | undefined): string | null {
      return cookieValue(cookieHeader, cookie.name);
    },

    /** Opens a new session for a user who just proved who they are: the `Set-Cookie` to send. */
    async open(userId: number): Promise<string> {
      const session = await storage.getSession();
      session.set('userId', userId);
      return storage.commitSession(session);
    },

    /** Ends the session of this browser only: the `Set-Cookie` that clears the cookie. */
    async end(cookieHeader: string | null | undefined): Promise<string> {
      const session = await storage.getSession(cookieHeader ?? null);
      return storage.destroySession(session);
    },

    /** Clears a cookie whose session is gone, without touching the database. */
    clear(): Promise<string> {
      return cookie.serialize('', { maxAge: 0, expires: new Date(0) });
    },
  };
}

export type BrowserSessions = ReturnType<typeof createBrowserSessions>;

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isSessionId = (id: string) => SESSION_ID.test(id);
