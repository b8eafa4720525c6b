import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/app';
import type { Database } from '../db/client';
import { createFailureLimiter, createRateLimitCounter } from './rate-limit-store';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

describe('the shared rate-limit store', () => {
  it('counts hits of a key in its window, atomically, and starts again when the window has passed', async () => {
    const counter = createRateLimitCounter(database.db);
    const counts = await Promise.all(Array.from({ length: 20 }, () => counter.hit('burst', 60_000)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(counts.every((c) => c.ttlMs > 0 && c.ttlMs <= 60_000)).toBe(true);
    expect((await counter.peek('burst')).count).toBe(20);
    expect((await counter.peek('other')).count).toBe(0);

    await database.db.execute(sql`UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = 'burst'`);
    expect((await counter.peek('burst')).count).toBe(0);
    expect((await counter.hit('burst', 60_000)).count).toBe(1);
  });

  it('restarts a key with a fresh window holding one hit, in one write: a reader racing the restarts always finds it live', async () => {
    const counter = createRateLimitCounter(database.db);
    for (let i = 0; i < 5; i++) await counter.hit('reopened', 60_000);
    const reads = Promise.all(Array.from({ length: 40 }, () => counter.peek('reopened')));
    await Promise.all(Array.from({ length: 10 }, () => counter.restart('reopened', 30_000)));
    expect((await reads).filter((r) => r.count < 1)).toEqual([]);
    const after = await counter.peek('reopened');
    expect(after.count).toBe(1);
    expect(after.ttlMs).toBeGreaterThan(0);
    expect(after.ttlMs).toBeLessThanOrEqual(30_000);
    // A window that had ended, and a key never seen, start the same way.
    await database.db.execute(sql`UPDATE rate_limits SET expires_at = now() - interval '1 second' WHERE key = 'reopened'`);
    await counter.restart('reopened', 30_000);
    await counter.restart('fresh', 30_000);
    expect([(await counter.peek('reopened')).count, (await counter.peek('fresh')).count]).toEqual([1, 1]);
  });

  it('prunes expired counters', async () => {
    const counter = createRateLimitCounter(database.db);
    await counter.hit('old', 60_000);
    await counter.hit('live', 60_000);
    await database.db.execute(sql`UPDATE rate_limits SET expires_at = now() - interval '1 minute' WHERE key = 'old'`);
    await counter.prune();
    const rows = await database.db.execute(sql`SELECT key FROM rate_limits WHERE key IN ('old', 'live')`);
    expect((rows as { rows: { key: string }[] }).rows.map((r) => r.key)).toEqual(['live']);
  });

  it('stops a key after max failures until the window passes, and forgets them after a success', async () => {
    const limiter = createFailureLimiter(createRateLimitCounter(database.db), { name: 'test', max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(await limiter.retryAfter('a')).toBe(0);
      await limiter.fail('a');
    }
    expect(await limiter.retryAfter('a')).toBeGreaterThan(0);
    expect(await limiter.retryAfter('a')).toBeLessThanOrEqual(60);
    expect(await limiter.retryAfter('b')).toBe(0);
    await limiter.fail('b');
    await limiter.fail('b');
    await limiter.succeed('b');
    await limiter.fail('b');
    await limiter.fail('b');
    expect(await limiter.retryAfter('b')).toBe(0);
  });
});
