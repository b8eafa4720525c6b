import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BED_SHAPES } from './drawings';
import { demoDrawingOf } from './index';

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
