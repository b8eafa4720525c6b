import type { Config } from './config';
import type { Database } from './db/client';
import { createCatalogService } from './modules/catalog/catalog.service';

/** Every business service, built once per process and shared by the API routes and the page loaders. */
export function createServices(config: Config, database: Database) {
  return {
    config: { publicUrl: config.publicUrl, googleClientId: config.google.clientId ?? null },
    catalog: createCatalogService(database.db),
  };
}

export type Services = ReturnType<typeof createServices>;
