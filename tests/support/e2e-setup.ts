import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { blogs } from '../../server/db/schema';
import { CHROMIUM } from './browser';
import { privateMediaDir } from './media';
import { MEDIA_CACHE, PGLITE_TEMPLATE, ROOT } from './paths';
import { startShop } from './server-process';
import { buildPgliteTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A data directory holding the demo shop as a first start leaves it, for stories that need a shop of their own. */
    seededDataDir: string;
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
    throw new Error(`Browser tests need Debian's Chromium: apt-get install -y chromium-headless-shell (or chromium)`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const media = path.join(dataDir, 'media');
  // The demo shop comes from the test template (built once, and kept until the schema, migrations or seed
  // change, whichever suite needs it first); the pictures already drawn into the run's shared cache are linked into
  // the shop's own media folder, and the shop draws any other when a page first asks for it.
  mkdirSync(MEDIA_CACHE, { recursive: true });
  const template = existsSync(PGLITE_TEMPLATE) ? PGLITE_TEMPLATE : await buildPgliteTemplate();
  const seededDataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-seeded-'));
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(template)]) });
  await database.close();
  // Kept before the stories' fixtures: a story's own shop starts from a copy of the demo shop, at once.
  cpSync(path.join(dataDir, 'pgdata'), path.join(seededDataDir, 'pgdata'), { recursive: true });
  privateMediaDir(media);
  const fixtures = await openDatabase({ dataDir });
  try {
    const [first] = await fixtures.db.select().from(blogs).limit(1);
    const old = new Date(Date.now() - 400 * 864e5);
    await fixtures.db
      .insert(blogs)
      .values({ title: HOSTILE_BLOG_TITLE, content: HOSTILE_BLOG_TEXT, image: first?.image ?? null, createdAt: old, updatedAt: old });
  } finally {
    await fixtures.close();
  }
  // Behind a "proxy": a story that makes accounts over HTTP says it is a client of its own address
  // (X-Forwarded-For), so the stories of a run do not share one address's sign-up limit.
  // Stories that pay through the API then read the order as paid: verify_payment waits for its decision however
  // slow the machine (the longest window, as the integration tests' shops do), never answering 202 first.
  const shop = await startShop({ dataDir, compiled: true, env: { TRUST_PROXY: 'true', PAYMENT_ANSWER_MS: '10000' } });
  project.provide('baseUrl', shop.baseUrl);
  project.provide('seededDataDir', seededDataDir);
  return async () => {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(seededDataDir, { recursive: true, force: true });
  };
}
