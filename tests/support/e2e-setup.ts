import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { blogs } from '../../server/db/schema';
import { seedDemoShop } from '../../server/db/seed';
import { CHROMIUM } from './browser';
import { localStorage } from '../../server/lib/storage';
import { privateMediaDir } from './media';
import { MEDIA_CACHE, ROOT } from './paths';
import { startShop } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export const HOSTILE_BLOG_TITLE = 'Notes on <b>markup</b> in blog posts';
export const HOSTILE_BLOG_TEXT = '<img src=x onerror=alert(1)> should appear as plain text.';

/**
 * One built shop server on a temporary data directory, shared by the browser tests of a run. The
 * database is prepared first: the demo shop plus the fixtures the stories need.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test does it for you).');
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const media = path.join(dataDir, 'media');
  // The demo images are drawn into the run's shared cache (once, whichever suite comes first: a drawing the
  // cache holds is not drawn again) and linked into the shop's own media folder.
  mkdirSync(MEDIA_CACHE, { recursive: true });
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemoShop(database.db, localStorage(MEDIA_CACHE));
    privateMediaDir(media);
    const [first] = await database.db.select().from(blogs).limit(1);
    const old = new Date(Date.now() - 400 * 864e5);
    await database.db
      .insert(blogs)
      .values({ title: HOSTILE_BLOG_TITLE, content: HOSTILE_BLOG_TEXT, image: first?.image ?? null, createdAt: old, updatedAt: old });
  } finally {
    await database.close();
  }
  // Behind a "proxy": a story that makes accounts over HTTP says it is a client of its own address
  // (X-Forwarded-For), so the stories of a run do not share one address's sign-up limit.
  const shop = await startShop({ dataDir, env: { TRUST_PROXY: 'true' } });
  project.provide('baseUrl', shop.baseUrl);
  return async () => {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
