import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSources } from '../../contract/media';
import { AppError } from './errors';
import { detectImageType, storeImage } from './images';
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
});
