import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client';

it('refuses a second opener of the same data directory, and reopens it after a clean close', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-db-'));
  const first = await openDatabase({ dataDir: dir });
  await first.db.execute(sql`create table kept (v text)`);
  await first.db.execute(sql`insert into kept values ('teak')`);
  await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
  await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another running shop process/);
  await first.close();

  const second = await openDatabase({ dataDir: dir });
  const result: unknown = await second.db.execute(sql`select v from kept`);
  expect(result).toMatchObject({ rows: [{ v: 'teak' }] });
  await second.close();
  // Creating a PGlite data directory (and its migrations) twice: 10–30 s here, 100 s on a busy two-core machine.
}, 300_000);

it('takes over a lock left by a process that no longer exists', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-db-'));
  writeFileSync(path.join(dir, 'shop.lock'), '999999');
  const db = await openDatabase({ dataDir: dir });
  await db.close();
}, 300_000);
