import type { ObjectStorage } from '../lib/storage';
import { STARTUP_LOCK, type Database } from './client';
import { ensureDevelopmentUsers, ensureSiteImages, seedDemoShop } from './seed';

export interface PrepareOptions {
  /** Seed the demo shop when the catalogue is empty. */
  seed: boolean;
  /** Make sure the development log-ins exist (never in production). */
  developmentUsers: boolean;
  log?: (message: string) => void;
}

/**
 * Brings the database and the image storage to what this version of the shop needs: migrations, the
 * storefront's fixed images, the demo shop. When several processes start together, one does the work (an
 * advisory lock on PostgreSQL) and the others wait, then find it done.
 */
export async function prepareShop(
  database: Database,
  storage: ObjectStorage,
  { seed, developmentUsers, log = () => {} }: PrepareOptions,
): Promise<{ seeded: boolean; logins: { role: string; email: string; password: string }[] }> {
  await database.migrate();
  return database.serialized(STARTUP_LOCK, async () => {
    await ensureSiteImages(storage);
    const seeded = seed && (await seedDemoShop(database.db, storage, log));
    return { seeded, logins: developmentUsers ? await ensureDevelopmentUsers(database.db) : [] };
  });
}
