import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Product } from '../../contract/catalog';
import { imageSources } from '../../contract/media';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3Server, type S3Server } from '../support/s3-server';
import { ADMIN, createAdminTestApp, file, form, jpeg, login, png, type AdminTestApp } from './admin-support';

const BUCKET = 'teak-media';
const keyOf = (url: string) => url.replace(/^\/media\//, '');
/** The original and every WebP/AVIF variant the pipeline writes for an image URL. */
const setOf = (url: string) => {
  const info = imageSources(url)!;
  return [keyOf(url), ...info.widths.flatMap((w) => [`${keyOf(url)}.w${w}.webp`, `${keyOf(url)}.w${w}.avif`])].sort();
};

describe('images in an S3-compatible bucket', () => {
  let s3: S3Server;
  let t: AdminTestApp;
  let auth: Record<string, string>;
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: FormData | Record<string, unknown>) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    s3 = await startS3Server([BUCKET]);
    t = await createAdminTestApp({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: S3_ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: S3_SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    });
    auth = await login(t, ADMIN);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('an image the owner uploads is kept in the bucket, served by the shop, and gone from the bucket once replaced', async () => {
    const created = await send('POST', '/api/categories/', form({ name: 'Bucket Benches', image: file(await jpeg(700, 500)) }));
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json<Category>().image!;
    expect(first).toMatch(/^\/media\/categories\/[A-Za-z0-9]+-700x500\.jpg$/);
    // Stored in the bucket with its variants, and nothing on the local disk.
    expect(await s3.keys(BUCKET)).toEqual(setOf(first));
    expect(readdirSync(t.mediaDir)).toEqual([]);

    const served = await t.app.inject({ url: first });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals((await s3.object(BUCKET, keyOf(first)))!)).toBe(true);
    const variant = await t.app.inject({ url: `${first}.w320.webp` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    const again = await t.app.inject({ url: first, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const replaced = await send('PATCH', '/api/categories/bucket-benches/', form({ image: file(await png(640, 480), 'new.png', 'image/png') }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = replaced.json<Category>().image!;
    expect(second).not.toBe(first);
    expect(await s3.keys(BUCKET)).toEqual(setOf(second));
    const gone = await t.app.inject({ url: first });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'not_found', detail: 'There is no such image.' });
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);

    const deleted = await send('DELETE', '/api/categories/bucket-benches/');
    expect(deleted.statusCode).toBe(204);
    expect(await s3.keys(BUCKET)).toEqual([]);
  });

  it('a product image the owner removes leaves the bucket; the images kept stay', async () => {
    const res = await send(
      'POST',
      '/api/products/',
      form({ name: 'Bucket Bed', price: '100', category: 'beds', images: [file(await jpeg(400, 300)), file(await jpeg(500, 300, '#112233'))] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [keep, drop] = res.json<Product>().images.map((i) => i.image);
    const patched = await send('PATCH', '/api/products/bucket-bed/', form({ remove_images: drop! }));
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await s3.keys(BUCKET)).toEqual(setOf(keep!));
    expect((await send('DELETE', '/api/products/bucket-bed/')).statusCode).toBe(204);
    expect(await s3.keys(BUCKET)).toEqual([]);
  });

  it('a path that is not an image of the shop is a 404, never a request for another key', async () => {
    const before = s3.requests.length;
    for (const url of ['/media/../../etc/passwd', '/media/%2e%2e/secret', '/media/products/']) {
      expect((await t.app.inject({ url })).statusCode).toBe(404);
    }
    expect(s3.requests.slice(before).filter((r) => r.startsWith('GET'))).toEqual([]);
  });
});

describe('images in the local media directory', () => {
  let t: AdminTestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createAdminTestApp();
    auth = await login(t, ADMIN);
  });
  afterAll(() => t.close());

  it('a replaced testimonial photo no longer stays behind on the disk', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/testimonials/',
      headers: auth,
      payload: form({ name: 'Asha', text: 'Lovely bench.', image: file(await jpeg(300, 300)) }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, image: first } = created.json<{ id: number; image: string }>();
    const onDisk = (url: string) => existsSync(path.join(t.mediaDir, keyOf(url)));
    expect(onDisk(first)).toBe(true);
    const replaced = await t.app.inject({
      method: 'PATCH',
      url: `/api/testimonials/${id}/`,
      headers: auth,
      payload: form({ image: file(await jpeg(320, 320, '#335577')) }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const second = replaced.json<{ image: string }>().image;
    expect(onDisk(first)).toBe(false);
    expect(readdirSync(path.join(t.mediaDir, 'testimonials')).sort()).toEqual(setOf(second).map((k) => k.replace('testimonials/', '')));
  });
});
