/**
 * Counts failures (not attempts) per key in a sliding window: a shopper who logs in many times a day is
 * never slowed down, while someone guessing passwords for one account from one address is stopped after
 * `max` wrong answers until the window has passed.
 */
export function createFailureLimiter({ max, windowMs, now = () => Date.now() }: { max: number; windowMs: number; now?: () => number }) {
  const failures = new Map<string, number[]>();
  const recent = (key: string): number[] => {
    const cutoff = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  return {
    /** Seconds to wait before trying again, or 0 when the key may try now. */
    retryAfter(key: string): number {
      const kept = recent(key);
      if (kept.length < max) return 0;
      return Math.max(1, Math.ceil((kept[kept.length - max]! + windowMs - now()) / 1000));
    },
    fail(key: string): void {
      const kept = recent(key);
      kept.push(now());
      failures.set(key, kept);
      // Bounded memory: when the map grows large, forget keys whose failures have all expired.
      if (failures.size > 10_000) for (const k of [...failures.keys()]) recent(k);
    },
    succeed(key: string): void {
      failures.delete(key);
    },
  };
}
