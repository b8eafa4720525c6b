import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSources } from '../../contract/media';
import { AppError } from './errors';
import { blankPng } from '../../tests/support/image-bomb';
import { detectImageType, imageDimensions, imageLibrary, MAX_IMAGE_PIXELS, storeImage } from './images';
import { localStorage } from './storage';

const png = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#a0692f' } })
    .png()
    .toBuffer();

describe('the image pipeline', () => {
  it('recognises images by their bytes only', async () => {
    expect(detectImageType(await png())).toBe('png');
    expect(
      detectImageType(
        await sharp(await png())
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      detectImageType(
        await sharp(await png())
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(detectImageType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeNull();
  });

  it('reads the size of a JPEG, PNG and WebP (lossy, lossless, extended) from its header', async () => {
    const source = sharp({ create: { width: 1234, height: 567, channels: 4, background: '#a0692f80' } });
    expect(imageDimensions(await source.clone().png().toBuffer())).toEqual({ width: 1234, height: 567 });
    expect(imageDimensions(await source.clone().jpeg().toBuffer())).toEqual({ width: 1234, height: 567 });
    expect(imageDimensions(await source.clone().jpeg({ progressive: true }).withMetadata().toBuffer())).toEqual({ width: 1234, height: 567 });
    expect(imageDimensions(await source.clone().flatten().webp().toBuffer())).toEqual({ width: 1234, height: 567 });
    expect(imageDimensions(await source.clone().webp({ lossless: true }).toBuffer())).toEqual({ width: 1234, height: 567 });
    expect(
      imageDimensions(
        await source
          .clone()
          .webp()
          .withMetadata({ exif: { IFD0: { Artist: 'Teak' } } })
          .toBuffer(),
      ),
    ).toEqual({
      width: 1234,
      height: 567,
    });
    expect(imageDimensions(blankPng(16_000, 16_000))).toEqual({ width: 16_000, height: 16_000 });
    expect(imageDimensions(Buffer.from('GIF89a'))).toBeNull();
  });

  it('refuses an image over the pixel limit from its header, before decoding it', async () => {
    const bomb = blankPng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const media = mkdtempSync(path.join(tmpdir(), 'shop-media-'));
    const err = await storeImage(localStorage(media), bomb, { folder: 'profiles' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(413);
    expect((err as AppError).detail).toBe(
      'The image is 16,000 × 16,000 pixels, larger than the shop takes (50 megapixels, such as 8,000 × 6,000). Resize it and try again.',
    );
    // Just under the limit is taken.
    const side = Math.floor(Math.sqrt(MAX_IMAGE_PIXELS));
    expect(await storeImage(localStorage(media), blankPng(side, side), { folder: 'profiles', maxWidth: 200 })).toMatch(/-200x200\.jpg$/);
  });

  it('re-encodes, strips metadata and writes WebP and AVIF variants', async () => {
    const media = mkdtempSync(path.join(tmpdir(), 'shop-media-'));
    const withExif = await sharp(await png())
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
    const url = await storeImage(localStorage(media), withExif, { folder: 'products' });
    expect(url).toMatch(/^\/media\/products\/[A-Za-z0-9]+-900x600\.jpg$/);
    const file = path.join(media, url.replace('/media/', ''));
    const stored = readFileSync(file);
    expect(stored.includes(Buffer.from('secret camera owner'))).toBe(false);
    const info = imageSources(url)!;
    expect(info.widths).toEqual([320, 640, 900]);
    for (const w of info.widths) {
      expect(existsSync(`${file}.w${w}.webp`)).toBe(true);
      expect(existsSync(`${file}.w${w}.avif`)).toBe(true);
      expect((await sharp(`${file}.w${w}.webp`).metadata()).width).toBe(w);
    }
  });

  it('refuses a renamed HTML file', async () => {
    const media = mkdtempSync(path.join(tmpdir(), 'shop-media-'));
    await expect(storeImage(localStorage(media), Buffer.from('<html></html>'), { folder: 'x' })).rejects.toBeInstanceOf(AppError);
  });

  it('loads libvips only when a process first stores an image, with its cache of operations off', () => {
    // A process of its own: this test file has loaded sharp already. Which libraries it maps is in /proc.
    const script = `
      import { readFileSync } from 'node:fs';
      const mapped = () => /libvips/.test(readFileSync('/proc/self/maps', 'utf8'));
      const images = await import('./server/lib/images.ts');
      const atStart = mapped();
      const sharp = await images.imageLibrary();
      console.log(JSON.stringify({ atStart, afterFirstUse: mapped(), cache: sharp.cache() }));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    const seen = JSON.parse(out.trim().split('\n').at(-1)!) as { atStart: boolean; afterFirstUse: boolean; cache: unknown };
    expect(seen.atStart).toBe(false);
    expect(seen.afterFirstUse).toBe(true);
    expect(seen.cache).toMatchObject({ memory: { max: 0 }, items: { max: 0 } });
  });

  it('gives the same library to every caller', async () => {
    expect(await imageLibrary()).toBe(await imageLibrary());
  });
});
