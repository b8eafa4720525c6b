import { describe, expect, it } from 'vitest';
import { ShopperCache } from './shopper-facts';

/** A read the test finishes when it wants: what was read, and the tags of its rows. */
function deferred<T>(value: T, tags: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let reads = 0;
  return {
    load: async () => {
      reads++;
      await done;
      return { value, tags };
    },
    finish,
    reads: () => reads,
  };
}

const heardCache = (limits?: { entries: number; ageMs: number }) => {
  const cache = new ShopperCache(limits);
  cache.connected(true);
  return cache;
};

describe('a shopper’s facts kept in memory', () => {
  it('keeps a read, and drops it when a change names one of its tags', async () => {
    const cache = heardCache();
    let reads = 0;
    const load = async () => ({ value: ++reads, tags: ['s:a', 'u:1'] });
    expect(await cache.read('s a', load)).toBe(1);
    expect(await cache.read('s a', load)).toBe(1);
    cache.heardChange('c:9 k:other');
    expect(await cache.read('s a', load)).toBe(1);
    cache.heardChange('u:1');
    expect(cache.peek('s a')).toBeUndefined();
    expect(await cache.read('s a', load)).toBe(2);
    // An empty payload: anything may have changed.
    cache.heardChange('');
    expect(cache.size).toBe(0);
  });

  it('does not keep a read during which a change of its rows was heard, and shares a read under way', async () => {
    const cache = heardCache();
    const first = deferred('old', ['c:1']);
    const a = cache.read('k x', first.load);
    const b = cache.read('k x', first.load);
    cache.heardChange('c:1');
    // Asked after the change was heard: a read of its own, not the one under way.
    const second = deferred('new', ['c:1']);
    const c = cache.read('k x', second.load);
    first.finish();
    second.finish();
    expect(await a).toBe('old');
    expect(await b).toBe('old');
    expect(await c).toBe('new');
    expect(first.reads()).toBe(1);
    expect(cache.peek('k x')).toBe('new');

    // A change of other rows while it reads does not keep it from being kept.
    const third = deferred('kept', ['c:2']);
    const d = cache.read('k y', third.load);
    cache.heardChange('c:1 u:7');
    third.finish();
    expect(await d).toBe('kept');
    expect(cache.peek('k y')).toBe('kept');
  });

  it('keeps nothing while changes are not heard, and drops everything when the channel is lost', async () => {
    const cache = new ShopperCache();
    let reads = 0;
    const load = async () => ({ value: ++reads, tags: ['u:1'] });
    expect(await cache.read('u 1', load)).toBe(1);
    expect(await cache.read('u 1', load)).toBe(2);
    cache.connected(true);
    expect(await cache.read('u 1', load)).toBe(3);
    expect(await cache.read('u 1', load)).toBe(3);
    const underway = deferred(4, ['u:1']);
    const pending = cache.read('u 2', underway.load);
    cache.connected(false);
    expect(cache.size).toBe(0);
    underway.finish();
    await pending;
    expect(cache.size).toBe(0);
    expect(await cache.read('u 1', load)).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('keeps a read only for its age, and no longer than its own end; no more than its count, least recently used first', async () => {
    const aged = heardCache({ entries: 10, ageMs: 0 });
    await aged.read('a', async () => ({ value: 1, tags: [] }));
    expect(aged.peek('a')).toBeUndefined();
    const cache = heardCache({ entries: 2, ageMs: 60_000 });
    await cache.read('ended', async () => ({ value: 1, tags: [], expires: Date.now() - 1 }));
    expect(cache.peek('ended')).toBeUndefined();
    await cache.read('a', async () => ({ value: 'a', tags: ['t:a'] }));
    await cache.read('b', async () => ({ value: 'b', tags: ['t:b'] }));
    expect(cache.peek('a')).toBe('a');
    await cache.read('c', async () => ({ value: 'c', tags: ['t:c'] }));
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe('a');
    expect(cache.peek('c')).toBe('c');
    // A null read (nothing to keep) is not kept.
    expect(await cache.read('none', async () => null)).toBeNull();
    expect(cache.size).toBe(2);
  });

  it('waits until this process has heard its own notification, and drops everything when it cannot', async () => {
    const cache = heardCache();
    await cache.read('a', async () => ({ value: 1, tags: ['u:1'] }));
    const sent: string[] = [];
    // The notification comes back a moment later, after the change sent before it.
    await cache.settle(async (payload) => {
      sent.push(payload);
      setImmediate(() => {
        cache.heardChange('u:1');
        cache.heardChange(payload);
      });
      return true;
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^sync:/);
    expect(cache.size).toBe(0);
    await cache.read('a', async () => ({ value: 2, tags: ['u:1'] }));
    await cache.settle(async () => false);
    expect(cache.size).toBe(0);
    await cache.read('a', async () => ({ value: 3, tags: ['u:1'] }));
    await cache.settle(async () => true, 1);
    expect(cache.size).toBe(0);
  });
});
