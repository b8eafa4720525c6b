import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { desc, eq } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { z } from 'zod';
import { migrationsFolder, openDatabase, type Database } from '../../db/client';
import { backupRuns } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { PROJECT_ROOT } from '../../lib/project-root';
import { contentTypeOf, isMediaKey, type ObjectStorage } from '../../lib/storage';
import { s3Storage, type S3Settings } from '../../lib/storage/s3';
import { ArchiveDamagedError, createArchive, readArchive, type Archive, type WrittenEntry } from './archive';

/**
 * Backups and restores of the whole shop (decision 0051): one tar archive holding the database (PGlite's data
 * directory copied between transactions, or PostgreSQL's `pg_dump` in its custom format), the media (the files of
 * the local folder, or the list of an S3 bucket's objects with their checksums) and a manifest.
 */

export { ArchiveDamagedError } from './archive';

const FORMAT = 1;
const PGLITE_ENTRY = 'database/pglite-data.tar.gz';
const POSTGRES_ENTRY = 'database/postgres.dump';
const MEDIA_LIST_ENTRY = 'media-objects.json';
const MANIFEST_ENTRY = 'manifest.json';
/** The archives' folder in a bucket. */
const ARCHIVES_FOLDER = 'backups/';
const NAME = /^teakwood-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.tar$/;

