import { it } from 'vitest';
import { openTestDatabase } from './tests/support/app';
import { createJobs } from './server/lib/jobs';
it('timing', async () => {
  let t0 = Date.now();
  const { database, dispose } = await openTestDatabase();
  console.log('open', Date.now() - t0); t0 = Date.now();
  const jobs = createJobs(database, { sweepSeconds: 60, log: console.log });
  jobs.queue('a', { retryLimit: 1, retryDelaySeconds: 0, timeoutSeconds: 60 }, async () => {});
  jobs.every('b', 60, async () => {});
  jobs.every('c', 60, async () => {});
  await jobs.start();
  console.log('jobs', Date.now() - t0); t0 = Date.now();
  await jobs.stop();
  console.log('stop', Date.now() - t0); t0 = Date.now();
  await dispose();
}, 60000);
