import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3Server, type S3Server } from '../../../tests/support/s3-server';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { ObjectStorage } from './storage';

let s3: S3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server(['shop-images']);
  dir = mkdtempSync(path.join(tmpdir(), 'teak-storage-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const kinds: [string, () => ObjectStorage][] = [
  ['a local directory', () => localStorage(dir)],
  [
    'an S3-compatible bucket',
    () =>
      s3Storage({
        bucket: 'shop-images',
        endpoint: s3.endpoint,
        region: 'ap-south-1',
        accessKeyId: S3_ACCESS_KEY,
        secretAccessKey: S3_SECRET_KEY,
        forcePathStyle: true,
        prefix: 'media/',
      }),
  ],
];

describe.each(kinds)('image storage in %s', (_name, make) => {
  it('keeps, reads back, lists and deletes objects', async () => {
    const storage = make();
    await storage.put('products/abc-10x10.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    await storage.put('products/abc-10x10.jpg.w10.webp', Buffer.from('webp bytes'), 'image/webp');
    await storage.put('products/other-10x10.jpg', Buffer.from('other'), 'image/jpeg');

    expect(await storage.exists('products/abc-10x10.jpg')).toBe(true);
    const object = await storage.get('products/abc-10x10.jpg');
    expect(object?.contentType).toBe('image/jpeg');
    expect(object?.length).toBe(10);
    expect(await text(object!.body)).toBe('jpeg bytes');
    expect((await storage.list('products/abc-10x10.jpg')).sort()).toEqual(['products/abc-10x10.jpg', 'products/abc-10x10.jpg.w10.webp']);

    await storage.delete(['products/abc-10x10.jpg', 'products/abc-10x10.jpg.w10.webp', 'products/never-there.jpg']);
    expect(await storage.exists('products/abc-10x10.jpg')).toBe(false);
    expect(await storage.get('products/abc-10x10.jpg')).toBeNull();
    expect(await storage.list('products/')).toEqual(['products/other-10x10.jpg']);
  });

  it('refuses keys that would leave the media folder', async () => {
    const storage = make();
    await expect(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Not a media key/);
    expect(await storage.get('products/../../etc/passwd')).toBeNull();
    expect(await storage.exists('/etc/passwd')).toBe(false);
  });
});

it('the S3 storage keeps its keys under the configured prefix of the bucket', async () => {
  expect(await s3.keys('shop-images')).toEqual(['media/products/other-10x10.jpg']);
});
