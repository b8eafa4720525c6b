import { existsSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { ensureDevelopmentUsers, ensureSiteImages, seedDemoShop } from './db/seed';

dotenv.config({ quiet: true });

async function main(): Promise<void> {
  const config = loadConfig();
  const webBuildDir = path.resolve('build');
  if (!existsSync(path.join(webBuildDir, 'server', 'index.js'))) {
    throw new Error('The web app is not built yet. Run `npm run build` (or `npm start`, which builds first).');
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: closing the server and the database…`);
    try {
      await app?.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  try {
    await database.migrate();
    await ensureSiteImages(config.mediaDir);
    if (config.seed) {
      const seeded = await seedDemoShop(database.db, config.mediaDir, (m) => console.log(m));
      if (seeded) console.log('Seeded the demo shop.');
    }
    if (!config.isProduction && config.seed) {
      const logins = await ensureDevelopmentUsers(database.db);
      console.log('Development log-ins:');
      for (const l of logins) console.log(`  ${l.role.padEnd(10)} ${l.email} / ${l.password}`);
    }
    ({ app } = await buildApp({ config, database, webBuildDir }));
    await app.listen({ port: config.port, host: config.host });
    console.log(`The shop is open at http://localhost:${config.port} (database: ${database.engine}).`);
  } catch (err) {
    await database.close();
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  }
  process.exit(1);
});