const counts = z.object({ orders: z.number().int(), documents: z.number().int(), customers: z.number().int() });
export type ShopCounts = z.infer<typeof counts>;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  shop: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** drizzle's record: how many migrations were applied, and the time stamp of the newest (its journal's `when`). */
  migrations: z.object({ applied: z.number().int(), last: z.number() }),
  counts,
  media: z.object({ storage: z.enum(['local', 's3']), objects: z.number().int() }),
  files: z.array(z.object({ name: z.string(), size: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type Manifest = z.infer<typeof manifestSchema>;

const mediaListSchema = z.array(z.object({ key: z.string(), size: z.number().int(), sha256: z.string() }));

/** A restore that must not go ahead, with the sentence that says why and what to do. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

function shopVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

/** The newest migration this shop knows (its journal's time stamp). */
function newestKnownMigration(): number {
  return Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
}

/** What the manifest counts, and drizzle's record of the migrations applied, in one statement. */
const FACTS_SQL = `SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM invoices)::int AS documents,
  (SELECT count(*) FROM users WHERE NOT is_superuser)::int AS customers,
  (SELECT count(*) FROM drizzle.__drizzle_migrations)::int AS applied,
  (SELECT coalesce(max(created_at), 0) FROM drizzle.__drizzle_migrations)::text AS last`;

function factsOf(row: Record<string, unknown>): { shopCounts: ShopCounts; migrations: Manifest['migrations'] } {
  return {
    shopCounts: { orders: Number(row.orders), documents: Number(row.documents), customers: Number(row.customers) },
    migrations: { applied: Number(row.applied), last: Number(row.last) },
  };
}

async function countsOf(database: Database): Promise<ShopCounts> {
  const { rows } = await database.executeSql(`${FACTS_SQL} WHERE $1::int = 0`, [0]);
  return factsOf(rows[0]!).shopCounts;
}

function run(command: string, args: string[], input?: NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (err) =>
      reject(
        new Error(`${command} could not be started (${err.message}); install PostgreSQL's client programs (apt-get install postgresql-client).`),
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`))));
    if (input && child.stdin) {
      child.stdin.on('error', () => {});
      input.pipe(child.stdin);
    }
  });
}

/** Every file of the local media folder (`folder/name`), skipping files being written. */
async function localMediaKeys(mediaDir: string): Promise<string[]> {
  const keys: string[] = [];
  let folders: string[];
  try {
    folders = await readdir(mediaDir);
  } catch {
    return [];
  }
  for (const folder of folders.sort()) {
    let names: string[];
    try {
      names = await readdir(path.join(mediaDir, folder));
    } catch {
      continue;
    }
    for (const name of names.sort()) if (isMediaKey(`${folder}/${name}`) && !name.endsWith('.partial')) keys.push(`${folder}/${name}`);
  }
  return keys;
}

export interface WriteOptions {
  database: Database;
  /** Where images live: the local folder's files go into the archive; an S3 bucket's objects are listed. */
  storage: ObjectStorage;
  mediaDir: string;
  now?: Date;
}

/**
 * Writes the whole shop into a new archive at `file`: the database first (a moment's wait for PGlite's buyers,
 * none on PostgreSQL, whose dump reads one snapshot), then the media, then the manifest.
 */
export async function writeArchive(file: string, options: WriteOptions): Promise<Manifest> {
  const { database } = options;
  const archive = await createArchive(file);
  const files: WrittenEntry[] = [];
  const work = await mkdtemp(path.join(tmpdir(), 'teak-backup-'));
  try {
    let shopCounts: ShopCounts;
    let migrations: Manifest['migrations'];
    if (database.engine === 'pglite') {
      if (!database.snapshot) throw new Error('This database cannot be copied.');
      // The counts are read at the copy's very moment; compressing happens after, while buyers are served.
      const { data, rows } = await database.snapshot(FACTS_SQL);
      const packed = await promisify(gzip)(Buffer.from(await data.arrayBuffer()));
      files.push(await archive.addBuffer(PGLITE_ENTRY, packed, options.now));
      ({ shopCounts, migrations } = factsOf(rows[0]!));
    } else {
      const url = database.connectionString;
      if (!url) throw new Error('The PostgreSQL address is missing.');
      const dump = path.join(work, 'postgres.dump');
      // pg_dump reads the snapshot of a transaction held open here, in which the counts are read too: the
      // manifest counts exactly what the dump holds, and writers are never waited for.
      const reader = new pg.Client({ connectionString: url });
      await reader.connect();
      try {
        await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        const { rows } = await reader.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
        ({ shopCounts, migrations } = factsOf((await reader.query<Record<string, unknown>>(FACTS_SQL)).rows[0]!));
        await run('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${rows[0]!.snapshot}`,
          `--file=${dump}`,
          `--dbname=${url}`,
        ]);
        await reader.query('COMMIT');
      } finally {
        await reader.end();
      }
      const { size } = await stat(dump);
      files.push(await archive.addStream(POSTGRES_ENTRY, size, createReadStream(dump), options.now));
    }
    let objects = 0;
    if (options.storage.kind === 'local') {
      for (const key of await localMediaKeys(options.mediaDir)) {
        const source = path.join(options.mediaDir, key);
        // Images are written beside and renamed, never rewritten: one deleted meanwhile is simply not in this copy.
        const info = await stat(source).catch(() => null);
        if (!info?.isFile()) continue;
        files.push(await archive.addStream(`media/${key}`, info.size, createReadStream(source), info.mtime));
        objects++;
      }
    } else {
      // The bucket is its own store (versioned, replicated by its provider): the archive says what it held.
      const list: z.infer<typeof mediaListSchema> = [];
      for (const key of (await options.storage.list('')).sort()) {
        // Archives kept in the images' own bucket (BACKUP_S3_BUCKET = S3_BUCKET) are under backups/, no folder of
        // images: an archive lists the images, never the archives before it (each would grow by the last).
        if (!isMediaKey(key) || key.startsWith(ARCHIVES_FOLDER)) continue;
        const object = await options.storage.get(key);
        if (!object) continue;
        const hash = createHash('sha256');
        let size = 0;
        for await (const chunk of object.body as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
        }
        list.push({ key, size, sha256: hash.digest('hex') });
      }
      objects = list.length;
      files.push(await archive.addBuffer(MEDIA_LIST_ENTRY, Buffer.from(JSON.stringify(list, null, 1)), options.now));
    }
    const manifest: Manifest = {
      format: FORMAT,
      shop: shopVersion(),
      createdAt: (options.now ?? new Date()).toISOString(),
      engine: database.engine,
      migrations,
      counts: shopCounts,
      media: { storage: options.storage.kind, objects },
      files,
    };
    await archive.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 1)), options.now);
    await archive.close();
    return manifest;
  } catch (err) {
    await archive.abandon();
    await rm(file, { force: true });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Reads an archive's manifest (every header checked); throws a sentence when it cannot be read. */
async function readManifest(file: string): Promise<{ archive: Archive; manifest: Manifest }> {
  const archive = await readArchive(file);
  const manifestEntry = archive.entries.find((e) => e.name === MANIFEST_ENTRY);
  if (!manifestEntry) throw new ArchiveDamagedError(file, 'it has no manifest: it is not a backup of this shop, or it was cut short');
  try {
    return { archive, manifest: manifestSchema.parse(JSON.parse((await archive.bytes(manifestEntry)).toString('utf8'))) };
  } catch {
    throw new ArchiveDamagedError(file, 'its manifest cannot be read');
  }
}

/** Checks every entry of an archive against its manifest: sizes, SHA-256, none missing, none added. */
async function verifyEntries(file: string, archive: Archive, manifest: Manifest): Promise<void> {
  const listed = new Map(manifest.files.map((f) => [f.name, f]));
  for (const entry of archive.entries) {
    if (entry.name === MANIFEST_ENTRY) continue;
    const expected = listed.get(entry.name);
    if (!expected) throw new ArchiveDamagedError(file, `${entry.name} is not in its manifest`);
    if (expected.size !== entry.size || (await archive.sha256(entry)) !== expected.sha256)
      throw new ArchiveDamagedError(file, `${entry.name} does not match its checksum`);
    listed.delete(entry.name);
  }
  const missing = [...listed.keys()];
  if (missing.length) throw new ArchiveDamagedError(file, `${missing[0]} is missing from it`);
}

/** Reads an archive's manifest and checks every entry against it; throws a sentence when anything is off. */
export async function checkArchive(file: string): Promise<{ archive: Archive; manifest: Manifest }> {
  const { archive, manifest } = await readManifest(file);
  await verifyEntries(file, archive, manifest);
  return { archive, manifest };
}

export interface RestoreTarget {
  /** PGlite's data directory (its `pgdata` folder is made there); unused with `databaseUrl`. */
  dataDir: string;
  /** An empty PostgreSQL database. */
  databaseUrl?: string;
  storage: ObjectStorage;
  mediaDir: string;
}

export interface RestoreReport {
  manifest: Manifest;
  counts: ShopCounts;
  media: { restored: number; missing: string[] };
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch {
    return true;
  }
}

/**
 * Restores an archive into an empty target: reads the manifest, refuses a newer shop's archive, another engine's,
 * or a target that holds data, checks every checksum, then restores and reads the counts back.
 */
export async function restoreArchive(file: string, target: RestoreTarget): Promise<RestoreReport> {
  const { archive, manifest } = await readManifest(file);
  if (manifest.migrations.last > newestKnownMigration())
    throw new RestoreRefusedError(
      `This archive was made by a newer version of the shop (${manifest.shop.version}, with changes to the database this one does not know): update the shop first, then restore.`,
    );
  const engine = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine)
    throw new RestoreRefusedError(
      manifest.engine === 'postgres'
        ? 'This archive holds a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database and restore again.'
        : 'This archive holds the embedded database (PGlite): unset DATABASE_URL and restore into an empty DATA_DIR.',
    );
  const pgdata = path.join(target.dataDir, 'pgdata');
  if (engine === 'pglite' && !(await isEmptyDir(pgdata)))
    throw new RestoreRefusedError(`${target.dataDir} already holds a shop's database: point DATA_DIR at a new, empty directory and restore again.`);
  if (target.storage.kind === 'local' && !(await isEmptyDir(target.mediaDir)))
    throw new RestoreRefusedError(`${target.mediaDir} already holds images: point DATA_DIR at a new, empty directory and restore again.`);
  if (target.databaseUrl) {
    const probe = await openDatabase({ databaseUrl: target.databaseUrl });
    try {
      const { rows } = await probe.executeSql(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND $1::int = 0`,
        [0],
      );
      if (Number(rows[0]!.n) > 0)
        throw new RestoreRefusedError(
          'The database DATABASE_URL names already holds tables: create a new, empty database for the restore and point DATABASE_URL at it.',
        );
    } finally {
      await probe.close();
    }
  }

  // Every byte is checked before the first is written.
  await verifyEntries(file, archive, manifest);
  const entry = (name: string) => archive.entries.find((e) => e.name === name);
  let database: Database;
  if (engine === 'pglite') {
    const data = entry(PGLITE_ENTRY);
    if (!data) throw new ArchiveDamagedError(file, 'its database is missing');
    database = await openDatabase({ dataDir: target.dataDir, loadDataDir: await archive.blob(data) });
  } else {
    const data = entry(POSTGRES_ENTRY);
    if (!data) throw new ArchiveDamagedError(file, 'its database is missing');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.databaseUrl}`], archive.stream(data));
    database = await openDatabase({ databaseUrl: target.databaseUrl });
  }
  let found: ShopCounts;
  try {
    found = await countsOf(database);
  } finally {
    await database.close();
  }
  if (found.orders !== manifest.counts.orders || found.documents !== manifest.counts.documents || found.customers !== manifest.counts.customers)
    throw new Error(
      `The restored database does not hold what the manifest says (orders ${found.orders} of ${manifest.counts.orders}, documents ${found.documents} of ${manifest.counts.documents}, customers ${found.customers} of ${manifest.counts.customers}).`,
    );

  let restored = 0;
  const missing: string[] = [];
  for (const e of archive.entries) {
    if (!e.name.startsWith('media/')) continue;
    const key = e.name.slice('media/'.length);
    if (!isMediaKey(key)) throw new ArchiveDamagedError(file, `${e.name} is not an image's name`);
    if (target.storage.kind === 'local') {
      const to = path.join(target.mediaDir, key);
      await mkdir(path.dirname(to), { recursive: true });
      await pipeline(archive.stream(e), createWriteStream(to));
    } else {
      await target.storage.put(key, await archive.bytes(e), contentTypeOf(key));
    }
    restored++;
  }
  const list = entry(MEDIA_LIST_ENTRY);
  if (list) {
    for (const object of mediaListSchema.parse(JSON.parse((await archive.bytes(list)).toString('utf8'))))
      if (!(await target.storage.exists(object.key))) missing.push(object.key);
  }
  return { manifest, counts: found, media: { restored, missing } };
}

