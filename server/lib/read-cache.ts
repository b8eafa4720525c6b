/**
 * Anonymous reads (catalogue, content) are the same for everyone: cached briefly, and dropped on any write.
 * Cached values are shared between requests and must never be changed by their users.
 */
const CACHE_TTL_MS = 5 * 60 * 1000;

export class ReadCache {
  private entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { expires: now + CACHE_TTL_MS, value });
    // A failed load is not kept.
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > 2000) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
  clear(): void {
    this.entries.clear();
  }
}
