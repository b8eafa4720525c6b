import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, inArray, like, lte } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { charges, emailOutbox, invoices, orders, refunds } from '../../server/db/schema';
import { localStorage } from '../../server/lib/storage';
import {
  ArchiveDamagedError,
  backupSocketOf,
  checkArchive,
  restoreArchive,
  RestoreRefusedError,
  serveBackupRequests,
} from '../../server/modules/backup/backup.service';
import { createArchive, readArchive } from '../../server/modules/backup/archive';
import { createTestApp, type TestApp } from '../support/app';
import { ROOT } from '../support/paths';
import { databaseUrlFor } from '../support/pg-template';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { afterSaleKit } from './after-sale-helpers';
import { newBuyer, superuserToken } from './checkout-helpers';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pgBase = inject('pgTemplateUrl');

/** An empty PostgreSQL database beside the test's own, for a restore (PostgreSQL runs only). */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_restore_${randomBytes(5).toString('hex')}`;
  const maintenance = databaseUrlFor(pgBase, 'postgres');
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: maintenance });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  return { url: databaseUrlFor(pgBase, name), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A photo of its own bytes (noise), uploaded as a buyer uploads her profile picture. */
async function uploadPhoto(t: TestApp, token: string): Promise<string> {
  const photo = await sharp(randomBytes(48 * 48 * 3), { raw: { width: 48, height: 48, channels: 3 } })
    .jpeg()
    .toBuffer();
  const boundary = `----teak${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/profile/',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json<{ profile_picture: string | null }>().profile_picture!;
  return url.slice(url.indexOf('/media/') + '/media/'.length);
}

