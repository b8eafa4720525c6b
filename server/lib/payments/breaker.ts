import type { RateLimitCounter, WindowCount } from '../rate-limit-store';

/** The counters a breaker keeps: the database's (shared by every process) or this process's own. */
export type BreakerStore = Pick<RateLimitCounter, 'hit' | 'peek' | 'clear' | 'restart'>;

/**
 * Fixed-window counters in this process's memory, for a database only one process uses (PGlite): there the
 * provider is called inside a checkout transaction, which holds PGlite's one connection.
 */
export function memoryBreakerStore(now: () => number = Date.now): BreakerStore {
  const windows = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    return w && w.expiresAt > now() ? w : null;
  };
  const answer = (w: { count: number; expiresAt: number } | null): WindowCount =>
    w ? { count: w.count, ttlMs: w.expiresAt - now() } : { count: 0, ttlMs: 0 };
  return {
    hit(key, windowMs) {
      const w = live(key) ?? { count: 0, expiresAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      return Promise.resolve(answer(w));
    },
    peek: (key) => Promise.resolve(answer(live(key))),
    clear(key) {
      windows.delete(key);
      return Promise.resolve();
    },
    restart(key, windowMs) {
      windows.set(key, { count: 1, expiresAt: now() + windowMs });
      return Promise.resolve();
    },
  };
}

export interface BreakerOptions {
  /** Consecutive failures (timeouts, 5xx, unreachable) that open the breaker. */
  failures: number;
  /** How long it stays open before one trial call is let through. */
  openMs: number;
  /** Failures further apart than this do not add up (a provider that fails once an hour is not "down"). */
  failureWindowMs: number;
  /** How long one trial call may hold the half-open breaker before another may try (the call's own timeout and some). */
  trialMs: number;
}

const DEFAULTS: BreakerOptions = { failures: 3, openMs: 30_000, failureWindowMs: 10 * 60_000, trialMs: 15_000 };

/** What `allow` saw, handed back with the call's outcome so that a plain success costs no write. */
export interface BreakerTicket {
  allowed: boolean;
  /** Failures were counted when the call went out (a success must forget them). */
  failing: boolean;
  /** This call is the one trial of a half-open breaker. */
  trial: boolean;
}

export interface CircuitBreaker {
  allow(): Promise<BreakerTicket>;
  succeeded(ticket: BreakerTicket): Promise<void>;
  failed(ticket: BreakerTicket): Promise<void>;
}

/**
 * A circuit breaker for one provider, shared by every process of the shop through the database's counters
 * (`rate_limits`, see rate-limit-store.ts; the database's clock decides) on PostgreSQL, or kept in memory
 * for PGlite's one process (`memoryBreakerStore`). Closed: calls go through. After
 * `failures` failures in a row, in any processes, it opens: every process refuses calls at once for `openMs`.
 * Then one trial call, in whichever process asks first, is let through (half-open); its success closes the
 * breaker everywhere, its failure opens it again.
 *
 * If the database cannot be asked, calls go through (the provider's own timeout still bounds them).
 */
export function createCircuitBreaker(counter: BreakerStore, name: string, options: Partial<BreakerOptions> = {}): CircuitBreaker {
  const o = { ...DEFAULTS, ...options };
  const keys = { failures: `breaker|${name}|failures`, open: `breaker|${name}|open`, trial: `breaker|${name}|trial` };
  const through: BreakerTicket = { allowed: true, failing: false, trial: false };

  return {
    async allow() {
      try {
        const failures = await counter.peek(keys.failures);
        if (failures.count < o.failures) return { ...through, failing: failures.count > 0 };
        if ((await counter.peek(keys.open)).count > 0) return { allowed: false, failing: true, trial: false };
        // Open time is over: the first caller across all processes takes the trial, the others wait for it.
        const trial = await counter.hit(keys.trial, o.trialMs);
        return trial.count === 1 ? { allowed: true, failing: true, trial: true } : { allowed: false, failing: true, trial: false };
      } catch {
        return through;
      }
    },

    async succeeded(ticket) {
      if (!ticket.failing) return;
      try {
        await counter.clear(keys.failures);
        await counter.clear(keys.open);
        await counter.clear(keys.trial);
      } catch {
        // The next failure counts on from the old ones: no worse than a breaker that missed one success.
      }
    },

    async failed(ticket) {
      try {
        const { count } = await counter.hit(keys.failures, o.failureWindowMs);
        if (count >= o.failures) {
          // (Re)open for a whole `openMs` from now, in one write (another process never finds it neither open
          // nor closed, and takes a trial), then free the trial for the next period.
          await counter.restart(keys.open, o.openMs);
          if (ticket.trial) await counter.clear(keys.trial);
        }
      } catch {
        // Not counted: the breaker opens a call later.
      }
    },
  };
}
