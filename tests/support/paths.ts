import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'teakwood-tests');
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

function hashOf(relativePaths: string[]): string {
  const h = createHash('sha256');
  const walk = (p: string) => {
    const abs = path.join(ROOT, p);
    if (statSync(abs).isDirectory()) {
      for (const entry of readdirSync(abs).sort()) walk(path.join(p, entry));
    } else {
      h.update(p).update(readFileSync(abs));
    }
  };
  relativePaths.forEach(walk);
  return h.digest('hex').slice(0, 12);
}

/** The demo shop's drawn images, reused across runs until the drawings change. */
export const MEDIA_CACHE = path.join(
  CACHE_DIR,
  `media-${hashOf(['server/db/seed/drawings.ts', 'server/db/seed/piece-drawings.ts', 'server/db/seed/piece-spec.ts', 'server/db/seed/room-scenes.ts', 'server/db/seed/content.ts', 'server/lib/images.ts', 'contract/site-images.ts', 'contract/media.ts', 'contract/finishes.ts'])}`,
);

/** What the test template is made from: the schema, migrations, seed, the job library's tables, how it is made and the drawn images it names. */
const TEMPLATE_KEY = `${hashOf(['server/db/migrations', 'server/db/seed', 'server/db/schema', 'node_modules/pg-boss/version.json', 'tests/support/template.ts'])}-${path.basename(MEDIA_CACHE).slice('media-'.length)}`;

/** The migrated and seeded database dump (with the job tables), rebuilt when the schema, migrations, seed or the job library's tables change. */
export const PGLITE_TEMPLATE = path.join(CACHE_DIR, `template-${TEMPLATE_KEY}.tar`);

/** The same template as a PostgreSQL dump (pg_dump's custom format), restored instead of migrating and seeding again. */
export const PG_TEMPLATE_DUMP = path.join(CACHE_DIR, `pg-template-${TEMPLATE_KEY}.dump`);
