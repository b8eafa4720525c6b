import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, openDatabase } from './db/client';
import { prepareShop } from './db/startup';
import { PROJECT_ROOT } from './lib/project-root';
import { createStorage } from './lib/storage';
import { backupSocketOf, serveBackupRequests } from './modules/backup/backup.service';
import { pincodeDirectory } from './modules/delivery/pincodes';
import { fullCollection, startQuietCollector } from './lib/quiet-collector';
import { shutDown } from './shutdown';

dotenv.config({ quiet: true });

async function main(): Promise<void> {
  const config = loadConfig();
  // Beside the fonts and migrations: the same folder whichever directory the server is started from.
  const webBuildDir = path.join(PROJECT_ROOT, 'build');
  if (!existsSync(path.join(webBuildDir, 'server', 'index.js'))) {
    throw new Error('The web app is not built yet. Run `npm run build` (or `npm start`, which builds first).');
  }
  // With PostgreSQL every core serves requests: a primary process prepares the database once, then forks the
  // workers, which share the port and nothing else (their caches are dropped through PostgreSQL's NOTIFY).
  if (cluster.isPrimary && config.webConcurrency > 1) return runPrimary(config);
  return serve(config, webBuildDir, { prepare: cluster.isPrimary });
}

/** Migrations, the site's pictures and the demo shop: done once, before any request is served. */
async function prepare(config: Config, database: Awaited<ReturnType<typeof openDatabase>>, storage: ReturnType<typeof createStorage>): Promise<void> {
  const { seeded, logins, drawing } = await prepareShop(database, storage, {
    seed: config.seed,
    developmentUsers: !config.isProduction && config.seed,
    log: (m) => console.log(m),
    // On this machine's disk the shop opens at once and the demo shop's pictures are drawn behind it (and on
    // demand, server/app.ts). A shared bucket (several processes, several machines) gets them all before any
    // process serves: every process must find the same pictures there.
    drawLater: !config.media.s3,
    drawAhead: config.demoPictures === 'ahead',
  });
  drawing.catch((err: unknown) => console.error('The demo shop’s pictures could not all be drawn:', err));
  if (seeded) console.log('Seeded the demo shop.');
  if (logins.length) {
    console.log('Development log-ins:');
    for (const l of logins) console.log(`  ${l.role.padEnd(10)} ${l.email} / ${l.password}`);
  }
}

async function runPrimary(config: Config): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepare(config, database, createStorage(config));
  } finally {
    await database.close();
  }
  // What preparing took (migrations, the seed, the pictures' check) is given back before the primary waits on its
  // workers for the rest of its life.
  fullCollection()?.();
  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork(config.workerEnv);
  cluster.on('listening', () => {
    listening++;
    if (listening === config.webConcurrency) {
      console.log(`The shop is open at http://localhost:${config.port} (database: postgres, ${config.webConcurrency} worker processes).`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker that never served (bad configuration, database out of reach) would fail again: stop the shop.
    if (listening < config.webConcurrency) {
      console.error(`A worker process stopped while starting (${signal ?? `exit code ${code}`}): stopping the shop.`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    console.error(`Worker process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.`);
    fork();
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: closing the worker processes…`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

async function serve(config: Config, webBuildDir: string, options: { prepare: boolean }): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = createStorage(config);
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  let stopping = false;
  let stopAnswering = async () => {};
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (cluster.isPrimary) console.log(`\n${signal} received: finishing the requests in flight, then closing the server and the database…`);
    try {
      await stopAnswering().catch(() => {});
      await shutDown(app, database, config.shutdownTimeoutMs);
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    if (options.prepare) await prepare(config, database, storage);
    const built = await buildApp({ config, database, webBuildDir, storage });
    app = built.app;
    // Only this process may open PGlite's directory: `npm run backup` asks it, on a socket in that directory.
    if (database.engine === 'pglite') {
      stopAnswering = await serveBackupRequests(backupSocketOf(config.dataDir), () => built.services.backups.run('command'));
    }
    // The pincode directory (about a second of parsing) is read before the first request, not by the first
    // buyer whose payment names an address.
    await pincodeDirectory().catch((err: unknown) => console.error('The pincode directory could not be read:', err));
    if (stopping) return;
    await app.listen({ port: config.port, host: config.host });
    // The heap grown for a rush is given back once the process has been quiet for a while (decision 0063).
    const served = app;
    startQuietCollector({
      collected: (before, after) =>
        served.log.info(`Quiet after a busy spell: memory collected, ${Math.round(before / 2 ** 20)} → ${Math.round(after / 2 ** 20)} MB resident.`),
    });
    if (cluster.isPrimary)
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
