import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { installJobTables } from '../../server/lib/jobs';
import { seedDemoShop } from '../../server/db/seed';
import { localStorage } from '../../server/lib/storage';
import { MEDIA_CACHE, PG_TEMPLATE_DUMP } from './paths';
import { postgresBinDir } from './pg-cluster';

export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A migrated, seeded template database on a real PostgreSQL server; test files clone it. */
export async function buildPgTemplate(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_tpl_${randomBytes(4).toString('hex')}`;
  const create = () => admin(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const drop = () => admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
  await create();
  const url = databaseUrlFor(baseUrl, name);
  // Kept between runs: the dump of the last template built from the same migrations and seed is restored
  // (a second or two) instead of migrating and seeding again.
  if (!restoreDump(url)) {
    await drop();
    await create();
    const database = await openDatabase({ databaseUrl: url });
    try {
      await database.migrate();
      await installJobTables(database);
      await seedDemoShop(database.db, localStorage(MEDIA_CACHE), undefined, { drawLater: true });
    } finally {
      await database.close();
    }
    saveDump(url);
  }
  return { url, drop };
}

/** Debian's pg_dump or pg_restore, when installed. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string | null {
  const bin = postgresBinDir();
  return bin && existsSync(path.join(bin, name)) ? path.join(bin, name) : null;
}

function restoreDump(url: string): boolean {
  const tool = pgTool('pg_restore');
  if (!tool || !existsSync(PG_TEMPLATE_DUMP)) return false;
  const r = spawnSync(tool, ['--no-owner', '--no-privileges', '--exit-on-error', '-d', url, PG_TEMPLATE_DUMP], { encoding: 'utf8' });
  return r.status === 0;
}

/** Best effort: without the tools (or with a server newer than them) the next run builds the template again. */
function saveDump(url: string): void {
  const tool = pgTool('pg_dump');
  if (!tool) return;
  mkdirSync(path.dirname(PG_TEMPLATE_DUMP), { recursive: true });
  // Whole or not at all: a run beside this one may be reading it.
  const partial = `${PG_TEMPLATE_DUMP}.${process.pid}.partial`;
  const r = spawnSync(tool, ['-Fc', '--no-owner', '--no-privileges', '-d', url, '-f', partial], { encoding: 'utf8' });
  if (r.status === 0) renameSync(partial, PG_TEMPLATE_DUMP);
  else rmSync(partial, { force: true });
}

/** A fresh copy of the template for one test file. */
export async function clonePgTemplate(templateUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `shop_test_${randomBytes(5).toString('hex')}`;
  // Copying needs the template free of connections, so the statements run from the maintenance database;
  // test files cloning at the same moment can still collide, so a busy template is retried.
  const maintenance = databaseUrlFor(templateUrl, 'postgres');
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(maintenance, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      break;
    } catch (err) {
      if (attempt >= 20 || !String(err).includes('is being accessed by other users')) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return {
    url: databaseUrlFor(templateUrl, name),
    drop: () => admin(maintenance, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
