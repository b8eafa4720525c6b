import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../lib/project-root';
import { batchedQueries } from './pglite-batched';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** PostgreSQL only: the address it was opened with (pg_dump reads it, decision 0051). */
  connectionString?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as an uncompressed tarball (test templates). */
  dump?: () => Promise<Blob>;
  /**
   * PGlite only: the data directory as an uncompressed tarball taken between transactions, just after a
   * checkpoint, with the rows `readSql` reads at that very moment (backups, decision 0051). Queries wait meanwhile.
   */
  snapshot?: (readSql: string) => Promise<{ data: Blob; rows: Record<string, unknown>[] }>;
  /**
   * PostgreSQL only: tells every process of the shop that something changed (NOTIFY), so that several app
   * processes keep their read caches in step; resolves to whether it was sent. PGlite has one process by design.
   */
  notify?: (channel: string, payload?: string) => Promise<boolean>;
  /**
   * Hears a channel's notifications (those of `notify`, and those the database's triggers send). PostgreSQL: on
   * a connection of its own, which is opened again when lost; `onConnection(false)` says it was lost (anything
   * may have been missed until `onConnection(true)`, which comes with a message of an empty payload). PGlite:
   * in this process, each heard before the statement that sent it returns.
   */
  listen?: (channel: string, onMessage: (payload: string) => void, onConnection?: (up: boolean) => void) => Promise<() => Promise<void>>;
  /**
   * Runs `fn` only if no other process of the shop is running the job named by `key` (a PostgreSQL
   * session advisory lock on a connection of its own); resolves to null without running it otherwise.
   * PGlite has one process by design (its data directory is locked), so there it simply runs `fn`.
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T | null>;
  /**
   * Runs `fn` while holding the lock named by `key`, waiting for it when another process of the shop holds it
   * (a PostgreSQL session advisory lock on a connection of its own). PGlite simply runs `fn`.
   */
  serialized<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** How many of the shop's migrations the database has not applied yet (0 when it is current). */
  pendingMigrations(): Promise<number>;
  /**
   * Runs SQL text as it is, for the job library (lib/jobs.ts), which writes its own SQL: with values, one
   * statement with $1… parameters; without, a script of several statements, whose last result is returned.
   * A script wrapped in BEGIN … COMMIT runs as one transaction, rolled back whole when a statement fails.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** pg_trgm's `<%` threshold in every session: a product name resembling a search query this much is a hit. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/** Advisory-lock keys of the start-up steps that must run in one process at a time. */
export const MIGRATE_LOCK = 74_100_001;
export const STARTUP_LOCK = 74_100_002;

let migrationFiles: { folderMillis: number }[] | undefined;

async function countPending(db: Db): Promise<number> {
  const files = (migrationFiles ??= readMigrationFiles({ migrationsFolder }));
  const table = await db.execute<{ exists: boolean }>(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!(table as { rows: { exists: boolean }[] }).rows[0]?.exists) return files.length;
  const applied = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  // drizzle applies every migration newer than the last one recorded, by the time stamp in its journal.
  const last = Number((applied as { rows: { last: string | number | null }[] }).rows[0]?.last ?? 0);
  return files.filter((f) => f.folderMillis > last).length;
}

/** `BEGIN; … COMMIT;` around a script: PGlite runs the inside through its own transaction (see executeSql). */
const TRANSACTION_SCRIPT = /^\s*BEGIN;([\s\S]*);\s*COMMIT;?\s*$/i;

export const migrationsFolder = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another running shop process (pid ${pid}). ` +
        `Stop that process first, or point DATA_DIR at another directory.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process holding a PGlite data directory (its `shop.lock`), or null when none does. */
