import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, lte } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { orders } from '../../server/db/schema';
import { s3Storage } from '../../server/lib/storage/s3';
import { checkArchive, createBackupService } from '../../server/modules/backup/backup.service';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ROOT } from '../support/paths';
import { databaseUrlFor } from '../support/pg-template';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3Server, type S3Server } from '../support/s3-server';
import { afterSaleKit } from './after-sale-helpers';
import { newBuyer, superuserToken } from './checkout-helpers';

const MEDIA = 'teak-media';
const BACKUPS = 'teak-backups';
/** Images under a prefix of the media bucket, as a shared bucket would keep them. */
const PREFIX = 'shop/';
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pgBase = inject('pgTemplateUrl');

/** An empty PostgreSQL database beside the test's own, for a restore (PostgreSQL runs only). */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_restore_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: databaseUrlFor(pgBase, 'postgres') });
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

/** A photo of its own bytes, uploaded as a buyer uploads her profile picture; its key in the media store. */
async function uploadPhoto(t: TestApp, token: string): Promise<string> {
  const photo = await sharp(randomBytes(40 * 40 * 3), { raw: { width: 40, height: 40, channels: 3 } })
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

/**
 * Backups of a shop whose images live in an S3 bucket, written to BACKUP_S3_BUCKET (issue 45, decision 0051): the
 * archive lists the bucket's objects with their checksums, is kept by the 7 daily / 4 weekly rule in the bucket,
 * and `npm run restore` takes it from the bucket, refusing a damaged one. PGlite, and PostgreSQL by test:pg.
 */
describe('backups with S3: images listed with their checksums, archives kept in a bucket and restored from it', () => {
  let s3: S3Server;
  let fake: FakeRazorpay;
  let t: TestApp;
  let env: Record<string, string>;
  const dirs: string[] = [];
  const scratch = (name: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `teak-s3-${name}-`));
    dirs.push(dir);
    return dir;
  };
  /** The archive the first test writes (its key in the backups bucket). */
  let archiveKey: string;

  /** `npm run restore -- <archive>` into `dataDir` (or an empty PostgreSQL database): its exit code and output. */
  async function restoreCommand(archive: string, dataDir: string, databaseUrl?: string) {
    const childEnv: Record<string, string | undefined> = {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: t.config.jwtSecret,
    };
    delete childEnv.DATABASE_URL;
    if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'server', 'cli.ts'), 'restore', archive],
        {
          env: childEnv,
          encoding: 'utf8',
        },
      );
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }

  beforeAll(async () => {
    s3 = await startS3Server([MEDIA, BACKUPS]);
    fake = await startFakeRazorpay();
    env = {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: MEDIA,
      S3_PREFIX: PREFIX,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: S3_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: S3_SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      BACKUP_S3_BUCKET: BACKUPS,
    };
    t = await createTestApp({ ...fake.env, ...env, SHOP_EMAIL: 'studio@example.in', BACKUP_DIR: path.join(scratch('unused'), 'backups') });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await s3?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('the archive lands in BACKUP_S3_BUCKET listing every image with its checksum; restored from the bucket, a second shop serves the same orders and pictures', async () => {
    const ownerToken = await superuserToken(t);
    const kit = afterSaleKit(t, fake, ownerToken);
    const buyer = await newBuyer(t, 'Nila');
    const order = await kit.paidOrder(buyer, 40, { price: 21_500 });
    await kit.moveTo(order.row.id, ['ready_to_dispatch', 'shipped']);
    const photos = [await uploadPhoto(t, buyer.token), await uploadPhoto(t, (await newBuyer(t, 'Ravi')).token)];
    const before = Math.max(...(await t.database.db.select({ id: orders.id }).from(orders)).map((o) => o.id));

    const result = await t.services.backups.run('command');
    expect(result.location).toBe(`s3://${BACKUPS}/backups/`);
    archiveKey = `backups/${result.archive}`;
    // In the bucket, whole, and nothing left on this machine's disk.
    expect(await s3.keys(BACKUPS)).toEqual([archiveKey]);
    expect(readdirSync(path.dirname(t.config.backup.dir))).toEqual([]);
    const bytes = (await s3.object(BACKUPS, archiveKey))!;
    expect(bytes.length).toBe(result.sizeBytes);

    // The media are the bucket's: the archive lists every object with its size and SHA-256, and holds none.
    const local = path.join(scratch('download'), result.archive);
    writeFileSync(local, bytes);
    const { archive, manifest } = await checkArchive(local);
    expect(manifest.media.storage).toBe('s3');
    expect(archive.entries.filter((e) => e.name.startsWith('media/'))).toEqual([]);
    const list = JSON.parse((await archive.bytes(archive.entries.find((e) => e.name === 'media-objects.json')!)).toString('utf8')) as {
      key: string;
      size: number;
      sha256: string;
    }[];
    const inBucket = (await s3.keys(MEDIA, PREFIX)).map((k) => k.slice(PREFIX.length));
    expect(list.map((o) => o.key).sort()).toEqual(inBucket);
    expect(manifest.media.objects).toBe(inBucket.length);
    for (const key of photos) expect(inBucket).toContain(key);
    for (const object of list) {
      const stored = (await s3.object(MEDIA, `${PREFIX}${object.key}`))!;
      expect({ key: object.key, size: stored.length, sha256: sha(stored) }).toEqual(object);
    }

    // `npm run restore -- s3://…` copies it from the bucket, checks it, restores it and finds every image listed.
    const target = scratch('restored');
    const empty = pgBase ? await emptyDatabase() : null;
    let second: Awaited<ReturnType<typeof buildApp>> | undefined;
    let restored: Database | undefined;
    try {
      const restoredRun = await restoreCommand(`s3://${BACKUPS}/${archiveKey}`, target, empty?.url);
      expect(restoredRun.code, restoredRun.stderr).toBe(0);
      expect(restoredRun.stdout).toContain(`Checked s3://${BACKUPS}/${archiveKey}:`);
      expect(restoredRun.stdout).toContain(
        `Restored ${manifest.counts.orders} orders, ${manifest.counts.documents} GST documents, ${manifest.counts.customers} customers`,
      );
      expect(restoredRun.stdout).toContain(`All ${inBucket.length} images the archive lists are in the bucket.`);
      // Nothing of the copy is left in the temporary folder's place.
      expect(restoredRun.stdout).not.toContain(tmpdir());

      restored = await openDatabase(empty ? { databaseUrl: empty.url } : { dataDir: target });
      second = await buildApp({ config: { ...t.config, dataDir: target, mediaDir: path.join(target, 'media') }, database: restored });
      await second.app.ready();
      expect(await restored.db.select().from(orders).where(lte(orders.id, before)).orderBy(asc(orders.id))).toEqual(
        await t.database.db.select().from(orders).where(lte(orders.id, before)).orderBy(asc(orders.id)),
      );
      const ask = (app: typeof t.app) =>
        app.inject({ method: 'GET', url: `/api/orders/${order.row.id}/`, headers: { authorization: `Bearer ${buyer.token}` } });
      const [there, here] = [await ask(t.app), await ask(second.app)];
      expect(here.statusCode, here.body).toBe(200);
      expect(here.json()).toEqual(there.json());
      for (const key of photos) {
        const [a, b] = [await t.app.inject(`/media/${key}`), await second.app.inject(`/media/${key}`)];
        expect(b.statusCode).toBe(200);
        expect(sha(b.rawPayload)).toBe(sha(a.rawPayload));
      }
    } finally {
      await second?.app.close();
      await restored?.close();
      await empty?.drop();
    }

    // An image the bucket lost since is named by the restore, which then ends with an error code.
    const lost = photos[0]!;
    await s3Storage({ ...t.config.media.s3!, prefix: PREFIX }).delete([lost]);
    const again = scratch('lost');
    const emptyAgain = pgBase ? await emptyDatabase() : null;
    try {
      const run = await restoreCommand(`s3://${BACKUPS}/${archiveKey}`, again, emptyAgain?.url);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(`1 of the ${inBucket.length} images the archive lists are not in the bucket, such as ${lost}.`);
    } finally {
      await emptyAgain?.drop();
    }
  }, 180_000);

  it('a damaged archive in the bucket, or one it does not have, is refused with a sentence and nothing is restored', async () => {
    const bytes = (await s3.object(BACKUPS, archiveKey))!;
    const { archive } = await checkArchive(
      path.join(
        dirs.find((d) => d.includes('teak-s3-download-'))!,
        path.basename(archiveKey),
      ),
    );
    const database = archive.entries.find((e) => e.name.startsWith('database/'))!;
    const damaged = Buffer.from(bytes);
    const at = database.offset + Math.floor(database.size / 2);
    damaged[at] = damaged[at]! ^ 0xff;
    const damagedKey = 'backups/teakwood-20261101-210000.tar';
    await s3Storage({ ...t.config.backup.s3!, prefix: '' }).put(damagedKey, damaged, 'application/x-tar');

    const target = scratch('damaged');
    const empty = pgBase ? await emptyDatabase() : null;
    try {
      const refused = await restoreCommand(`s3://${BACKUPS}/${damagedKey}`, target, empty?.url);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `The archive s3://${BACKUPS}/${damagedKey} is damaged (${database.name} does not match its checksum); nothing was restored.`,
      );
      const missing = await restoreCommand(`s3://${BACKUPS}/backups/teakwood-20200101-000000.tar`, target, empty?.url);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`The bucket ${BACKUPS} has no archive backups/teakwood-20200101-000000.tar`);
      expect(readdirSync(target)).toEqual([]);
      if (empty) {
        const probe = await openDatabase({ databaseUrl: empty.url });
        try {
          const { rows } = await probe.executeSql(
            `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND $1::int = 0`,
            [0],
          );
          expect(Number(rows[0]!.n)).toBe(0);
        } finally {
          await probe.close();
        }
      }
    } finally {
      await empty?.drop();
    }
  }, 180_000);

  it('the nightly job writes to the bucket and keeps the newest of 7 days and of 4 weeks there, leaving other keys alone', async () => {
    const bucket = s3Storage({ ...t.config.backup.s3!, prefix: '' });
    for (const key of await s3.keys(BACKUPS)) await bucket.delete([key]);
    const night = (day: number) => new Date(Date.UTC(2026, 9, 20 + day, 21, 0, 0));
    for (let day = 0; day < 40; day++)
      await bucket.put(
        `backups/teakwood-${night(day).toISOString().slice(0, 10).replaceAll('-', '')}-210000.tar`,
        Buffer.alloc(0),
        'application/x-tar',
      );
    await bucket.put('backups/notes.txt', Buffer.from('the owner’s own file'), 'text/plain');
    const tonight = new Date('2026-11-29T21:00:00Z');
    await t.services.backups.nightly(tonight);
    // Sunday 29 November: the last seven days, and the Sundays of the three weeks before (Monday to Sunday weeks).
    expect(await s3.keys(BACKUPS, 'backups/')).toEqual([
      'backups/notes.txt',
      ...['20261108', '20261115', '20261122', '20261123', '20261124', '20261125', '20261126', '20261127', '20261128', '20261129'].map(
        (d) => `backups/teakwood-${d}-210000.tar`,
      ),
    ]);
    // Tonight's is a whole archive; the overview shows it.
    const local = path.join(scratch('tonight'), 'tonight.tar');
    writeFileSync(local, (await s3.object(BACKUPS, 'backups/teakwood-20261129-210000.tar'))!);
    expect((await checkArchive(local)).manifest.media.storage).toBe('s3');
    expect(await t.services.backups.lastGood()).toMatchObject({ archive: 'teakwood-20261129-210000.tar', location: `s3://${BACKUPS}/backups/` });
  }, 180_000);
  it('with the archives in the images’ own bucket, an archive lists the images, not the archives made before it', async () => {
    // One bucket for both, with no prefix: the archives sit under backups/, beside the images' folders.
    const same = { ...t.config.media.s3!, prefix: '' };
    const service = createBackupService({
      database: t.database,
      storage: s3Storage(same),
      mediaDir: t.config.mediaDir,
      settings: { dir: t.config.backup.dir, s3: same, keepDaily: 7, keepWeekly: 4 },
    });
    const first = await service.run('command', new Date('2026-11-27T21:00:00Z'));
    const second = await service.run('command', new Date('2026-11-28T21:00:00Z'));
    expect(await s3.keys(MEDIA, 'backups/')).toEqual([`backups/${first.archive}`, `backups/${second.archive}`]);
    const local = path.join(scratch('same-bucket'), second.archive);
    writeFileSync(local, (await s3.object(MEDIA, `backups/${second.archive}`))!);
    const { archive } = await checkArchive(local);
    const list = JSON.parse((await archive.bytes(archive.entries.find((e) => e.name === 'media-objects.json')!)).toString('utf8')) as {
      key: string;
    }[];
    expect(list.filter((o) => o.key.startsWith('backups/'))).toEqual([]);
    expect(second.manifest.media.objects).toBe(first.manifest.media.objects);
  }, 180_000);
});
