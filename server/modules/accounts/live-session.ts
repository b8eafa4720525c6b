import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

/** The active user of a live, unrevoked session and when it ends: prepared, read on every signed-in request (decision 0058). */
const liveSessionRead = preparedOn((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

/**
 * A session's user, in one indexed read, for the API's tokens and the pages' cookie alike: null when the session
 * ended, expired, is unknown or its user was deactivated.
 */
export async function liveSession(db: Db, sid: string): Promise<{ user: typeof users.$inferSelect; expiresAt: Date } | null> {
  const [row] = await liveSessionRead(db).execute({ sid, now: new Date().toISOString() });
  return row ?? null;
}
