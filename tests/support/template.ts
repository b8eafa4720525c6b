import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../../server/db/client';
import { installJobTables } from '../../server/lib/jobs';
import { seedDemoShop } from '../../server/db/seed';
import { localStorage } from '../../server/lib/storage';
import { MEDIA_CACHE, PGLITE_TEMPLATE } from './paths';

/**
 * Builds the test template: a migrated PGlite database holding the demo shop, dumped to a file that
 * every integration test file loads into its own in-memory database, and the browser tests' shop into its
 * data directory. The demo shop's pictures are not drawn here: as on a shop's first start, each is drawn when first
 * asked for (server/app.ts, registerMedia) and then kept in the shared cache or the test's own media folder, so a run
 * draws the few hundred pages show, not all 4,300 (decision 0059).
 */
export async function buildPgliteTemplate(): Promise<string> {
  mkdirSync(MEDIA_CACHE, { recursive: true });
  const database = await openDatabase({});
  try {
    await database.migrate();
    await installJobTables(database);
    await seedDemoShop(database.db, localStorage(MEDIA_CACHE), undefined, { drawLater: true });
    if (!database.dump) throw new Error('Only a PGlite database can be dumped.');
    // What every test file's open then does without (decision 0062): PostgreSQL's own templates (CREATE DATABASE is
    // for a real server, never for PGlite), and the replay of the seed's log that a dump of a running database asks
    // for at each start (a checkpoint first). 796 ms of processor per open became 557.
    await database.executeSql(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    for (const name of ['template0', 'template1']) await database.executeSql(`DROP DATABASE ${name}`);
    await database.executeSql('CHECKPOINT');
    const dump = await database.dump();
    // Whole or not at all: a run beside this one may be reading it.
    const partial = `${PGLITE_TEMPLATE}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, PGLITE_TEMPLATE);
  } finally {
    await database.close();
  }
  return PGLITE_TEMPLATE;
}
