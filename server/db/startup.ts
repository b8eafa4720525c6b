import type { ObjectStorage } from '../lib/storage';
import { STARTUP_LOCK, type Database } from './client';
import { drawDemoPictures, ensureDevelopmentUsers, ensureSiteImages, seedDemoShop } from './seed';

export interface PrepareOptions {
  /** Seed the demo shop when the catalogue is empty. */
  seed: boolean;
  /** Make sure the development log-ins exist (never in production). */
  developmentUsers: boolean;
  log?: (message: string) => void;
  /**
   * Open before the pictures are drawn (a first start): the rows name them at once, they are drawn in the
   * background (`drawing`), and one asked for before its turn is drawn on its first request (server/app.ts).
   */
  drawLater?: boolean;
  /** With drawLater: draw them all in the background (true, the default), or only each on its first request. */
  drawAhead?: boolean;
  /** Stops the background drawer (a test's shop closing before it is done). */
  signal?: AbortSignal;
}

/**
 * Brings the database and the image storage to what this version of the shop needs: migrations, the
 * storefront's fixed images, the demo shop. When several processes start together, one does the work (an
 * advisory lock on PostgreSQL) and the others wait, then find it done.
 */
export async function prepareShop(
  database: Database,
  storage: ObjectStorage,
  { seed, developmentUsers, log = () => {}, drawLater = false, drawAhead = true, signal }: PrepareOptions,
): Promise<{ seeded: boolean; logins: { role: string; email: string; password: string }[]; drawing: Promise<void> }> {
  await database.migrate();
  const prepared = await database.serialized(STARTUP_LOCK, async () => {
    if (!drawLater) await ensureSiteImages(storage);
    const seeded = seed && (await seedDemoShop(database.db, storage, log, { drawLater }));
    return { seeded, logins: developmentUsers ? await ensureDevelopmentUsers(database.db) : [] };
  });
  return { ...prepared, drawing: drawLater && drawAhead ? drawDemoPictures(storage, log, { signal, demo: seed }) : Promise.resolve() };
}
