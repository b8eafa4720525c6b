import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import { privateMediaDir } from '../support/media';
import { ROOT } from '../support/paths';
import { databaseUrlFor } from '../support/pg-template';

const templateUrl = inject('pgTemplateUrl');

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Runs the shop's start-up preparation (migrations, site images, demo shop) in a process of its own. */
function prepareInProcess(databaseUrl: string, dataDir: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'seed'], {
      cwd: ROOT,
      // The pictures are not what this story is about: the seed names them and draws none (DEMO_PICTURES).
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_PICTURES: 'when-asked' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!templateUrl)('several processes starting together (PostgreSQL)', () => {
  it('two processes starting at once on an empty database both come up, and each migration is applied once', async () => {
    const name = `shop_mig_${randomBytes(4).toString('hex')}`;
    const maintenance = databaseUrlFor(templateUrl, 'postgres');
    await query(maintenance, `CREATE DATABASE ${name}`);
    const url = databaseUrlFor(templateUrl, name);
    const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'teak-start-')));
    for (const dir of dirs) privateMediaDir(path.join(dir, 'media'));
    try {
      const [a, b] = await Promise.all(dirs.map((dir) => prepareInProcess(url, dir)));
      expect(a!.code, a!.output).toBe(0);
      expect(b!.code, b!.output).toBe(0);
      // One of them seeded the demo shop, the other found it there.
      expect([a!.output, b!.output].filter((o) => o.includes('Demo shop seeded.'))).toHaveLength(1);

      const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
      const recorded = await query<{ hash: string; n: number }>(
        url,
        'SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash',
      );
      expect(recorded).toHaveLength(files.length);
      expect(recorded.every((r) => r.n === 1)).toBe(true);
      const [shop] = await query<{ n: number }>(url, 'SELECT count(*)::int AS n FROM categories');
      const [template] = await query<{ n: number }>(templateUrl, 'SELECT count(*)::int AS n FROM categories');
      expect(shop!.n).toBe(template!.n);
    } finally {
      await query(maintenance, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
