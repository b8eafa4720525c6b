import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths';
import { compiledServer, freePort, startShop } from '../support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the shop owner runs the server', () => {
  // As `npm start` runs it: the server compiled by the build, on plain Node.
  it('keeps all data across a Ctrl-C and a restart, and refuses a second server on the same data', async () => {
    const first = await startShop({ dataDir, compiled: true });
    expect(first.output()).toMatch(/admin@teakwood\.local \/ Teak#Admin2026/);
    const before = (await (await fetch(`${first.baseUrl}/api/categories/`)).json()) as { slug: string }[];
    expect(before).toHaveLength(12);

    // A second process on the same data directory stops at once with a clear message.
    const port = await freePort();
    const second = spawnSync(process.execPath, [compiledServer()], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/is in use by another running shop process \(pid \d+\)/);

    // Ctrl-C alone: wait for the server to end by itself before `stop()`, which would send SIGTERM too.
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    first.child.kill('SIGINT');
    expect(await exited).toBe(0);
    await first.stop();
    expect(first.output()).toMatch(/SIGINT received/);

    const again = await startShop({ dataDir, compiled: true });
    try {
      expect(again.output()).not.toMatch(/Seeded the demo shop/);
      const after = (await (await fetch(`${again.baseUrl}/api/categories/`)).json()) as { slug: string }[];
      expect(after).toEqual(before);
    } finally {
      await again.stop();
    }
    // Three starts of the real server, the first migrating and seeding a new data directory.
  }, 180_000);
});
