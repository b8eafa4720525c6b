import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { ensureDevelopmentUsers } from '../../server/db/seed';
import { openTestDatabase } from './app';
import { MEDIA_CACHE, ROOT, TEST_JWT_SECRET } from './paths';
import { clonePgTemplate } from './pg-template';

export const BUILD = path.join(ROOT, 'build');

export function shopConfig(databaseUrl?: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    // Warnings are shown (on the test's output): a page shop warns only of what a person would have met, such
    // as a form it could not read.
    LOG_LEVEL: 'warn',
    DATA_DIR: MEDIA_CACHE.replace(/\/media-[^/]+$/, '/data'),
    JWT_SECRET: TEST_JWT_SECRET,
    SEED: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  config.mediaDir = MEDIA_CACHE;
  return config;
}

/** The whole shop, pages included (the built web app), in process. */
export async function shopOn(database: Awaited<ReturnType<typeof openDatabase>>, databaseUrl?: string) {
  if (!existsSync(path.join(BUILD, 'server', 'index.js'))) {
    throw new Error('These stories render the built web app: run `npm run build` first (npm test does it for you).');
  }
  const built = await buildApp({ config: shopConfig(databaseUrl), database, webBuildDir: BUILD });
  await built.app.ready();
  return built;
}

export async function firstProduct(shop: Awaited<ReturnType<typeof shopOn>>) {
  const res = await shop.app.inject({ url: '/api/products/?limit=1' });
  const [product] = res.json<{ slug: string; price: number }[]>();
  return product!;
}

export type Shop = Awaited<ReturnType<typeof shopOn>>;

/**
 * Two shop processes' worth (two apps, two connections) on one fresh PostgreSQL database, closed after the story;
 * the story gets the database's address too (for changes made straight in it).
 */
export async function withTwoShops(templateUrl: string, story: (a: Shop, b: Shop, databaseUrl: string) => Promise<void>): Promise<void> {
  const clone = await clonePgTemplate(templateUrl);
  const databaseA = await openDatabase({ databaseUrl: clone.url });
  const databaseB = await openDatabase({ databaseUrl: clone.url });
  const a = await shopOn(databaseA, clone.url);
  const b = await shopOn(databaseB, clone.url);
  try {
    await story(a, b, clone.url);
  } finally {
    await a.app.close();
    await b.app.close();
    await databaseA.close();
    await databaseB.close();
    await clone.drop();
  }
}

/** The whole shop on a fresh test database with the development users; `close` ends both. */
export async function openShop(): Promise<{ shop: Shop; database: Awaited<ReturnType<typeof openDatabase>>; close: () => Promise<void> }> {
  const opened = await openTestDatabase();
  await ensureDevelopmentUsers(opened.database.db);
  const shop = await shopOn(opened.database);
  return {
    shop,
    database: opened.database,
    close: async () => {
      await shop.app.close();
      await opened.dispose();
    },
  };
}
