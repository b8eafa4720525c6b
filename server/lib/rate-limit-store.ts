import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from './errors';

/** One counter of a fixed window: how many hits so far, and how long until the window ends. */
export interface WindowCount {
  count: number;
  ttlMs: number;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

/** Prune expired counters on about one hit in this many (a cheap indexed delete). */
const PRUNE_EVERY = 500;

/**
 * Fixed-window counters in PostgreSQL (table `rate_limits`), shared by every process of the shop, so that
 * a limit holds however many processes serve the requests. Each hit is one atomic upsert: a new key or an
 * expired window starts at 1, a live window adds 1. The database's clock decides, never a process's.
 */
export function createRateLimitCounter(db: Db) {
  let hits = 0;
  const prune = () =>
    db.execute(sql`DELETE FROM rate_limits WHERE expires_at < now()`).catch(() => {
      // Best effort: a later hit prunes again, and expired rows never count.
    });

  return {
    /** Counts one hit of `key` in its window of `windowMs`. */
    async hit(key: string, windowMs: number): Promise<WindowCount> {
      if (++hits % PRUNE_EVERY === 0) void prune();
      const ms = Math.max(1, Math.round(windowMs));
      // now() is the transaction's start: a hit racing another may see the window end a little later than
      // `windowMs` from its own start, hence the cap on the ttl answered.
      const result = await db.execute(sql`
        INSERT INTO rate_limits AS r (key, window_start, count, expires_at)
        VALUES (${key}, now(), 1, now() + ${ms} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN r.expires_at <= now() THEN excluded.window_start ELSE r.window_start END,
          expires_at = CASE WHEN r.expires_at <= now() THEN excluded.expires_at ELSE r.expires_at END,
          count = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.count + 1 END
        RETURNING count, least(${ms}, greatest(0, ceil(extract(epoch FROM (expires_at - now())) * 1000)))::float8 AS ttl_ms`);
      const [row] = rowsOf<{ count: number; ttl_ms: number }>(result);
      return { count: Number(row!.count), ttlMs: Number(row!.ttl_ms) };
    },

    /**
     * Starts a new window of `windowMs` for `key` holding one hit, whatever the old one held: one statement, so
     * that no reader sees the key between an old window and the new one (a breaker reopening).
     */
    async restart(key: string, windowMs: number): Promise<void> {
      const ms = Math.max(1, Math.round(windowMs));
      await db.execute(sql`
        INSERT INTO rate_limits (key, window_start, count, expires_at)
        VALUES (${key}, now(), 1, now() + ${ms} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, expires_at = excluded.expires_at, count = 1`);
    },

    /** The live window of `key`, without counting a hit. */
    async peek(key: string): Promise<WindowCount> {
      const result = await db.execute(sql`
        SELECT count, greatest(0, ceil(extract(epoch FROM (expires_at - now())) * 1000))::float8 AS ttl_ms
        FROM rate_limits WHERE key = ${key} AND expires_at > now()`);
      const [row] = rowsOf<{ count: number; ttl_ms: number }>(result);
      return row ? { count: Number(row.count), ttlMs: Number(row.ttl_ms) } : { count: 0, ttlMs: 0 };
    },

    async clear(key: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },

    prune,
  };
}

export type RateLimitCounter = ReturnType<typeof createRateLimitCounter>;

/**
 * A store for @fastify/rate-limit on the shared counters: every `config.rateLimit` of a route (sign-up,
 * reset, contact, feedback, cart, payments…) and every `app.createRateLimit` counts in PostgreSQL.
 * Routes get their own key prefix (method and URL); `createRateLimit` users give their own keys.
 */
export function pgRateLimitStore(counter: RateLimitCounter): FastifyRateLimitStoreCtor {
  class PgStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'route|',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged options with `routeInfo` (empty for `createRateLimit`).
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new PgStore(routeOptions, info?.url ? routeLimitKey(String(info.method), info.url, '') : 'route|limit|');
    }
  }
  return PgStore;
}

/**
 * The counter of a route's `config.rateLimit` for one client key (its address): a page's form that is the twin
 * of an API call counts on the same counter, so that the two together stay within the one limit.
 */
export function routeLimitKey(method: string, url: string, key: string): string {
  return `route|${method} ${url}|${key}`;
}

/**
 * A page form's limit, counted on the very counter of its API twin (`method url`, see routeLimitKey): a script
 * cannot double its sends by using both. Past the limit it throws the shop's 429, with the seconds to wait.
 */
export function twinLimit(counter: RateLimitCounter, method: string, url: string, limit: { max: number; timeWindow: number }) {
  return async (ip: string): Promise<void> => {
    const { count, ttlMs } = await counter.hit(routeLimitKey(method, url, ip), limit.timeWindow);
    if (count > limit.max) {
      const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
      throw Object.assign(new AppError('rate_limited', `Too many attempts. Please wait ${seconds} seconds and try again.`), { retryAfter: seconds });
    }
  };
}

/**
 * Counts failures (a wrong password), not attempts, per key in a fixed window of the shared store: a shopper
 * who logs in many times a day is never slowed down, while `max` wrong answers stop the key until the window
 * has passed, in every process.
 */
export function createFailureLimiter(counter: RateLimitCounter, { name, max, windowMs }: { name: string; max: number; windowMs: number }) {
  const keyOf = (key: string) => `failures|${name}|${key}`;
  return {
    /** Seconds to wait before trying again, or 0 when the key may try now. */
    async retryAfter(key: string): Promise<number> {
      const { count, ttlMs } = await counter.peek(keyOf(key));
      return count >= max ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0;
    },
    async fail(key: string): Promise<void> {
      await counter.hit(keyOf(key), windowMs);
    },
    async succeed(key: string): Promise<void> {
      await counter.clear(keyOf(key));
    },
  };
}

/** Public forms (contact, feedback, consultation booking): a person may send a few, a script may not send many. */
export const FORM_RATE_LIMIT = { max: 5, timeWindow: 10 * 60 * 1000 };
