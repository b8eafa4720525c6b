import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { localStorage, type ObjectStorage } from '../../lib/storage';
import { BED_SHAPES } from './drawings';
import { demoDrawingOf, drawForRequest, drawOnce } from './index';

/** The picture as a small grey image, its colours gone: what is left is the shape of what is drawn. */
async function silhouette(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 18 }).resize(60, 60).greyscale().threshold(200).raw().toBuffer();
}

describe('the beds category’s pictures', () => {
  it('shows three different beds, not one bed in three colours', async () => {
    const svgs = [1, 2, 3].map((n) => demoDrawingOf(`subcategories/beds-${n}-600x600.jpg`)!.svg());
    const shapes = svgs.map((svg) => /data-bed="([^"]+)"/.exec(svg)?.[1]);
    expect(new Set(shapes)).toEqual(new Set(BED_SHAPES));
    // Drawn, the three differ in their shapes once their colours are taken away.
    const [a, b, c] = await Promise.all(svgs.map(silhouette));
    const differ = (x: Buffer, y: Buffer) => x.reduce((n, v, i) => n + (v !== y[i] ? 1 : 0), 0) / x.length;
    expect(differ(a!, b!)).toBeGreaterThan(0.03);
    expect(differ(b!, c!)).toBeGreaterThan(0.03);
    expect(differ(a!, c!)).toBeGreaterThan(0.03);
  });
});

describe('a demo picture drawn when asked for', () => {
  it('draws a variant asked for while its whole set is being drawn once, with the set', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'drawings-'));
    try {
      const local = localStorage(dir);
      const written: string[] = [];
      const storage: ObjectStorage = { ...local, put: (key, body, type) => (written.push(key), local.put(key, body, type)) };
      const key = 'subcategories/beds-1-600x600.jpg';
      const picture = demoDrawingOf(key)!;
      // The drawer of a first start is at the set when a page asks for one of its variants, and again for another.
      const [, asked, other] = await Promise.all([
        drawOnce(storage, picture),
        drawForRequest(storage, picture, `${key}.w320.avif`),
        drawForRequest(storage, picture, `${key}.w600.webp`),
      ]);
      expect([asked, other]).toEqual([true, true]);
      expect(written.filter((k) => k === `${key}.w320.avif`)).toHaveLength(1);
      expect(written.filter((k) => k === `${key}.w600.webp`)).toHaveLength(1);
      expect(written.at(-1)).toBe(key);
      // Asked for alone before the set, a variant is drawn alone; the set drawn next waits for it.
      const alone = 'subcategories/beds-2-600x600.jpg';
      const second = demoDrawingOf(alone)!;
      written.length = 0;
      await Promise.all([drawForRequest(storage, second, `${alone}.w320.webp`), drawOnce(storage, second)]);
      expect(written[0]).toBe(`${alone}.w320.webp`);
      expect(written.filter((k) => k === `${alone}.w320.webp`)).toHaveLength(2);
      expect(existsSync(path.join(dir, alone))).toBe(true);
      // A width the picture has no variant at: nothing drawn.
      expect(await drawForRequest(storage, second, `${alone}.w999.webp`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
