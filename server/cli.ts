import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import dotenv from 'dotenv';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { dataDirHolder, openDatabase } from './db/client';
import { users } from './db/schema';
import { seedDemoShop } from './db/seed';
import { prepareShop } from './db/startup';
import { createStorage } from './lib/storage';
import { hashPassword } from './lib/passwords';
import {
  askRunningShop,
  backupSocketOf,
  bucketArchiveOf,
  createBackupService,
  downloadArchive,
  restoreArchive,
} from './modules/backup/backup.service';

dotenv.config({ quiet: true });

const USAGE = `Usage:
  npm run db:migrate
  npm run db:seed                 (fills an empty catalogue with the demo shop)
  npm run db:reset                (drops every table, migrates and seeds again: development only)
  npm run create-superuser -- --email <e-mail> --username <name> [--password <password>]
  npm run backup                  (one archive of the whole shop into BACKUP_DIR or BACKUP_S3_BUCKET)
  npm run restore -- <archive>    (into an empty DATA_DIR, or the empty database DATABASE_URL names;
                                   an archive in a bucket is named s3://<bucket>/backups/<name>.tar)`;

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const countsLine = (c: { orders: number; documents: number; customers: number }) =>
  `${c.orders} orders, ${c.documents} GST documents, ${c.customers} customers`;

/** `npm run backup`: a running PGlite shop is asked (it alone may open its data); otherwise the command makes it. */
async function backup(config: ReturnType<typeof loadConfig>): Promise<number> {
  if (!config.databaseUrl && dataDirHolder(config.dataDir) !== null) {
    const answer = await askRunningShop(backupSocketOf(config.dataDir));
    if (!answer.ok) {
      console.error(`The backup failed: ${answer.error}`);
      return 1;
    }
    console.log(
      `The running shop wrote ${answer.location.replace(/\/?$/, '/')}${answer.archive} (${megabytes(answer.sizeBytes)}): ${countsLine(answer.counts)}.`,
    );
    if (answer.deleted.length) console.log(`Older archives removed by retention: ${answer.deleted.join(', ')}.`);
    return 0;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if ((await database.pendingMigrations()) > 0) {
      console.error('The database is not up to date with this version of the shop: start the shop once (or run npm run db:migrate), then back up.');
      return 1;
    }
    const service = createBackupService({
      database,
      storage: createStorage(config),
      mediaDir: config.mediaDir,
      settings: config.backup,
    });
    const result = await service.run('command');
    console.log(
      `Wrote ${result.location.replace(/\/?$/, '/')}${result.archive} (${megabytes(result.sizeBytes)}): ${countsLine(result.manifest.counts)}, ${result.manifest.media.objects} images.`,
    );
    if (result.deleted.length) console.log(`Older archives removed by retention: ${result.deleted.join(', ')}.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function restore(config: ReturnType<typeof loadConfig>, file: string | undefined): Promise<number> {
  if (!file) {
    console.error(USAGE);
    return 1;
  }
  if (!config.databaseUrl && dataDirHolder(config.dataDir) !== null) {
    console.error(`A shop is running on ${config.dataDir}: a restore goes into a new, empty DATA_DIR, with no shop running on it.`);
    return 1;
  }
  // An archive kept in a bucket is copied here first, then checked and restored as any other.
  const inBucket = bucketArchiveOf(file);
  let local = path.resolve(file);
  let remove = async () => {};
  if (inBucket) {
    const credentials = config.backup.s3 ?? config.media.s3;
    if (!credentials) {
      console.error(
        `To restore ${file}, set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a store other than AWS) to a key that may read that bucket.`,
      );
      return 1;
    }
    ({ file: local, remove } = await downloadArchive({ ...credentials, bucket: inBucket.bucket, prefix: '' }, inBucket.key));
  }
  let report;
  try {
    report = await restoreArchive(local, {
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      storage: createStorage(config),
      mediaDir: config.mediaDir,
    });
  } catch (err) {
    // Its sentences name the archive as the owner named it, not the temporary copy.
    if (inBucket && err instanceof Error) err.message = err.message.replaceAll(local, file);
    throw err;
  } finally {
    await remove();
  }
  console.log(
    `Checked ${file}: made ${report.manifest.createdAt} by ${report.manifest.shop.name} ${report.manifest.shop.version}, every checksum matches.`,
  );
  console.log(`Restored ${countsLine(report.counts)}; ${report.media.restored} images.`);
  if (report.manifest.media.storage === 's3')
    console.log(
      report.media.missing.length
        ? `${report.media.missing.length} of the ${report.manifest.media.objects} images the archive lists are not in the bucket, such as ${report.media.missing.slice(0, 3).join(', ')}.`
        : `All ${report.manifest.media.objects} images the archive lists are in the bucket.`,
    );
  console.log('Start the shop on it (npm start) to serve the restored orders.');
  return report.media.missing.length ? 1 : 0;
}

async function askPassword(): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question('Password for the new superuser: ');
  } finally {
    rl.close();
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') return backup(config);
  if (command === 'restore') return restore(config, rest[0]);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    switch (command) {
      case 'migrate':
        await database.migrate();
        console.log('Migrations applied.');
        return 0;
      case 'seed': {
        // DEMO_PICTURES=when-asked: the rows name the pictures, and the shop draws each when first asked for.
        const whenAsked = config.demoPictures === 'when-asked' && !config.media.s3;
        const { seeded } = await prepareShop(database, createStorage(config), {
          seed: true,
          developmentUsers: false,
          log: console.log,
          drawLater: whenAsked,
          drawAhead: false,
        });
        console.log(seeded ? 'Demo shop seeded.' : 'The catalogue already has data: nothing seeded.');
        return 0;
      }
      case 'reset': {
        if (config.isProduction) {
          console.error('db:reset is refused in production.');
          return 1;
        }
        await database.db.execute(sql`drop schema if exists public cascade`);
        await database.db.execute(sql`drop schema if exists drizzle cascade`);
        // Background jobs refer to rows of the old data (outbox ids): they go with it.
        await database.db.execute(sql`drop schema if exists pgboss cascade`);
        await database.db.execute(sql`create schema public`);
        await database.migrate();
        await seedDemoShop(database.db, createStorage(config), console.log, { drawLater: config.demoPictures === 'when-asked' && !config.media.s3 });
        console.log('Database reset and seeded.');
        return 0;
      }
      case 'create-superuser': {
        const { values } = parseArgs({
          args: rest,
          options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' } },
        });
        if (!values.email || !values.username) {
          console.error(USAGE);
          return 1;
        }
        const password = values.password ?? (await askPassword());
        if (password.length < 8) {
          console.error('The password must be at least 8 characters.');
          return 1;
        }
        await database.migrate();
        const [existing] = await database.db
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.email})`, values.email.toLowerCase()));
        if (existing) {
          await database.db
            .update(users)
            .set({ isSuperuser: true, isActive: true, passwordHash: await hashPassword(password), updatedAt: new Date() })
            .where(eq(users.id, existing.id));
          console.log(`${values.email} already had an account: it is now a superuser with the given password.`);
        } else {
          await database.db.insert(users).values({
            email: values.email,
            username: values.username,
            passwordHash: await hashPassword(password),
            isSuperuser: true,
          });
          console.log(`Superuser ${values.email} created.`);
        }
        return 0;
      }
      default:
        console.error(USAGE);
        return 1;
    }
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
    process.exit(1);
  });
