import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { openDatabase } from '../../server/db/client';
import { MEDIA_CACHE, ROOT, TEST_JWT_SECRET } from './paths';

export const BUILD = path.join(ROOT, 'build');

export function shopConfig(databaseUrl?: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
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
  const built = await buildApp({ config: shopConfig(databaseUrl), database, webBuildDir: BUILD });
  await built.app.ready();
  return built;
}

export async function firstProduct(shop: Awaited<ReturnType<typeof shopOn>>) {
  const res = await shop.app.inject({ url: '/api/products/?limit=1' });
  const [product] = res.json<{ slug: string; price: number }[]>();
  return product!;
}
