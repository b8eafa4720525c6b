import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { prepareShop } from '../../server/db/startup';
import { installJobTables } from '../../server/lib/jobs';
import { localStorage } from '../../server/lib/storage';
import { BUILD, shopConfig } from '../support/shop-pages';

// A first start (empty database, no pictures) opens before the demo shop's pictures are drawn (decision 0036):
// pages answer at once, and a picture asked for before the background drawer reached it is drawn then.

/** A shop's first start on an empty database with its media in `media`: prepared (seeded, pictures drawn later), then built. */
async function firstStart(media: string, options: { drawAhead?: boolean; signal?: AbortSignal; log?: (line: string) => void }) {
  const database = await openDatabase({});
  await installJobTables(database);
  const { drawing } = await prepareShop(database, localStorage(media), { seed: true, developmentUsers: false, drawLater: true, ...options });
  const config = shopConfig();
  config.mediaDir = media;
  const { app } = await buildApp({ config, database, webBuildDir: BUILD });
  await app.ready();
  return { database, app, drawing };
}

describe('a first start with no pictures drawn yet', () => {
  const media = mkdtempSync(path.join(tmpdir(), 'first-start-media-'));
  const stop = new AbortController();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let drawing: Promise<void>;
  const progress: string[] = [];

  beforeAll(async () => {
    // The web build is loaded first: its import must not share its start-up time with the drawer.
    await import(pathToFileURL(path.join(BUILD, 'server', 'index.js')).href);
    ({ database, app, drawing } = await firstStart(media, { signal: stop.signal, log: (line) => progress.push(line) }));
  }, 120_000);
  afterAll(async () => {
    stop.abort();
    await drawing.catch(() => {});
    await app?.close();
    await database?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('answers pages and pictures while the drawings are still being made', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    const products = (await app.inject({ url: '/api/products/?limit=40' })).json<{ slug: string; image: string }[]>();
    // The last product's picture: the background drawer (two at a time, in order) has not reached it yet.
    const last = products.at(-1)!;
    const page = await app.inject({ url: `/product/${last.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(last.image);
    const picture = await app.inject({ url: last.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const variant = await app.inject({ url: `${last.image}.w640.avif` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/avif');
    // Kept: asked again, it is the same file.
    const again = await app.inject({ url: last.image });
    expect(again.rawPayload.equals(picture.rawPayload)).toBe(true);
    // Anything else under /media is still a 404.
    expect((await app.inject({ url: '/media/drawings/no-such-piece-1200x900.jpg' })).statusCode).toBe(404);
  });
});

// DEMO_PICTURES=when-asked (the tests' shops): nothing is drawn behind the shop; each picture on its first request.
describe('a first start that draws each picture only when asked for', () => {
  const media = mkdtempSync(path.join(tmpdir(), 'first-start-asked-'));
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  const filesIn = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [e.name]));

  beforeAll(async () => {
    let drawing: Promise<void>;
    ({ database, app, drawing } = await firstStart(media, { drawAhead: false }));
    await drawing;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('draws nothing behind the shop, and a picture with its variants when first asked for', async () => {
    expect(filesIn(media)).toEqual([]);
    const [first] = (await app.inject({ url: '/api/products/?limit=1' })).json<{ image: string }[]>();
    const picture = await app.inject({ url: first!.image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect((await app.inject({ url: `${first!.image}.w640.webp` })).headers['content-type']).toBe('image/webp');
    // That picture alone (its file and its light variants), not the demo shop's thousands.
    const stored = filesIn(media);
    expect(stored).toContain(path.basename(first!.image));
    expect(stored.every((name) => name.startsWith(path.basename(first!.image)))).toBe(true);
  });

  it('draws a variant asked for first by itself, the picture the whole set holds at that size, and no width it does not have', async () => {
    const [, second] = (await app.inject({ url: '/api/products/?limit=2' })).json<{ image: string }[]>();
    const name = path.basename(second!.image);
    const asked = await app.inject({ url: `${second!.image}.w320.avif` });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toBe('image/avif');
    expect(filesIn(media).filter((file) => file.startsWith(name))).toEqual([`${name}.w320.avif`]);
    // A width the picture has no variant at is not drawn (nor any other file for it).
    expect((await app.inject({ url: `${second!.image}.w999.avif` })).statusCode).toBe(404);
    expect(filesIn(media).filter((file) => file.startsWith(name))).toEqual([`${name}.w320.avif`]);
    // The picture itself brings its whole set, whose variant at 320 px is the one drawn alone.
    expect((await app.inject({ url: second!.image })).statusCode).toBe(200);
    const set = filesIn(media).filter((file) => file.startsWith(name));
    expect(set.length).toBeGreaterThan(2);
    expect(set).toContain(`${name}.w320.webp`);
    // Drawn from the vector at its width rather than from the set's JPEG: the same picture, pixel for pixel within
    // a few levels of 255, at the same size.
    const again = await app.inject({ url: `${second!.image}.w320.avif` });
    const pixels = (answer: typeof asked) => sharp(answer.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const [alone, fromSet] = await Promise.all([pixels(asked), pixels(again)]);
    expect([alone.info.width, alone.info.height]).toEqual([fromSet.info.width, fromSet.info.height]);
    expect(alone.info.width).toBe(320);
    let difference = 0;
    alone.data.forEach((level, i) => (difference += Math.abs(level - fromSet.data[i]!)));
    expect(difference / alone.data.length).toBeLessThan(4);
  });
});
