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
  const start = (pollSeconds: number) =>
    (jobs = createJobs(database, { sweepSeconds: 60, pollSeconds, stopTimeoutMs: 5_000, log: (err) => errors.push(err) }));
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
    const queue = start(0.5);
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