/** Where an archive kept in a bucket is named on the command line: `s3://<bucket>/<key>`. */
export function bucketArchiveOf(location: string): { bucket: string; key: string } | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])\/(.+)$/.exec(location);
  return m ? { bucket: m[1]!, key: m[2]! } : null;
}

/**
 * Copies an archive kept in a bucket (`BACKUP_S3_BUCKET`) into a temporary folder, for `restoreArchive` to check
 * and read like any other; `remove` deletes the copy.
 */
export async function downloadArchive(settings: S3Settings, key: string): Promise<{ file: string; remove: () => Promise<void> }> {
  const store = s3Storage({ ...settings, prefix: '' });
  const object = isMediaKey(key) ? await store.get(key) : null;
  if (!object)
    throw new RestoreRefusedError(
      `The bucket ${settings.bucket} has no archive ${key}: its archives are under backups/ (teakwood-YYYYMMDD-HHMMSS.tar); name one of them.`,
    );
  const dir = await mkdtemp(path.join(tmpdir(), 'teak-restore-'));
  const file = path.join(dir, path.basename(key));
  try {
    await pipeline(object.body, createWriteStream(file));
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The archive's name for a moment: `teakwood-20261129-210000.tar` (UTC). */
export function archiveName(at: Date): string {
  const iso = at.toISOString();
  return `teakwood-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}.tar`;
}

/**
 * Which archives retention removes: kept are the newest of each of the last `keepDaily` days that have one, and the
 * newest of each of the last `keepWeekly` weeks (Monday to Sunday, UTC). Names not of the shop's archives are left alone.
 */
export function archivesToDelete(names: string[], keepDaily: number, keepWeekly: number): string[] {
  const dated = names
    .map((name) => ({ name, m: NAME.exec(name) }))
    .filter((a): a is { name: string; m: RegExpExecArray } => a.m !== null)
    .map(({ name, m }) => ({ name, at: Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) }))
    .sort((a, b) => b.at - a.at);
  const days = new Set<number>();
  const weeks = new Set<number>();
  const keep = new Set<string>();
  for (const { name, at } of dated) {
    const day = Math.floor(at / 86_400_000);
    // 1 January 1970 was a Thursday: adding 3 days makes every week start on a Monday.
    const week = Math.floor((day + 3) / 7);
    if (!days.has(day) && days.size < keepDaily) {
      days.add(day);
      keep.add(name);
    }
    if (!weeks.has(week) && weeks.size < keepWeekly) {
      weeks.add(week);
      keep.add(name);
    }
  }
  return dated.filter((a) => !keep.has(a.name)).map((a) => a.name);
}

export interface BackupSettings {
  dir: string;
  s3?: S3Settings;
  keepDaily: number;
  keepWeekly: number;
}

export interface BackupResult {
  archive: string;
  location: string;
  sizeBytes: number;
  manifest: Manifest;
  deleted: string[];
}

/** The backups of a running shop: the nightly job, `npm run backup`, and the overview's last good one. */
export function createBackupService(options: {
  database: Database;
  storage: ObjectStorage;
  mediaDir: string;
  settings: BackupSettings;
  /** A failed nightly backup is e-mailed here. */
  mailer?: Mailer;
  shopEmail?: string;
  log?: (err: unknown, message: string) => void;
}) {
  const { database, settings } = options;
  const db = database.db;
  const bucket = settings.s3 ? s3Storage(settings.s3) : null;
  const location = settings.s3 ? `s3://${settings.s3.bucket}/backups/` : settings.dir;
  let running: Promise<BackupResult> | null = null;

  async function existing(): Promise<string[]> {
    if (bucket) return (await bucket.list('backups/')).map((key) => key.slice('backups/'.length));
    try {
      return await readdir(settings.dir);
    } catch {
      return [];
    }
  }

  async function once(trigger: 'nightly' | 'command', now: Date): Promise<BackupResult> {
    const [row] = await db.insert(backupRuns).values({ trigger, startedAt: now, location }).returning({ id: backupRuns.id });
    let name = archiveName(now);
    try {
      const taken = new Set(await existing());
      for (let n = 1; taken.has(name); n++) name = archiveName(new Date(now.getTime() + n * 1000));
      // Written beside and renamed (or uploaded once whole): an archive that is there is a whole one.
      const folder = bucket ? await mkdtemp(path.join(tmpdir(), 'teak-archive-')) : settings.dir;
      await mkdir(folder, { recursive: true });
      const partial = path.join(folder, `${name}.partial`);
      let sizeBytes: number;
      let manifest: Manifest;
      try {
        manifest = await writeArchive(partial, {
          database,
          storage: options.storage,
          mediaDir: options.mediaDir,
          now,
        });
        sizeBytes = (await stat(partial)).size;
        if (bucket) await bucket.put(`backups/${name}`, await readFile(partial), 'application/x-tar');
        else await rename(partial, path.join(folder, name));
      } finally {
        if (bucket) await rm(folder, { recursive: true, force: true });
        else await rm(partial, { force: true });
      }
      const deleted = archivesToDelete(await existing(), settings.keepDaily, settings.keepWeekly);
      if (bucket) await bucket.delete(deleted.map((d) => `backups/${d}`));
      else await Promise.all(deleted.map((d) => unlink(path.join(settings.dir, d)).catch(() => {})));
      await db.update(backupRuns).set({ status: 'ok', finishedAt: new Date(), archive: name, sizeBytes }).where(eq(backupRuns.id, row!.id));
      return { archive: name, location, sizeBytes, manifest, deleted };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await db
        .update(backupRuns)
        .set({ status: 'failed', finishedAt: new Date(), error: reason })
        .where(eq(backupRuns.id, row!.id))
        .catch(() => {});
      throw err;
    }
  }

  const service = {
    /** Makes one archive now (one at a time in this process), then applies retention. */
    run(trigger: 'nightly' | 'command', now = new Date()): Promise<BackupResult> {
      const next = (running ?? Promise.resolve()).catch(() => {}).then(() => once(trigger, now));
      running = next;
      return next;
    },
    /** The scheduled job: a failure is e-mailed to the shop and kept for the overview, then the job fails. */
    async nightly(now = new Date()): Promise<void> {
      try {
        await service.run('nightly', now);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        options.log?.(err, 'the nightly backup failed');
        if (options.mailer && options.shopEmail)
          await options.mailer.send({
            to: options.shopEmail,
            subject: 'Last night’s backup of the shop failed',
            text:
              `The backup of ${now.toISOString().slice(0, 10)} could not be made:\n\n${reason}\n\n` +
              `The shop keeps serving, but nothing new was copied. Fix the cause, then run \`npm run backup\` on the server ` +
              `(or wait for tonight's). Archives are written to ${location}.`,
          });
        throw err;
      }
    },
    /** The last backup that finished whole, for the owner's overview. */
    async lastGood(): Promise<{ at: string; archive: string; sizeBytes: number; location: string } | null> {
      const [row] = await db.select().from(backupRuns).where(eq(backupRuns.status, 'ok')).orderBy(desc(backupRuns.finishedAt)).limit(1);
      if (!row?.finishedAt || !row.archive) return null;
      return { at: row.finishedAt.toISOString(), archive: row.archive, sizeBytes: row.sizeBytes ?? 0, location: row.location ?? location };
    },
  };
  return service;
}

export type BackupService = ReturnType<typeof createBackupService>;

/** The socket in a PGlite shop's data directory on which `npm run backup` asks the running shop for a backup. */
export const backupSocketOf = (dataDir: string) => path.join(dataDir, 'backup.sock');

/**
 * Answers `npm run backup` while the shop holds its PGlite data directory (no other process may open it): a
 * line `backup` on the socket makes one, and the answer is one line of JSON. The socket is a file of the data
 * directory, so whoever may run the command may read the data anyway.
 */
export async function serveBackupRequests(socket: string, backup: () => Promise<BackupResult>): Promise<() => Promise<void>> {
  // The data directory is this process's (its lock is held): a socket file left there is a stopped shop's.
  await rm(socket, { force: true });
  const server = createServer((connection) => {
    connection.setEncoding('utf8');
    let asked = '';
    connection.on('error', () => {});
    connection.on('data', (chunk: string) => {
      asked += chunk;
      if (!asked.includes('\n')) return;
      if (asked.trim() !== 'backup') {
        connection.end(`${JSON.stringify({ ok: false, error: 'Unknown request.' })}\n`);
        return;
      }
      backup().then(
        (result) =>
          connection.end(
            `${JSON.stringify({ ok: true, archive: result.archive, location: result.location, sizeBytes: result.sizeBytes, counts: result.manifest.counts, deleted: result.deleted })}\n`,
          ),
        (err: unknown) => connection.end(`${JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) })}\n`),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => void rm(socket, { force: true }).then(() => resolve())));
}

const answerSchema = z.union([
  z.object({ ok: z.literal(true), archive: z.string(), location: z.string(), sizeBytes: z.number(), counts, deleted: z.array(z.string()) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

/** `npm run backup` beside a running PGlite shop: asks it to make the archive. */
export function askRunningShop(socket: string): Promise<z.infer<typeof answerSchema>> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let answer = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write('backup\n'));
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('error', (err) =>
      reject(new Error(`The running shop did not answer on ${socket} (${err.message}); is it a shop of this version? Restart it and try again.`)),
    );
    connection.on('end', () => {
      try {
        resolve(answerSchema.parse(JSON.parse(answer)));
      } catch {
        reject(new Error('The running shop gave no readable answer to the backup request.'));
      }
    });
  });
}