/** Backups (issue 45, decision 0051): a backup is what a restore has proved, on PGlite and on PostgreSQL. */
describe('backups: the whole shop into one archive, and back', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let kit: ReturnType<typeof afterSaleKit>;
  let ownerToken: string;
  const dirs: string[] = [];
  const scratch = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `teak-${name}-`));
    dirs.push(dir);
    return dir;
  };
  let backupDir: string;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    backupDir = scratch('backups');
    t = await createTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in', BACKUP_DIR: backupDir });
    ownerToken = await superuserToken(t);
    kit = afterSaleKit(t, fake, ownerToken);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a shop with orders of every shape and uploaded photos, backed up while a buyer keeps buying, is served whole by a second shop started on its restore', async () => {
    // Orders of every shape: shipped, made to order in the workshop, cancelled and refunded with a credit note, unpaid.
    const buyer = await newBuyer(t, 'Meera');
    const shipped = await kit.paidOrder(buyer, 50, { price: 18_500 });
    await kit.moveTo(shipped.row.id, ['ready_to_dispatch', 'shipped']);
    const madeToOrder = await kit.paidOrder(buyer, 51, { price: 64_000, madeToOrder: true });
    await kit.moveTo(madeToOrder.row.id, ['design_signoff', 'timber_selection']);
    const cancelled = await kit.paidOrder(buyer, 52, { price: 9_900 });
    expect((await buyer.api.post(`/api/orders/${cancelled.row.id}/cancel/`, { reason: 'changed_mind' })).statusCode).toBe(200);
    expect((await buyer.api.post('/api/add_item/', { cart_code: 'UNPAIDCART01', product_id: shipped.piece.id, quantity: 1 })).statusCode).toBe(201);
    const unpaid = await buyer.api.post('/api/create_order/', { cart_code: 'UNPAIDCART01' });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    const photos = [await uploadPhoto(t, buyer.token), await uploadPhoto(t, (await newBuyer(t, 'Kabir')).token)];
    const before = Math.max(...(await t.database.db.select({ id: orders.id }).from(orders)).map((o) => o.id));

    // Buyers keep paying for orders (each draws an invoice number) while the backup is taken.
    const writers: number[] = [];
    let writing = true;
    let written = 0;
    const keepBuying = (async () => {
      for (let i = 0; writing && i < 30; i++) {
        const writer = await newBuyer(t, 'Writer');
        writers.push(writer.id);
        await kit.paidOrder(writer, 44 + (i % 6), { price: 1_000 + i });
        written++;
      }
    })();
    keepBuying.catch(() => {});
    while (written === 0) await new Promise((resolve) => setImmediate(resolve));
    const result = await t.services.backups.run('command');
    writing = false;
    await keepBuying;
    const archive = path.join(backupDir, result.archive);
    expect(result.manifest.engine).toBe(t.database.engine);
    expect(result.manifest.media.objects).toBeGreaterThan(photos.length);

    // Restored into a new directory (or an empty PostgreSQL database), then a second shop is started on it.
    const target = scratch('restored');
    const empty = pgBase ? await emptyDatabase() : null;
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    let restored: Database | undefined;
    try {
      const report = await restoreArchive(archive, {
        dataDir: target,
        databaseUrl: empty?.url,
        storage: localStorage(path.join(target, 'media')),
        mediaDir: path.join(target, 'media'),
      });
      expect(report.counts).toEqual(result.manifest.counts);
      expect(report.media.restored).toBe(result.manifest.media.objects);
      restored = await openDatabase(empty ? { databaseUrl: empty.url } : { dataDir: target });
      second = await buildApp({ config: { ...t.config, dataDir: target, mediaDir: path.join(target, 'media') }, database: restored });
      await second.app.ready();

      // Every order made before the backup, with its ledger rows, is there as it was.
      const kept = await restored.db.select().from(orders).where(lte(orders.id, before)).orderBy(asc(orders.id));
      expect(kept).toEqual(await t.database.db.select().from(orders).where(lte(orders.id, before)).orderBy(asc(orders.id)));
      const ids = kept.map((o) => o.id);
      for (const table of [charges, refunds] as const)
        expect(await restored.db.select().from(table).where(inArray(table.orderId, ids)).orderBy(asc(table.id))).toEqual(
          await t.database.db.select().from(table).where(inArray(table.orderId, ids)).orderBy(asc(table.id)),
        );
      // The writer's orders are there as of one moment: each paid one with its charge and its invoice.
      const caught = await restored.db.select().from(orders).where(inArray(orders.userId, writers));
      expect(caught.length).toBeGreaterThan(0);
      for (const order of caught.filter((o) => o.status !== 'pending')) {
        expect(await restored.db.select().from(charges).where(eq(charges.orderId, order.id))).not.toHaveLength(0);
        expect(await restored.db.select().from(invoices).where(eq(invoices.orderId, order.id))).not.toHaveLength(0);
      }
      // Document series run on without a gap, number for number as in the shop.
      const documents = await restored.db.select().from(invoices).orderBy(asc(invoices.kind), asc(invoices.financialYear), asc(invoices.seq));
      const bySeries = new Map<string, number[]>();
      for (const d of documents) bySeries.set(`${d.kind} ${d.financialYear}`, [...(bySeries.get(`${d.kind} ${d.financialYear}`) ?? []), d.seq]);
      expect(bySeries.size).toBeGreaterThan(0);
      for (const seqs of bySeries.values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      const source = new Map((await t.database.db.select().from(invoices)).map((d) => [d.id, d]));
      for (const d of documents) expect(d).toEqual(source.get(d.id));

      // The second shop serves the same orders to the same buyer, and the same pictures, byte for byte.
      for (const order of [shipped.row, madeToOrder.row, cancelled.row]) {
        const ask = (app: typeof t.app) =>
          app.inject({ method: 'GET', url: `/api/orders/${order.id}/`, headers: { authorization: `Bearer ${buyer.token}` } });
        const [there, here] = [await ask(t.app), await ask(second.app)];
        expect(here.statusCode, here.body).toBe(200);
        expect(here.json()).toEqual(there.json());
      }
      for (const key of photos) {
        const [there, here] = [await t.app.inject(`/media/${key}`), await second.app.inject(`/media/${key}`)];
        expect(here.statusCode).toBe(200);
        expect(sha(here.rawPayload)).toBe(sha(there.rawPayload));
      }
    } finally {
      await second?.app.close();
      await restored?.close();
      await empty?.drop();
    }
  }, 120_000);

  it('a corrupted archive, a newer shop’s archive and a target that holds a shop are refused with a sentence, and nothing is restored', async () => {
    const target = scratch('refused');
    const empty = pgBase ? await emptyDatabase() : null;
    const into = {
      dataDir: target,
      databaseUrl: empty?.url,
      storage: localStorage(path.join(target, 'media')),
      mediaDir: path.join(target, 'media'),
    };
    // Its own archive of the shop as it is (the test's shop, with its template's catalogue).
    const archive = path.join(backupDir, (await t.services.backups.run('command')).archive);
    const { archive: read, manifest } = await checkArchive(archive);

    // One byte changed in the middle of the database.
    const damaged = path.join(scratch('damaged'), 'damaged.tar');
    copyFileSync(archive, damaged);
    const database = read.entries.find((e) => e.name.startsWith('database/'))!;
    const fd = openSync(damaged, 'r+');
    const at = database.offset + Math.floor(database.size / 2);
    const original = readFileSync(archive).subarray(at, at + 1);
    writeSync(fd, Buffer.from([original[0]! ^ 0xff]), 0, 1, at);
    closeSync(fd);
    const refused = await restoreArchive(damaged, into).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ArchiveDamagedError);
    expect((refused as Error).message).toContain(`(${database.name} does not match its checksum); nothing was restored`);
    // Cut short.
    const cut = path.join(scratch('cut'), 'cut.tar');
    writeFileSync(cut, readFileSync(archive).subarray(0, 512 * 3 + 100));
    await expect(restoreArchive(cut, into)).rejects.toThrow(ArchiveDamagedError);

    // The same archive, as a later version of the shop (a migration this one does not know) would write it.
    const newer = path.join(scratch('newer'), 'newer.tar');
    const out = await createArchive(newer);
    const files = [];
    for (const entry of read.entries.filter((e) => e.name !== 'manifest.json'))
      files.push(await out.addStream(entry.name, entry.size, read.stream(entry)));
    const later = {
      ...manifest,
      shop: { ...manifest.shop, version: '9.0.0' },
      migrations: { ...manifest.migrations, last: Date.now() + 86_400_000 },
      files,
    };
    await out.addBuffer('manifest.json', Buffer.from(JSON.stringify(later)));
    await out.close();
    const tooNew = await restoreArchive(newer, into).catch((err: unknown) => err);
    expect(tooNew).toBeInstanceOf(RestoreRefusedError);
    expect((tooNew as Error).message).toContain('This archive was made by a newer version of the shop (9.0.0');
    expect(readdirSync(target)).toEqual([]);

    // A target that already holds a shop.
    if (!pgBase) {
      const busy = scratch('busy');
      const first = await openDatabase({ dataDir: busy });
      await first.close();
      await expect(restoreArchive(archive, { ...into, dataDir: busy })).rejects.toThrow(`${busy} already holds a shop's database`);
    } else {
      await expect(restoreArchive(archive, { ...into, databaseUrl: t.database.connectionString })).rejects.toThrow(
        'The database DATABASE_URL names already holds tables',
      );
    }
    expect((await readArchive(archive)).entries.length).toBe(manifest.files.length + 1);
    await empty?.drop();
  }, 180_000);

  it('npm run backup asks a running PGlite shop for the archive (only it may open its data), and on PostgreSQL makes it beside the shop', async () => {
    const dataDir = scratch('running');
    const into = scratch('command-backups');
    let stop = async () => {};
    if (!pgBase) {
      // This process stands for the running shop: it holds the data directory's lock and answers on its socket.
      writeFileSync(path.join(dataDir, 'shop.lock'), String(process.pid));
      stop = await serveBackupRequests(backupSocketOf(dataDir), () => t.services.backups.run('command'));
    }
    // The archives there before the command: the one it writes is the one that was not (another test's may be newer).
    const archivesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []).filter((n) => /^teakwood-\d{8}-\d{6}\.tar$/.test(n));
    const before = new Set(archivesIn(pgBase ? into : backupDir));
    try {
      const env: Record<string, string | undefined> = {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        BACKUP_DIR: into,
        JWT_SECRET: t.config.jwtSecret,
      };
      delete env.DATABASE_URL;
      if (pgBase) env.DATABASE_URL = t.database.connectionString;
      // Asynchronously: this process answers the command's request meanwhile.
      const { stdout: out } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'cli.ts'), 'backup'], {
        env,
        encoding: 'utf8',
      });
      const written = archivesIn(pgBase ? into : backupDir).filter((n) => !before.has(n));
      expect(written).toHaveLength(1);
      expect(out).toMatch(
        pgBase ? /^Wrote .*teakwood-\d{8}-\d{6}\.tar \([\d.]+ MB\): \d+ orders, \d+ GST documents, \d+ customers/ : /^The running shop wrote /,
      );
      const { manifest } = await checkArchive(path.join(pgBase ? into : backupDir, written[0]!));
      expect(manifest.engine).toBe(t.database.engine);
    } finally {
      await stop();
    }
  }, 180_000);

  it('the nightly job at its hour keeps the newest of 7 days and of 4 weeks; a failed night e-mails SHOP_EMAIL and the overview keeps the last good backup', async () => {
    // The folder holds only this test's files: the archives other tests made (dated by the clock) would take part in retention.
    rmSync(backupDir, { recursive: true, force: true });
    mkdirSync(backupDir);
    // Forty nights of archives already there (their content does not matter to retention), then tonight's.
    const night = (day: number) => new Date(Date.UTC(2026, 9, 20 + day, 21, 0, 0));
    for (let day = 0; day < 40; day++)
      writeFileSync(path.join(backupDir, `teakwood-${night(day).toISOString().slice(0, 10).replaceAll('-', '')}-210000.tar`), '');
    writeFileSync(path.join(backupDir, 'notes.txt'), 'the owner’s own file');
    const tonight = new Date('2026-11-29T21:00:00Z');
    await t.services.backups.nightly(tonight);
    const left = readdirSync(backupDir)
      .filter((n) => n.startsWith('teakwood-2026'))
      .sort();
    // Sunday 29 November: the last seven days, and the Sundays of the three weeks before (Monday to Sunday weeks).
    expect(left).toEqual(
      ['20261108', '20261115', '20261122', '20261123', '20261124', '20261125', '20261126', '20261127', '20261128', '20261129'].map(
        (d) => `teakwood-${d}-210000.tar`,
      ),
    );
    expect(readdirSync(backupDir)).toContain('notes.txt');
    const good = await t.services.backups.lastGood();
    expect(good).toMatchObject({ archive: 'teakwood-20261129-210000.tar', location: backupDir });

    // The next night the folder cannot be written: the owner is told by e-mail, the overview still shows the good one.
    rmSync(backupDir, { recursive: true, force: true });
    writeFileSync(backupDir, 'not a folder');
    try {
      await expect(t.services.backups.nightly(new Date('2026-11-30T21:00:00Z'))).rejects.toThrow();
    } finally {
      rmSync(backupDir, { force: true });
      mkdirSync(backupDir);
    }
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'studio@example.in'), like(emailOutbox.subject, '%backup of the shop failed%')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('npm run backup');
    expect(await t.services.backups.lastGood()).toEqual(good);
    // A whole archive is made tonight: on a busy machine that takes longer than a test's default 30 s.
  }, 180_000);
});
