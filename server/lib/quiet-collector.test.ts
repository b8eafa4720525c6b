import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fullCollection, noteBusy, startQuietCollector, type QuietCollector } from './quiet-collector';

const MB = 2 ** 20;

describe('the collection after a busy spell', () => {
  let collector: QuietCollector | undefined;
  let resident: number;
  const collected: [number, number][] = [];
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-30T10:00:00Z') });
    resident = 100 * MB;
    collected.length = 0;
  });
  afterEach(() => {
    collector?.stop();
    vi.useRealTimers();
  });
  const start = () =>
    (collector = startQuietCollector({
      quietMs: 10_000,
      everyMs: 1_000,
      growthBytes: 32 * MB,
      rss: () => resident,
      // A collection gives back all but 20 MB of what grew.
      collect: () => (resident = 120 * MB),
      collected: (before, after) => collected.push([before / MB, after / MB]),
    }));

  it('collects once the process has been quiet for a while after its memory grew, and not again until it grows again', async () => {
    start();
    noteBusy();
    resident = 400 * MB;
    await vi.advanceTimersByTimeAsync(9_000);
    expect(collected).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(collected).toEqual([[400, 120]]);
    expect(collector!.collections()).toBe(1);

    // Quiet still, nothing grown: nothing more.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(collector!.collections()).toBe(1);

    // Another rush, smaller than the growth asked for: nothing; a larger one: once more.
    noteBusy();
    resident = 140 * MB;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(collector!.collections()).toBe(1);
    noteBusy();
    resident = 300 * MB;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(collected).toEqual([
      [400, 120],
      [300, 120],
    ]);
  });

  it('never pauses a process that keeps answering', async () => {
    start();
    resident = 500 * MB;
    for (let second = 0; second < 120; second++) {
      noteBusy();
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(collected).toEqual([]);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(collected).toEqual([[500, 120]]);
  });

  it('leaves a process whose memory did not grow alone', async () => {
    start();
    noteBusy();
    resident = 110 * MB;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(collected).toEqual([]);
  });
});

describe('V8’s full collection', () => {
  it('is had without a flag on the command line, and gives back what nothing holds', async () => {
    const collect = fullCollection();
    expect(collect).toBeTypeOf('function');
    // Weakly held, nothing else holding it: a full collection clears it (a weak reference holds its target until
    // the task that made it ends, so the collection runs in the next one).
    const ref = new WeakRef({ payload: new Array(100_000).fill('teak') });
    await new Promise((resolve) => setImmediate(resolve));
    collect!();
    expect(ref.deref()).toBeUndefined();
  });
});
