import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/app';
import type { Database } from '../db/client';
import { createJobs, type Jobs } from './jobs';

let database: Database;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase());
});
afterAll(() => dispose());

describe('the job queue', () => {
  let jobs: Jobs | undefined;
  const errors: unknown[] = [];
  const start = (pollSeconds: number, schedulePollSeconds?: number) =>
    (jobs = createJobs(database, { sweepSeconds: 60, pollSeconds, schedulePollSeconds, stopTimeoutMs: 5_000, log: (err) => errors.push(err) }));
  afterEach(async () => {
    await jobs?.stop();
    errors.length = 0;
  });

  it('drains a backlog at the speed of its jobs, not one job per polling interval', async () => {
    // An idle worker looks for jobs every 30 s: far longer than this test waits for the whole backlog.
    const queue = start(30);
    const done: number[] = [];
    const backlog = queue.queue<{ n: number }>('backlog', { retryLimit: 0, retryDelaySeconds: 0, timeoutSeconds: 60 }, async ({ n }) => {
      done.push(n);
    });
    // Sent before the worker runs, as a rush's jobs wait while the worker is busy: nothing wakes it for each one.
    for (let n = 0; n < 12; n++) await backlog.send({ n });
    await queue.start();
    await expect.poll(() => done.length).toBe(12);
    expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    await expect.poll(() => queue.depth()).toEqual({});
    expect(errors).toEqual([]);
  });

  it('tries a job that failed again, as many times as its queue allows', async () => {
    // Its worker looks on its own once an hour: a retry without a wait is looked for as soon as its failure is written.
    const queue = start(3600);
    const tries = new Map<number, number>();
    const flaky = queue.queue<{ n: number }>('flaky', { retryLimit: 1, retryDelaySeconds: 0, timeoutSeconds: 60 }, async ({ n }) => {
      tries.set(n, (tries.get(n) ?? 0) + 1);
      throw new Error(`try ${tries.get(n)} fails`);
    });
    for (let n = 0; n < 3; n++) await flaky.send({ n });
    await queue.start();
    // Tried once and once again, then left failed: never a third time.
    await expect.poll(() => queue.depth()).toEqual({});
    expect([...tries.entries()].sort()).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    const { rows } = await database.executeSql(`SELECT state, count(*)::int AS n FROM pgboss.job WHERE name = 'flaky' GROUP BY state`, []);
    expect(rows).toEqual([{ state: 'failed', n: 3 }]);
  });

  it('tries a failed job again when its wait is over, without its worker looking for it on its own', async () => {
    // The worker looks on its own once an hour here: only the failure's own wake can bring the retries.
    const queue = start(3600);
    const tries: number[] = [];
    const flaky = queue.queue<{ n: number }>('waits', { retryLimit: 2, retryDelaySeconds: 1, timeoutSeconds: 60 }, async () => {
      tries.push(Date.now());
      if (tries.length < 3) throw new Error(`try ${tries.length} fails`);
    });
    await queue.start();
    await flaky.send({ n: 1 });
    // The first retry waits 1 to 2 s, the second 2 to 4 s (a growing wait, picked at random): both run.
    await expect.poll(() => tries.length).toBe(3);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(1_000);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(2_000);
    await expect.poll(() => queue.depth()).toEqual({});
  });

  it('runs a scheduled job at start and at each period without its worker looking for it on its own', async () => {
    // The scheduled queues' workers look on their own once an hour here: only the process's timers can wake them.
    const queue = start(0.5, 3600);
    const name = `every_${Date.now().toString(36)}`;
    let atStart = 0;
    let ticks = 0;
    queue.every(`${name}_start`, 3600, async () => void atStart++, { atStartAfterSeconds: 1 });
    queue.every(`${name}_tick`, 1, async () => void ticks++);
    await queue.start();
    // The job offered at start comes due a second later and runs then, once; each second's tick runs too.
    await expect.poll(() => atStart).toBe(1);
    await expect.poll(() => ticks).toBeGreaterThanOrEqual(2);
    expect(atStart).toBe(1);
    expect(errors).toEqual([]);
  });

  it('starts in several processes at once that create the same new queues, none of them waiting on a deadlock', async () => {
    // Processes of one deploy start together: each creates every queue it declares, on a database that has none
    // of them yet (a first deploy, or a new queue). Each instance here stands for a process, on its own connections.
    const names = Array.from({ length: 8 }, (_, n) => `together_${Date.now().toString(36)}_${n}`);
    const processErrors: unknown[][] = [];
    const instances = Array.from({ length: 4 }, () => {
      const own: unknown[] = [];
      processErrors.push(own);
      const instance = createJobs(database, { sweepSeconds: 60, pollSeconds: 0.5, stopTimeoutMs: 5_000, log: (err) => own.push(err) });
      for (const name of names) instance.queue(name, { retryLimit: 0, retryDelaySeconds: 0, timeoutSeconds: 60 }, async () => {});
      return instance;
    });
    try {
      await Promise.all(instances.map((instance) => instance.start()));
      expect(processErrors.map((own) => own.map((err) => (err as { message?: string }).message))).toEqual([[], [], [], []]);
      const { rows } = await database.executeSql(`SELECT count(*)::int AS n FROM pgboss.queue WHERE name = ANY($1)`, [names]);
      expect(rows).toEqual([{ n: names.length }]);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
    }
  });
});
