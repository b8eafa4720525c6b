import { LRUCache } from 'lru-cache';

/**
 * Anonymous reads (catalogue, content) are the same for everyone: cached briefly, and dropped on any write.
 * Cached values are shared between requests and must never be changed by their users.
 *
 * Bounded by count, by age and by the memory its answers hold (least recently used goes first), so that a
 * process keeps a known amount whatever the catalogue's size or the variety of questions asked (decision 0041,
 * "Memory"): an answer's size is worked out once, when it arrives.
 */
export interface ReadCacheLimits {
  entries: number;
  /** Roughly what the kept answers hold in the V8 heap (see `approximateBytes`). */
  bytes: number;
  ttlMs: number;
}

export const READ_CACHE_LIMITS: ReadCacheLimits = { entries: 2000, bytes: 24 * 1024 * 1024, ttlMs: 5 * 60 * 1000 };

interface Entry {
  value: Promise<unknown>;
}

/**
 * The keeping itself is lru-cache's (count, age, size, least recently used first); an answer's size is set once it
 * arrives (one byte until then), and one larger than the whole budget is counted at the budget, so that it stays
 * alone rather than being loaded again on every ask.
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(private readonly limits: ReadCacheLimits = READ_CACHE_LIMITS) {
    this.entries = new LRUCache<string, Entry>({
      max: limits.entries,
      maxSize: limits.bytes,
      ttl: Math.max(1, limits.ttlMs),
      sizeCalculation: () => 1,
    });
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    // Kept for no time at all: every ask loads.
    if (this.limits.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { value });
    value.then(
      (answer) => {
        // Dropped or replaced meanwhile (a write cleared the cache): nothing is counted.
        if (this.entries.peek(key)?.value !== value) return;
        const size = Math.max(1, Math.min(approximateBytes(answer), this.limits.bytes));
        // A new entry object: lru-cache weighs a value again only when it is another one.
        this.entries.set(key, { value }, { size, noUpdateTTL: true });
      },
      // A failed load is not kept.
      () => {
        if (this.entries.peek(key)?.value === value) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** What it keeps now: answers, and the memory they hold (bytes, roughly). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

const POINTER = 8;
const HEADER = 16;

/**
 * Roughly what a value holds in the V8 heap: a walk of plain data (objects, arrays, Sets, Maps, strings,
 * Dates, Buffers) as the caches keep it. Property names are shared by objects of one shape, so only their
 * slots are counted. Deeper than 32 levels counts as nothing more (cached answers are shallow trees).
 */
export function approximateBytes(value: unknown, depth = 0): number {
  if (value === null || value === undefined) return 0;
  switch (typeof value) {
    case 'string':
      return HEADER + value.length;
    case 'number':
    case 'boolean':
    case 'bigint':
      return POINTER;
    case 'object':
      break;
    default:
      return POINTER;
  }
  if (depth > 32) return POINTER;
  if (ArrayBuffer.isView(value)) return HEADER + value.byteLength;
  if (value instanceof Date) return HEADER + POINTER;
  let total = HEADER;
  if (Array.isArray(value)) {
    for (const item of value) total += POINTER + approximateBytes(item, depth + 1);
  } else if (value instanceof Set) {
    for (const item of value) total += 2 * POINTER + approximateBytes(item, depth + 1);
  } else if (value instanceof Map) {
    for (const [k, v] of value) total += 3 * POINTER + approximateBytes(k, depth + 1) + approximateBytes(v, depth + 1);
  } else {
    for (const key in value) total += POINTER + approximateBytes((value as Record<string, unknown>)[key], depth + 1);
  }
  return total;
}
