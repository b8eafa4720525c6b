import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import dotenv from 'dotenv';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { seedDemoShop } from './db/seed';
import { prepareShop } from './db/startup';
import { createStorage } from './lib/storage';
import { hashPassword } from './lib/passwords';

dotenv.config({ quiet: true });

const USAGE = `Usage:
  npm run db:migrate
  npm run db:seed                 (fills an empty catalogue with the demo shop)
  npm run db:reset                (drops every table, migrates and seeds again: development only)
  npm run create-superuser -- --email <e-mail> --username <name> [--password <password>]`;

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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    switch (command) {
      case 'migrate':
        await database.migrate();
        console.log('Migrations applied.');
        return 0;
      case 'seed': {
        const { seeded } = await prepareShop(database, createStorage(config), { seed: true, developmentUsers: false, log: console.log });
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
        await seedDemoShop(database.db, createStorage(config), console.log);
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
