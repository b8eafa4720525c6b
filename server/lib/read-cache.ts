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
  expires: number;
  value: Promise<unknown>;
  /** 0 until the answer arrives. */
  bytes: number;
}

export class ReadCache {
  private entries = new Map<string, Entry>();
  private held = 0;

  constructor(private readonly limits: ReadCacheLimits = READ_CACHE_LIMITS) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    if (hit) this.remove(key, hit);
    const value = load();
    const entry: Entry = { expires: now + this.limits.ttlMs, value, bytes: 0 };
    this.entries.set(key, entry);
    value.then(
      (answer) => {
        // Dropped or replaced meanwhile (a write cleared the cache): nothing is counted.
        if (this.entries.get(key) !== entry) return;
        entry.bytes = approximateBytes(answer);
        this.held += entry.bytes;
        this.trim(key);
      },
      // A failed load is not kept.
      () => {
        if (this.entries.get(key) === entry) this.remove(key, entry);
      },
    );
    this.trim(key);
    return value;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  /** What it keeps now: answers, and the memory they hold (bytes, roughly). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.held };
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  /** Least recently used first, never the answer just asked for (one larger than the whole budget stays alone). */
  private trim(keep: string): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.held <= this.limits.bytes) return;
      if (key !== keep) this.remove(key, entry);
    }
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
