import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { finishColours } from '../../../contract/finishes';
import { slugify } from '../../lib/slug';
import { SEED_PRODUCTS } from './content';
import { pieceInScene, pieceSvg } from './piece-drawings';
import { pieceSpec } from './piece-spec';
import { roomScene, SCENE_HEIGHT, SCENE_ROOMS, SCENE_VIEW, SCENE_WIDTH, type ScenePiece } from './room-scenes';

const bySlug = new Map(SEED_PRODUCTS.map((p) => [slugify(p.name), p]));
const dotPx = (piece: ScenePiece) => ({ x: (piece.dot.x / 100) * SCENE_WIDTH, y: (piece.dot.y / 100) * SCENE_HEIGHT });
const inside = (pt: { x: number; y: number }, b: ScenePiece['bounds']) => pt.x >= b.x && pt.x <= b.x + b.w && pt.y >= b.y && pt.y <= b.y + b.h;
/** The picture rendered at a quarter of its size (enough to tell what is drawn where, and quick). */
const QUARTER = 4;
const pixels = (svg: string) =>
  sharp(Buffer.from(svg), { density: 72 / QUARTER })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });

const MARKER = '#ff00ff';

/** The share of the pixels within 8 px of a point (full size) painted mostly in the marker colour (a seam between two parts blends it). */
function shareMarked({ data, info }: Awaited<ReturnType<typeof pixels>>, at: { x: number; y: number }): number {
  const cx = Math.round(at.x / QUARTER);
  const cy = Math.round(at.y / QUARTER);
  let marked = 0;
  let all = 0;
  for (let y = cy - 2; y <= cy + 2; y++) {
    for (let x = cx - 2; x <= cx + 2; x++) {
      const i = (y * info.width + x) * info.channels;
      all++;
      if (data[i]! > 200 && data[i + 1]! < 140 && data[i + 2]! > 200) marked++;
    }
  }
  return marked / all;
}

/** The room picture's width on a 375 px phone (the page's 16 px margins), where a dot is a 44 px target. */
const PHONE_WIDTH = 343;
/** Where the room page puts the room's name over the picture (web/features/rooms/hotspots.tsx): its far corner, in px, with a long name. */
const NAME = { right: 16 + 160, bottom: 16 + 32 };

describe.each(SCENE_ROOMS)('the %s scene', (slug) => {
  const scene = roomScene(slug)!;

  it('shows its pieces, each a product on sale', () => {
    expect(scene.pieces.length).toBeGreaterThan(0);
    for (const piece of scene.pieces) expect(bySlug.get(piece.product)?.in_stock, piece.product).toBe(true);
    expect(scene.products.slice(0, scene.pieces.length).sort()).toEqual(scene.pieces.map((p) => p.product).sort());
  });

  it('puts each dot on the piece it leads to, where no piece in front of it covers it', async () => {
    for (const [i, piece] of scene.pieces.entries()) {
      const dot = dotPx(piece);
      expect(inside(dot, piece.bounds), `${piece.name}: its dot`).toBe(true);
      // Pieces are listed in the order they are drawn: a later one is in front.
      for (const front of scene.pieces.slice(i + 1)) expect(inside(dot, front.bounds), `${piece.name}'s dot under ${front.name}`).toBe(false);
      // What a visitor sees around the dot is this piece: painted in one marker colour, it shows there (the
      // dot is not in a gap between its legs, nor behind a piece in front of it).
      const group = pieceInScene(pieceSpec(bySlug.get(piece.product)!), piece.finish, SCENE_VIEW, piece.at, piece.product).svg;
      const marked = await pixels(scene.svg.replace(group, group.replace(/(fill|stroke)="(?!none")[^"]*"/g, `$1="${MARKER}"`)));
      expect(shareMarked(marked, dot), `${piece.name}: its own paint around its dot`).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('draws each piece with its own model, proportions and finish, as in its product pictures', () => {
    for (const piece of scene.pieces) {
      const product = bySlug.get(piece.product)!;
      const spec = pieceSpec(product);
      const finish = product.finishes[0] ?? '';
      expect(piece.finish).toBe(finish);
      const drawn = pieceInScene(spec, finish, SCENE_VIEW, piece.at, piece.product);
      expect(scene.svg).toContain(drawn.svg);
      expect(drawn.svg.startsWith(`<g data-piece="${piece.product}">`)).toBe(true);
      expect(drawn.bounds).toEqual(piece.bounds);
      // The same wood as the product's own picture in that finish.
      const wood = finishColours(finish).mid;
      expect(drawn.svg).toContain(wood);
      expect(pieceSvg(spec, finish, 'front')).toContain(wood);
      // Its size in the room is its own: as wide as the product's length, at the scene's scale.
      if (piece.floor) expect(piece.floor.x1 - piece.floor.x0).toBeGreaterThanOrEqual(spec.length - 0.01);
      expect(piece.bounds.w).toBeGreaterThanOrEqual(spec.length * SCENE_VIEW.s - 0.01);
    }
  });

  it('keeps every piece inside the picture, and no two pieces stand in one place', () => {
    for (const { name, bounds: b } of scene.pieces) {
      expect(b.x, name).toBeGreaterThanOrEqual(0);
      expect(b.y, name).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w, name).toBeLessThanOrEqual(SCENE_WIDTH);
      expect(b.y + b.h, name).toBeLessThanOrEqual(SCENE_HEIGHT);
    }
    const standing = scene.pieces.filter((p) => p.floor);
    for (const [i, a] of standing.entries()) {
      for (const b of standing.slice(i + 1)) {
        const overlap = a.floor!.x0 < b.floor!.x1 && b.floor!.x0 < a.floor!.x1 && a.floor!.z0 < b.floor!.z1 && b.floor!.z0 < a.floor!.z1;
        expect(overlap, `${a.name} and ${b.name}`).toBe(false);
      }
    }
  });

  it('leaves a whole 44 px target to each dot on a phone, clear of the room’s name in the top left corner', () => {
    const k = PHONE_WIDTH / SCENE_WIDTH;
    for (const piece of scene.pieces) {
      const { x, y } = dotPx(piece);
      const clear = x * k - 22 >= NAME.right || y * k - 22 >= NAME.bottom;
      expect(clear, `${piece.name}: its dot beside the room's name`).toBe(true);
    }
    for (const [i, a] of scene.pieces.entries()) {
      for (const b of scene.pieces.slice(i + 1)) {
        // The targets are 44 px squares: apart when they are apart across or up and down.
        const [pa, pb] = [dotPx(a), dotPx(b)];
        expect(Math.max(Math.abs(pa.x - pb.x), Math.abs(pa.y - pb.y)) * k, `${a.name} and ${b.name}`).toBeGreaterThanOrEqual(44);
      }
    }
  });
});

describe('the rooms of the demo shop', () => {
  it('are drawn the same every time, and a room with no recipe has no scene', () => {
    expect(roomScene('living-room')!.svg).toBe(roomScene('living-room')!.svg);
    expect(roomScene('no-such-room')).toBeUndefined();
  });

  it('show different beds in the bedrooms of the carousel', () => {
    const beds = ['classic-bedroom', 'master-bedroom', 'guest-bedroom', 'heritage-bedroom'].map(
      (slug) => roomScene(slug)!.pieces.find((p) => bySlug.get(p.product)!.category === 'beds')!.product,
    );
    expect(new Set(beds).size).toBe(beds.length);
  });
});
