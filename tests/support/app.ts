import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { privateMediaDir } from './media';
import { MEDIA_CACHE, TEST_JWT_SECRET } from './paths';
import { clonePgTemplate } from './pg-template';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>['app'];
  services: Awaited<ReturnType<typeof buildApp>>['services'];
  database: Database;
  config: Config;
  close(): Promise<void>;
}

// The template as read once by this fork (a fork runs many test files): each open copies it into its own database.
let template: { file: string; blob: Blob } | undefined;
function templateBlob(file: string): Blob {
  if (template?.file !== file) template = { file, blob: new Blob([readFileSync(file)]) };
  return template.blob;
}

/** Opens a private copy of the seeded test database. */
export async function openTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  const pgTemplate = inject('pgTemplateUrl');
  if (pgTemplate) {
    const clone = await clonePgTemplate(pgTemplate);
    const database = await openDatabase({ databaseUrl: clone.url });
    return {
      database,
      dispose: async () => {
        await database.close();
        await clone.drop();
      },
    };
  }
  const database = await openDatabase({ loadDataDir: templateBlob(inject('pgliteTemplate')) });
  return { database, dispose: () => database.close() };
}

/** The real app, in process and without a port, on its own copy of the seeded database. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: MEDIA_CACHE.replace(/\/media-[^/]+$/, '/data'),
    JWT_SECRET: TEST_JWT_SECRET,
    SEED: 'false',
    // A test of what verify_payment decides (paid, sold out, paid twice) waits for the decision however slow the
    // machine: the longest answer window the setting allows (200 s for one buyer, beyond any test's time). The
    // 202 "still confirming" answer has its own tests, with a short window (payment-received.test.ts).
    PAYMENT_ANSWER_MS: '10000',
    ...env,
  });
  // The pre-drawn demo images, linked into a directory of this app's own: deleting an image cannot touch the cache.
  const media = privateMediaDir();
  config.mediaDir = media.dir;
  const { database, dispose } = await openTestDatabase();
  const { app, services } = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    services,
    database,
    config,
    async close() {
      await app.close();
      await dispose();
      media.remove();
    },
  };
}

/**
 * One more process of the shop on a PostgreSQL database that other apps share (tests of several processes): the
 * real app, in process and without a port, with the pre-drawn images.
 */
export async function appOnDatabase(databaseUrl: string) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: TEST_JWT_SECRET, SEED: 'false', DATABASE_URL: databaseUrl });
  config.mediaDir = MEDIA_CACHE;
  const database = await openDatabase({ databaseUrl });
  const { app, services } = await buildApp({ config, database });
  await app.ready();
  return { app, services, database, close: async () => (await app.close(), await database.close()) };
}
