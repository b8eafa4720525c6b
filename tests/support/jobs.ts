import { expect } from 'vitest';
import type { Database } from '../../server/db/client';

/**
 * Waits until the pass each of `queues` makes a few seconds after a process starts (its job with the singleton
 * key `start`, `server/lib/jobs.ts`) has run. A test that runs a scheduled job's work itself, and counts what it
 * did, calls this first: that pass could otherwise take the same rows between the test's steps.
 */
export async function startPassesDone(database: Pick<Database, 'executeSql'>, queues: readonly string[]): Promise<void> {
  // Each process offers one (one of several processes may offer it after another's has run): every one offered
  // has ended, and at least one was offered.
  const left = async () => {
    const { rows } = await database.executeSql(
      `SELECT name, bool_and(state IN ('completed', 'failed', 'cancelled')) AS ended
         FROM pgboss.job WHERE name = ANY($1::text[]) AND singleton_key = 'start' GROUP BY name`,
      [queues],
    );
    const ended = new Set(rows.filter((r) => r.ended === true).map((r) => String(r.name)));
    return queues.filter((q) => !ended.has(q));
  };
  await expect.poll(left, { timeout: 60_000, interval: 100 }).toEqual([]);
}
