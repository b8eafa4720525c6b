import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { finishColours } from '../../../contract/finishes';
import { SEED_PRODUCTS } from './content';
import { PIECE_VIEWS, pieceSvg } from './piece-drawings';
import { pieceSpec } from './piece-spec';

const W = 160;
const H = 120;

async function pixels(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(W, H).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference per channel, 0 (same) to 255. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('each piece drawn from its own words', () => {
  const spec = (name: string) => {
    const p = SEED_PRODUCTS.find((x) => x.name === name);
    if (!p) throw new Error(`No seed product ${name}`);
    return pieceSpec(p);
  };

  it('a bed whose description names posts and a canopy is drawn with posts and a canopy', () => {
    expect(spec('Pondy Canopy Bed')).toMatchObject({ type: 'bed', posts: true, canopy: true, height: 210 });
    expect(spec('Nila Queen Bed')).toMatchObject({ posts: false, canopy: false, headboard: 'slatted' });
  });

  it('a piece whose description names drawers gets that many drawers', () => {
    expect(spec('Kovalam Drawer Bed')).toMatchObject({ drawers: 4, storage: true });
    expect(spec('Tanjore Chest of Drawers').drawers).toBe(6);
    expect(spec('Horizon TV Console').drawers).toBe(4);
    expect(spec('Gopuram Console Table')).toMatchObject({ drawers: 2, legs: 'stepped' });
  });

  it('a piece whose description names doors gets its doors', () => {
    expect(spec('Karaikudi Sideboard').doors).toBe(4);
    expect(spec('Kanchi Three Door Wardrobe').doors).toBe(3);
    expect(spec('Loft Four Door Wardrobe')).toMatchObject({ doors: 4, loft: true });
    expect(spec('Gopura Grand Mandir')).toMatchObject({ doors: 2, tiers: 3 });
    expect(spec('Glide Sliding Wardrobe').sliding).toBe(true);
  });

  it('a lounge chair is one seat, a three seater three, a corner sofa an L', () => {
    expect(spec('Besant Lounge Chair')).toMatchObject({ type: 'armchair', seats: 1, back: 'sloping' });
    expect(spec('Kaveri Three Seater Sofa')).toMatchObject({ type: 'sofa', seats: 3, lShape: false });
    expect(spec('Coromandel Corner Sofa')).toMatchObject({ lShape: true, seats: 7 });
    expect(spec('Ooty Upholstered Bed')).toMatchObject({ headboard: 'padded', upholstered: true });
  });

  it('a dining set has the chairs and benches its words give', () => {
    expect(spec('Sangam Six Seater Dining Set')).toMatchObject({ seats: 6, benches: 0 });
    expect(spec('Annapoorna Four Seater Dining Set')).toMatchObject({ seats: 2, benches: 1 });
    expect(spec('Verandah Bench Dining Set')).toMatchObject({ seats: 4, benches: 2 });
    expect(spec('Round Courtyard Dining Set')).toMatchObject({ round: true, legs: 'pedestal' });
  });

  it('proportions come from the dimensions, and unknown words fall back to the category', () => {
    const s = pieceSpec({ name: 'Plain Piece', category: 'cabinet', subcategory: null, description: 'Two drawers.', dimensions: {} });
    expect(s).toMatchObject({ type: 'sideboard', drawers: 2, length: 160 });
    expect(
      pieceSpec({ name: 'Tall One', category: 'wardrobe', description: '', dimensions: { length: 120, breadth: 55, height: 230 } }),
    ).toMatchObject({
      length: 120,
      height: 230,
    });
  });
});

describe('the drawings of the demo shop', () => {
  it('no two products share a main picture, and none of a category is a near copy of another', async () => {
    const rendered = await Promise.all(
      SEED_PRODUCTS.map(async (p) => ({ p, px: await pixels(pieceSvg(pieceSpec(p), p.finishes[0] ?? '', 'front')) })),
    );
    const hashes = new Set(rendered.map((r) => createHash('sha256').update(r.px).digest('hex')));
    expect(hashes.size).toBe(SEED_PRODUCTS.length);
    const nearCopies: string[] = [];
    for (const [i, a] of rendered.entries()) {
      for (const b of rendered.slice(i + 1)) {
        if (a.p.category !== b.p.category) continue;
        const d = difference(a.px, b.px);
        if (d < 1.5) nearCopies.push(`${a.p.name} / ${b.p.name}: ${d.toFixed(1)}`);
      }
    }
    expect(nearCopies).toEqual([]);
  }, 120_000);

  it('choosing another finish changes the picture, in that finish’s own wood colour', async () => {
    const bed = SEED_PRODUCTS.find((p) => p.name === 'Pondy Canopy Bed')!;
    const spec = pieceSpec(bed);
    const pictures = await Promise.all(bed.finishes.map((f) => pixels(pieceSvg(spec, f, 'front'))));
    for (const [i, a] of pictures.entries()) for (const b of pictures.slice(i + 1)) expect(difference(a, b)).toBeGreaterThan(1);
    for (const f of bed.finishes) expect(pieceSvg(spec, f, 'front')).toContain(finishColours(f).mid);
  });

  it('every view of a piece is a different picture', async () => {
    const p = SEED_PRODUCTS.find((x) => x.name === 'Kanchi Three Door Wardrobe')!;
    const views = await Promise.all(PIECE_VIEWS.map((v) => pixels(pieceSvg(pieceSpec(p), p.finishes[0]!, v))));
    const hashes = new Set(views.map((v) => createHash('sha256').update(v).digest('hex')));
    expect(hashes.size).toBe(PIECE_VIEWS.length);
  });
});
