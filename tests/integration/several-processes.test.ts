import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Category, Product } from '../../contract/catalog';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/passwords';
import { FAKE_S3_ACCESS_KEY, FAKE_S3_SECRET_KEY, startFakeS3, type FakeS3 } from '../support/fake-s3';
import { ROOT, TEST_JWT_SECRET } from '../support/paths';
import { clonePgTemplate } from '../support/pg-template';
import { freePort, startShop, type ShopProcess } from '../support/server-process';

const templateUrl = inject('pgTemplateUrl');
const built = existsSync(path.join(ROOT, 'build', 'server', 'index.js'));
const BUCKET = 'teak-shared';
const OWNER = { email: 'owner@teak.example.in', password: 'Teak#Owner2026' };

/** The round-robin proxy of scripts/, in front of the given processes. */
async function startProxy(targets: string[]): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/round-robin-proxy.mjs', String(port), ...targets], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`The proxy exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.skipIf(!templateUrl || !built)('two shop processes behind a round-robin proxy, on one PostgreSQL and one bucket', () => {
  let s3: FakeS3;
  let clone: Awaited<ReturnType<typeof clonePgTemplate>>;
  let a: ShopProcess;
  let b: ShopProcess;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  beforeAll(async () => {
    s3 = await startFakeS3();
    clone = await clonePgTemplate(templateUrl);
    const database = await openDatabase({ databaseUrl: clone.url });
    await database.db
      .insert(users)
      .values({ username: 'owner', email: OWNER.email, passwordHash: await hashPassword(OWNER.password), isSuperuser: true });
    await database.close();
    const env = {
      DATABASE_URL: clone.url,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED: 'false',
      MEDIA_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: FAKE_S3_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: FAKE_S3_SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    };
    // Started together: one prepares the database and the bucket, the other waits for it.
    [a, b] = await Promise.all([startShop({ env }), startShop({ env })]);
    proxy = await startProxy([a.baseUrl, b.baseUrl]);
  }, 240_000);

  afterAll(async () => {
    await proxy?.stop();
    await a?.stop();
    await b?.stop();
    await clone?.drop();
    await s3?.close();
  });

  const logIn = async (baseUrl: string) => {
    const res = await fetch(`${baseUrl}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    expect(res.status).toBe(200);
    return { authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
  };

  it('both processes are ready, and the storefront images live in the bucket once', async () => {
    for (const p of [a, b]) expect((await fetch(`${p.baseUrl}/api/ready`)).status).toBe(200);
    const site = s3.keys(BUCKET).filter((k) => k.startsWith('site/') && k.endsWith('.jpg'));
    expect(site.length).toBeGreaterThan(0);
    expect(s3.requests.filter((r) => r.split('?')[0] === `PUT /${BUCKET}/${site[0]}`)).toHaveLength(1);
  });

  it('a price the owner changes through one process is served by the other at once', async () => {
    const list = (await (await fetch(`${b.baseUrl}/api/products/?limit=5`)).json()) as Product[];
    const slug = list[0]!.slug;
    // Process B has the product in its read cache.
    expect(((await (await fetch(`${b.baseUrl}/api/products/${slug}/`)).json()) as Product).price).not.toBe(12345);
    const auth = await logIn(a.baseUrl);
    const changed = await fetch(`${a.baseUrl}/api/products/${slug}/`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ price: 12345 }),
    });
    expect(changed.status).toBe(200);
    await expect
      .poll(async () => ((await (await fetch(`${b.baseUrl}/api/products/${slug}/`)).json()) as Product).price, { timeout: 5000 })
      .toBe(12345);
  });

  it('an image uploaded through one process is served by the other', async () => {
    const auth = await logIn(a.baseUrl);
    const body = new FormData();
    body.append('name', 'Shared Shelves');
    const bytes = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#7a4b2a' } })
      .jpeg()
      .toBuffer();
    body.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'shelves.jpg');
    const created = await fetch(`${a.baseUrl}/api/categories/`, { method: 'POST', headers: auth, body });
    expect(created.status).toBe(201);
    const image = ((await created.json()) as Category).image!;
    const served = await fetch(`${b.baseUrl}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(s3.buckets.get(BUCKET)!.get(image.replace('/media/', ''))!.body)).toBe(true);
  });

  it('the log-in limit holds across both processes behind the proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await fetch(`${proxy.baseUrl}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: OWNER.email, password: `Wrong#Guess${i}` }),
      });
      statuses.push(res.status);
    }
    // Ten wrong passwords for one account from one address, wherever they land; the eleventh is refused.
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });
});