export function dataDirHolder(dir: string): number | null {
  let text: string;
  try {
    text = readFileSync(path.join(dir, 'shop.lock'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : null;
}

/**
 * PGlite is single-writer and has no lock of its own: two processes on one directory corrupt it.
 * A lock file holding our pid is created atomically; a stale one (dead pid) is taken over.
 */
function acquireLock(dir: string): () => void {
  const file = path.join(dir, 'shop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && isAlive(pid)) throw new DataDirLockedError(dir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; `undefined` means in memory. */
  dataDir?: string;
  /** A dump made by `PGlite.dumpDataDir()` to start from (test templates). */
  loadDataDir?: Blob;
}

/**
 * A dedicated connection that LISTENs on a channel, reconnecting after a failure. A notification may be
 * missed while it is down, so reconnecting also counts as a change.
 */
async function listenPg(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onConnection?: (up: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const scheduleRetry = () => {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(
      () =>
        void connect().then(() => {
          onConnection?.(true);
          onMessage('');
        }, scheduleRetry),
      5000,
    );
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '');
    });
    // Lost (the server restarted, the connection was ended): heard again once a new connection listens.
    const lost = () => {
      if (client !== c || stopped) return;
      client = null;
      onConnection?.(false);
      void c.end().catch(() => {});
      scheduleRetry();
    };
    c.on('error', lost);
    c.on('end', lost);
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    if (stopped) await c.end();
    else client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}

const sharedDatabases = new WeakSet<object>();

/**
 * Whether several processes of the shop may share this database (PostgreSQL), so that state they must agree
 * on has to live in it. PGlite has one process and one connection: there a query made while a transaction
 * is open elsewhere waits for that transaction to end.
 */
export function isSharedDatabase(db: Db): boolean {
  return sharedDatabases.has(db);
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    // A database that does not answer (down, unreachable) fails a request within seconds, as a 503 (see
    // isDatabaseUnavailable in lib/errors.ts), instead of holding it open for ever.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
      // Search's "name resembles the query" test reads the trigram index at this threshold (see catalog.service).
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    });
    // An idle connection closed by the server (restart, failover) is dropped from the pool and replaced on
    // the next query; without a listener the error would end the process.
    pool.on('error', () => {});
    // bigint columns are declared with mode 'number'; keep numeric types as JS numbers.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    sharedDatabases.add(db);
    async function serialized<T>(key: number, fn: () => Promise<T>): Promise<T> {
      const connection = await pool.connect();
      let unlockFailed = false;
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await connection.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {
            unlockFailed = true;
          });
        }
      } finally {
        connection.release(unlockFailed);
      }
    }
    return {
      db,
      engine: 'postgres',
      connectionString: options.databaseUrl,
      // Several processes starting together: one applies the migrations (all in one transaction), the
      // others wait for the lock and then find nothing left to apply.
      migrate: () => serialized(MIGRATE_LOCK, () => migratePg(drizzlePg(pool), { migrationsFolder })),
      serialized,
      pendingMigrations: () => countPending(db),
      // Closing twice (a shutdown racing a failure) is harmless, as with PGlite.
      close: async () => {
        if (pool.ended) return;
        await pool.end();
      },
      notify: (channel, payload = '') =>
        pool.query(`SELECT pg_notify($1, $2)`, [channel, payload]).then(
          () => true,
          // Best effort: the other processes' caches expire by themselves within minutes.
          () => false,
        ),
      listen: (channel, onMessage, onConnection) => listenPg(options.databaseUrl!, channel, onMessage, onConnection),
      // A failing statement of a script makes pg drop that connection, and its open transaction with it.
      executeSql: async (text, values) => {
        const result = (await pool.query<Record<string, unknown>>(text, values)) as
          pg.QueryResult<Record<string, unknown>> | pg.QueryResult<Record<string, unknown>>[];
        return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
      },
      async exclusive(key, fn) {
        const connection = await pool.connect();
        let locked = false;
        let unlockFailed = false;
        try {
          const { rows } = await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [key]);
          locked = rows[0]?.locked === true;
          if (!locked) return null;
          return await fn();
        } finally {
          if (locked)
            await connection.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => {
              unlockFailed = true;
            });
          // A connection whose unlock failed is destroyed rather than pooled: ending its session ends its lock.
          connection.release(unlockFailed);
        }
      },
    };
  }

  let release = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    release = acquireLock(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm, btree_gist },
      loadDataDir: options.loadDataDir,
    });
  } catch (err) {
    release();
    throw err;
  }
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(batchedQueries(client), { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    exclusive: (_key, fn) => fn(),
    serialized: (_key, fn) => fn(),
    pendingMigrations: () => countPending(db),
    // PGlite has one connection: a script's transaction must not be left open (or aborted) after a failure,
    // or every later query of the shop would fail with it. Its own transaction() rolls back on any error.
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const script = TRANSACTION_SCRIPT.exec(text);
      const results = script ? await client.transaction((tx) => tx.exec(script[1]!)) : await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    // Notifications of the database's own triggers (there is no other process to tell).
    async listen(channel, onMessage) {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!closed) await stop();
      };
    },
    // Not compressed: a test file opens its own copy of the template, and PGlite's gunzip of the 45 MB tarball cost
    // 0.7 s of CPU an open, more than the rest of the open (decision 0061).
    dump: async () => client.dumpDataDir('none'),
    // Inside one transaction (PGlite runs one at a time, so no other is half done): the reading statements see
    // what the copy holds, the checkpoint writes every change into the data files, then the files are copied.
    snapshot: (readSql) =>
      client.transaction(async (tx) => {
        const { rows } = await tx.query<Record<string, unknown>>(readSql);
        await tx.exec('CHECKPOINT');
        return { data: await client.dumpDataDir('none'), rows };
      }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
