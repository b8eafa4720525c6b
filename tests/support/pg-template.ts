import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { installJobTables } from '../../server/lib/jobs';
import { seedDemoShop } from '../../server/db/seed';
import { localStorage } from '../../server/lib/storage';
import { MEDIA_CACHE } from './paths';

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
  await admin(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = databaseUrlFor(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  try {
    await database.migrate();
    await installJobTables(database);
    await seedDemoShop(database.db, localStorage(MEDIA_CACHE));
  } finally {
    await database.close();
  }
  return {
    url,
    drop: () => admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
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
