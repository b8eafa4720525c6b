import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import * as schema from '../../server/db/schema';
import { ensureDevelopmentUsers } from '../../server/db/seed';
import { openTestDatabase, type TestApp } from '../support/app';
import { MEDIA_CACHE, TEST_JWT_SECRET } from '../support/paths';

export const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
export const CUSTOMER = { email: 'priya@example.com', password: 'Teak#Shop2026' };
/** Where orders written straight into the database for the customer go: an order names its address (decision 0046). */
export const CUSTOMER_ADDRESS = {
  first_name: 'Priya',
  last_name: 'Raman',
  email: 'priya@example.com',
  phone: '+919840012345',
  address_line1: '7 Luz Church Road',
  address_line2: 'Mylapore',
  city: 'Chennai',
  state: 'Tamil Nadu',
  postal_code: '600004',
  country: 'India',
};

export interface AdminTestApp extends TestApp {
  /** This app's own, initially empty media directory, so files written by a test can be counted. */
  mediaDir: string;
}

/** The real app on a private copy of the seeded database and a private media directory. */
/** The admin API in process; `webBuildDir` adds the built pages (the panel's page actions). */
export async function createAdminTestApp(env: Record<string, string> = {}, options: { webBuildDir?: string } = {}): Promise<AdminTestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: MEDIA_CACHE.replace(/\/media-[^/]+$/, '/data'),
    JWT_SECRET: TEST_JWT_SECRET,
    SEED: 'false',
    ...env,
  });
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'teak-admin-media-'));
  config.mediaDir = mediaDir;
  const { database, dispose } = await openTestDatabase();
  // The seeded log-ins of a development shop (the test template holds the demo catalogue only).
  await ensureDevelopmentUsers(database.db);
  const { app, services } = await buildApp({ config, database, ...(options.webBuildDir ? { webBuildDir: options.webBuildDir } : {}) });
  await app.ready();
  return {
    app,
    services,
    database,
    config,
    mediaDir,
    async close() {
      await app.close();
      await dispose();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

let address = 0;
/** A fresh client address per log-in, so the log-in rate limit never trips. */
export const nextAddress = () => `10.77.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

export async function login(t: TestApp, who: { email: string; password: string }): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/token/', payload: who, remoteAddress: nextAddress() });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json<{ access: string }>().access}` };
}

export const png = (width = 64, height = 48, color = '#a0522d') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
export const jpeg = (width = 64, height = 48, color = '#6b4423') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** An HTML page saved under an image's name. */
export const HTML_AS_JPEG = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

export type FormValue = string | { bytes: Buffer; filename: string; type?: string };

/** A multipart body; a field given a list is repeated. */
export function form(fields: Record<string, FormValue | FormValue[]>): FormData {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'string') fd.append(name, v);
      else fd.append(name, new Blob([new Uint8Array(v.bytes)], { type: v.type ?? 'image/jpeg' }), v.filename);
    }
  }
  return fd;
}

export const file = (bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => ({ bytes, filename, type });

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  }
  return n;
}

const COUNTED = {
  products: schema.products,
  productImages: schema.productImages,
  categories: schema.categories,
  subcategories: schema.subcategories,
  readyToShip: schema.readyToShip,
  blogs: schema.blogs,
  testimonials: schema.testimonials,
  homeBanners: schema.homeBanners,
  promoBanners: schema.promoBanners,
  latestVideos: schema.latestVideos,
};

/** Row counts of every table the admin writes, and the number of media files. */
export async function snapshot(t: AdminTestApp): Promise<Record<string, number>> {
  const result: Record<string, number> = { mediaFiles: countFiles(t.mediaDir) };
  for (const [name, table] of Object.entries(COUNTED)) {
    result[name] = (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  }
  return result;
}
