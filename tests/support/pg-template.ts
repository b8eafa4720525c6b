import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { seedDemoShop } from '../../server/db/seed';
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
    await seedDemoShop(database.db, MEDIA_CACHE);
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
  await admin(templateUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    url: databaseUrlFor(templateUrl, name),
    drop: () => admin(templateUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
