import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every backup the shop made or tried (decision 0051): the owner's overview shows the last good one, and a
 * failed one is kept with its reason. Owned by the backup module.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    /** nightly (the scheduled job) | command (`npm run backup`) */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** running | ok | failed */
    status: text('status').notNull().default('running'),
    /** The archive's file name, and where it was written (a folder or s3://bucket/). */
    archive: text('archive'),
    location: text('location'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Why it failed, as the owner's e-mail said. */
    error: text('error'),
  },
  (t) => [
    check('backup_runs_status_known', sql`${t.status} in ('running', 'ok', 'failed')`),
    check('backup_runs_trigger_known', sql`${t.trigger} in ('nightly', 'command')`),
    index('backup_runs_ok_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} = 'ok'`),
  ],
);
