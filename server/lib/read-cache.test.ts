import { describe, expect, it } from 'vitest';
import { approximateBytes, ReadCache } from './read-cache';

const answer = (size: number) => ({ name: 'x'.repeat(size) });
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the read cache', () => {
  it('answers a second ask from memory, and loads again once the answer is too old', async () => {
    const cache = new ReadCache({ entries: 10, bytes: 1_000_000, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    const aged = new ReadCache({ entries: 10, bytes: 1_000_000, ttlMs: -1 });
    await aged.get('a', load);
    expect(await aged.get('a', load)).toEqual({ n: 3 });
  });

  it('keeps no more than its budget of memory, dropping the answers used least recently', async () => {
    const one = approximateBytes(answer(10_000));
    const cache = new ReadCache({ entries: 100, bytes: one * 3, ttlMs: 60_000 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => answer(10_000));
    // "a" is asked again: "b" is now the least recently used.
    await cache.get('a', async () => answer(1));
    await cache.get('d', async () => answer(10_000));
    await settled();
    expect(cache.stats).toEqual({ entries: 3, bytes: one * 3 });
    let loads = 0;
    const counted = async () => (loads++, answer(10_000));
    for (const key of ['a', 'c', 'd']) await cache.get(key, counted);
    expect(loads).toBe(0);
    await cache.get('b', counted);
    expect(loads).toBe(1);
  });

  it('keeps an answer larger than its whole budget alone, rather than loading it on every ask', async () => {
    const cache = new ReadCache({ entries: 100, bytes: 1_000, ttlMs: 60_000 });
    await cache.get('small', async () => answer(10));
    let loads = 0;
    const big = async () => (loads++, answer(50_000));
    await cache.get('big', big);
    await settled();
    await cache.get('big', big);
    expect(loads).toBe(1);
    expect(cache.stats.entries).toBe(1);
  });

  it('keeps no more answers than its count', async () => {
    const cache = new ReadCache({ entries: 2, bytes: 1_000_000, ttlMs: 60_000 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.stats.entries).toBe(2);
  });

  it('keeps no failed load, and an answer arriving after the cache was cleared counts for nothing', async () => {
    const cache = new ReadCache({ entries: 10, bytes: 1_000_000, ttlMs: 60_000 });
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await settled();
    expect(await cache.get('a', async () => 'up')).toBe('up');

    let release!: (value: object) => void;
    const pending = cache.get('late', () => new Promise<object>((resolve) => (release = resolve)));
    cache.clear();
    release(answer(10_000));
    await pending;
    await settled();
    expect(cache.stats).toEqual({ entries: 0, bytes: 0 });

    // A failure of an answer already replaced leaves the new one alone.
    let fail!: (error: Error) => void;
    const failing = cache.get('b', () => new Promise<string>((_, reject) => (fail = reject)));
    cache.clear();
    await cache.get('b', async () => 'fresh');
    fail(new Error('late'));
    await expect(failing).rejects.toThrow('late');
    await settled();
    expect(await cache.get('b', async () => 'reloaded')).toBe('fresh');
  });

  it('weighs what an answer holds: strings, lists, Sets and Maps, nested', () => {
    expect(approximateBytes('x'.repeat(1000))).toBeGreaterThan(1000);
    const words = new Set(Array.from({ length: 1000 }, (_, i) => `word${i}`));
    expect(approximateBytes(words)).toBeGreaterThan(1000 * 7);
    const index = new Map([...words].map((w) => [w, [w, w]]));
    expect(approximateBytes(index)).toBeGreaterThan(approximateBytes(words) * 2);
    const products = Array.from({ length: 24 }, (_, id) => ({ id, name: 'Teak sofa', images: [{ url: '/media/a.webp' }], created: new Date() }));
    expect(approximateBytes({ results: products })).toBeGreaterThan(24 * 50);
  });
});
