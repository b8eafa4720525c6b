import { existsSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { prepareShop } from './db/startup';
import { createStorage } from './lib/storage';
import { shutDown } from './shutdown';

dotenv.config({ quiet: true });

async function main(): Promise<void> {
  const config = loadConfig();
  const webBuildDir = path.resolve('build');
  if (!existsSync(path.join(webBuildDir, 'server', 'index.js'))) {
    throw new Error('The web app is not built yet. Run `npm run build` (or `npm start`, which builds first).');
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = createStorage(config);
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: finishing the requests in flight, then closing the server and the database…`);
    try {
      await shutDown(app, database, config.shutdownTimeoutMs);
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    const { seeded, logins } = await prepareShop(database, storage, {
      seed: config.seed,
      developmentUsers: !config.isProduction && config.seed,
      log: (m) => console.log(m),
    });
    if (seeded) console.log('Seeded the demo shop.');
    if (logins.length) {
      console.log('Development log-ins:');
      for (const l of logins) console.log(`  ${l.role.padEnd(10)} ${l.email} / ${l.password}`);
    }
    ({ app } = await buildApp({ config, database, webBuildDir, storage }));
    if (stopping) return;
    await app.listen({ port: config.port, host: config.host });
    console.log(`The shop is open at http://localhost:${config.port} (database: ${database.engine}, images: ${storage.kind}).`);
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
