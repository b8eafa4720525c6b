/**
 * The demo shop's rooms, drawn from the pieces their dots lead to. A room is a recipe: which pieces (the
 * best-rated piece of a kind on sale, or the next ones), where each stands along the back wall, in front of
 * another or hangs on the wall, and the plants, lamps and windows around them. Laying a room out once gives
 * both its picture and its hotspots, so every dot sits on the piece it leads to, drawn by the same model,
 * proportions and finish as the piece's own pictures (piece-drawings.ts).
 */
import { slugify } from '../../lib/slug';
import { SEED_PRODUCTS, type SeedProduct } from './content';
import { plant, rng, shade } from './drawings';
import { pieceInScene, pieceSpace, type Project, type Rect, type SceneView } from './piece-drawings';
import { pieceSpec, type PieceSpec, type PieceType } from './piece-spec';

/** The picture's size: the room page shows it at 3:2. */
export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 800;

/** Pixels per centimetre, how far depth shows, and where the back wall meets the floor. */
const S = 2.3;
const K = 0.35;
const WALL_Y = 575;
/** The back wall's width in cm: a piece's place across the room is a share of it. */
const WALL_CM = SCENE_WIDTH / S;

/** Room cm: x from the back wall's left edge, y up from the floor, z from the back wall (0) toward the viewer (negative). */
const project: Project = (x, y, z) => [(x + z * K * 0.87) * S, WALL_Y - (y + z * K * 0.5) * S];
export const SCENE_VIEW: SceneView = { project, s: S, k: K };

/** Which piece: the `nth` best-rated on sale of a category (of these kinds when given). */
interface Choice {
  category: string;
  types?: PieceType[];
  nth?: number;
}

interface Slot extends Choice {
  /** The piece's middle across the room, as a share of the back wall's width. */
  x: number;
  /** A floor piece: clear floor between the back wall and the piece's back, in cm (0: against the wall). */
  out?: number;
  /** A wall piece: its lowest edge above the floor in cm (its own hanging height when left out). */
  hang?: number;
  /** Where on the drawn piece its dot sits, as shares of its width and height (the middle when left out). */
  dot?: [number, number];
}

type Decor = { kind: 'window' | 'lamp' | 'plant'; x: number; out?: number } | { kind: 'pendant'; over: number } | { kind: 'rug'; under: number[] };

interface Recipe {
  slots: Slot[];
  decor: Decor[];
  palette: number;
}

const PALETTES = [
  { wall: '#f1e8da', floor: '#c8a57c', rug: '#b5654a' },
  { wall: '#e9e3d6', floor: '#b98f64', rug: '#2f4a5c' },
  { wall: '#efe2cf', floor: '#d2b48f', rug: '#6f7f6a' },
  { wall: '#e4e6de', floor: '#c4a57f', rug: '#8c6d8f' },
  { wall: '#f3ebde', floor: '#a97e55', rug: '#d8b26a' },
] as const;

/** The rooms of the demo shop (their rows come from a migration), by slug. */
const RECIPES: Record<string, Recipe> = {
  'living-room': {
    palette: 0,
    slots: [
      { category: 'wall-panels', types: ['wall-panel'], x: 0.42, dot: [0.5, 0.42] },
      { category: 'sofas', types: ['sofa'], x: 0.42, dot: [0.18, 0.36] },
      { category: 'tables', types: ['coffee-table'], x: 0.45, out: 150, dot: [0.66, 0.3] },
      { category: 'sofas', types: ['armchair'], x: 0.84, out: 25 },
    ],
    decor: [
      { kind: 'rug', under: [1, 2] },
      { kind: 'window', x: 0.83 },
      { kind: 'plant', x: 0.08, out: 20 },
      { kind: 'lamp', x: 0.7, out: 10 },
    ],
  },
  'tv-unit': {
    palette: 3,
    slots: [
      { category: 'tv-units', types: ['tv-unit'], x: 0.6, dot: [0.5, 0.8] },
      { category: 'sofas', types: ['armchair'], nth: 1, x: 0.16, out: 40 },
      { category: 'tables', types: ['nesting-tables'], x: 0.33, out: 30, dot: [0.4, 0.2] },
    ],
    decor: [
      { kind: 'window', x: 0.18 },
      { kind: 'plant', x: 0.93, out: 15 },
    ],
  },
  kitchen: {
    palette: 2,
    slots: [
      { category: 'bar', types: ['bar-cabinet'], x: 0.16 },
      { category: 'bar', types: ['bar-counter'], x: 0.5, dot: [0.25, 0.3] },
      { category: 'bar', types: ['bar-stool'], x: 0.62, out: 80, dot: [0.5, 0.12] },
      { category: 'cabinet', types: ['sideboard'], nth: 1, x: 0.86 },
    ],
    decor: [
      { kind: 'pendant', over: 1 },
      { kind: 'window', x: 0.68 },
    ],
  },
  'bed-room': {
    palette: 1,
    slots: [
      { category: 'wardrobe', x: 0.19 },
      { category: 'beds', x: 0.57, dot: [0.5, 0.55] },
      { category: 'tables', types: ['side-table'], x: 0.87, dot: [0.5, 0.2] },
    ],
    decor: [{ kind: 'window', x: 0.86 }],
  },
  'study-table': {
    palette: 4,
    slots: [
      { category: 'book-shelf', types: ['bookcase'], x: 0.16 },
      { category: 'paintings', x: 0.52, dot: [0.5, 0.62] },
      { category: 'tables', types: ['console'], x: 0.52, dot: [0.6, 0.15] },
      { category: 'book-shelf', types: ['wall-shelf'], x: 0.84 },
    ],
    decor: [
      { kind: 'lamp', x: 0.69, out: 10 },
      { kind: 'plant', x: 0.31, out: 10 },
    ],
  },
  'dining-room': {
    palette: 2,
    slots: [
      { category: 'paintings', nth: 1, x: 0.21, dot: [0.5, 0.75] },
      { category: 'cabinet', types: ['sideboard'], x: 0.21 },
      { category: 'dinning', x: 0.75, out: 50, dot: [0.42, 0.3] },
    ],
    decor: [
      { kind: 'rug', under: [2] },
      { kind: 'pendant', over: 2 },
    ],
  },
  // The bedrooms of the Featured Bedrooms carousel: each its own bed and companions.
  'classic-bedroom': {
    palette: 3,
    slots: [
      { category: 'beds', nth: 1, x: 0.45, dot: [0.5, 0.6] },
      { category: 'cabinet', types: ['chest'], x: 0.84 },
    ],
    decor: [
      { kind: 'window', x: 0.84 },
      { kind: 'plant', x: 0.1, out: 20 },
    ],
  },
  'master-bedroom': {
    palette: 0,
    slots: [
      { category: 'paintings', nth: 2, x: 0.33, hang: 120, dot: [0.5, 0.75] },
      { category: 'beds', nth: 2, x: 0.33, dot: [0.5, 0.62] },
      { category: 'wardrobe', nth: 2, x: 0.77 },
    ],
    decor: [],
  },
  'guest-bedroom': {
    palette: 4,
    slots: [
      { category: 'paintings', nth: 3, x: 0.45, hang: 125, dot: [0.5, 0.75] },
      { category: 'beds', nth: 3, x: 0.45, dot: [0.5, 0.62] },
      { category: 'cabinet', types: ['chest'], nth: 1, x: 0.83 },
    ],
    decor: [
      { kind: 'window', x: 0.12 },
      { kind: 'lamp', x: 0.68, out: 10 },
    ],
  },
  'heritage-bedroom': {
    palette: 1,
    slots: [
      { category: 'wardrobe', nth: 1, x: 0.15 },
      { category: 'beds', nth: 4, x: 0.56, dot: [0.5, 0.6] },
    ],
    decor: [
      { kind: 'window', x: 0.88 },
      { kind: 'plant', x: 0.92, out: 30 },
    ],
  },
  'garden-bedroom': {
    palette: 2,
    slots: [
      { category: 'wall-panels', types: ['wall-panel'], nth: 2, x: 0.6, dot: [0.5, 0.15] },
      { category: 'beds', x: 0.6, dot: [0.5, 0.65] },
    ],
    decor: [
      { kind: 'window', x: 0.12 },
      { kind: 'plant', x: 0.1, out: 20 },
      { kind: 'plant', x: 0.9, out: 20 },
    ],
  },
};

const RANKED = SEED_PRODUCTS.map((p, i) => ({ p, i, spec: pieceSpec(p) }));

/** The products a choice ranks: on sale, of the category and kinds, best-rated first (the catalogue's order after that). */
function ranked(choice: Choice): { p: SeedProduct; spec: PieceSpec }[] {
  return RANKED.filter(({ p, spec }) => p.category === choice.category && p.in_stock && (!choice.types || choice.types.includes(spec.type))).sort(
    (a, b) => Math.round(b.p.ratings * 10) - Math.round(a.p.ratings * 10) || a.i - b.i,
  );
}

/** One piece of a drawn room: the product it is, where it is drawn (pixels) and where its dot sits (percent). */
export interface ScenePiece {
  product: string;
  name: string;
  finish: string;
  wall: boolean;
  /** Where the piece's model stands in the room (cm), and the box it is drawn in (pixels). */
  at: [number, number, number];
  bounds: Rect;
  /** The room's floor the piece covers, in room cm (x across, z from the back wall, negative toward the viewer). */
  floor: { x0: number; x1: number; z0: number; z1: number } | null;
  dot: { x: number; y: number };
}

export interface RoomScene {
  slug: string;
  width: number;
  height: number;
  /** In the order they are drawn: wall pieces, then from the back to the front. */
  pieces: ScenePiece[];
  /** The room's products below its picture: its pieces, then two more of each of their kinds. */
  products: string[];
  svg: string;
}

export const SCENE_ROOMS: readonly string[] = Object.keys(RECIPES);

const n1 = (v: number) => Math.round(v * 10) / 10;
const pts = (list: [number, number][]) => list.map(([x, y]) => `${n1(x)} ${n1(y)}`).join(' L');

/** Lays a room out and draws it; undefined for a room with no recipe. */
export function roomScene(slug: string): RoomScene | undefined {
  const recipe = RECIPES[slug];
  if (!recipe) return undefined;
  const palette = PALETTES[recipe.palette % PALETTES.length]!;
  const r = rng(slug.length * 31 + recipe.palette);

  // Each piece where its slot puts it: a floor piece's back `out` cm from the wall, a wall piece flush on it.
  const used = new Set<string>();
  const placed: { slot: Slot; p: SeedProduct; spec: PieceSpec; at: [number, number, number]; floor: ScenePiece['floor']; index: number }[] = [];
  for (const [index, slot] of recipe.slots.entries()) {
    const choice = ranked(slot).filter(({ p }) => !used.has(p.name))[slot.nth ?? 0];
    if (!choice) continue;
    used.add(choice.p.name);
    const { spec } = choice;
    const space = pieceSpace(spec);
    const x = slot.x * WALL_CM - (space.minX + space.maxX) / 2;
    const at: [number, number, number] = spec.wall ? [x, slot.hang ?? space.mount, -space.maxZ] : [x, 0, -(slot.out ?? 0) - space.maxZ];
    const floor = spec.wall ? null : { x0: at[0] + space.minX, x1: at[0] + space.maxX, z0: at[2] + space.minZ, z1: at[2] + space.maxZ };
    placed.push({ slot, p: choice.p, spec, at, floor, index });
  }

  // What stands on the floor is drawn from the back to the front (pieces, plants and lamps alike).
  const standing: { front: number; order: number; svg: string; piece?: ScenePiece }[] = [];
  const onWall: ScenePiece[] = [];
  let wallSvg = '';
  let shadows = '';
  for (const { slot, p, spec, at, floor, index } of placed) {
    const product = slugify(p.name);
    const finish = p.finishes[0] ?? '';
    const drawn = pieceInScene(spec, finish, SCENE_VIEW, at, product);
    const [fx, fy] = slot.dot ?? [0.5, 0.5];
    const b = drawn.bounds;
    const piece: ScenePiece = {
      product,
      name: p.name,
      finish,
      wall: spec.wall,
      at,
      bounds: b,
      floor,
      dot: { x: round2(((b.x + b.w * fx) / SCENE_WIDTH) * 100), y: round2(((b.y + b.h * fy) / SCENE_HEIGHT) * 100) },
    };
    if (floor) {
      const [cx, cy] = project((floor.x0 + floor.x1) / 2, 0, (floor.z0 + floor.z1) / 2);
      shadows += `<ellipse cx="${n1(cx)}" cy="${n1(cy)}" rx="${n1(((floor.x1 - floor.x0) / 2) * S + 14)}" ry="${n1(((floor.z1 - floor.z0) * K * 0.5 * S) / 2 + 10)}" fill="url(#sceneShadow)"/>`;
      standing.push({ front: floor.z0, order: index, svg: drawn.svg, piece });
    } else {
      wallSvg += drawn.svg;
      onWall.push(piece);
    }
  }

  const floorOf = (i: number) => placed.find((q) => q.index === i)?.floor ?? null;
  let windows = '';
  let rugs = '';
  let hanging = '';
  for (const [i, d] of recipe.decor.entries()) {
    if (d.kind === 'window') windows += windowOn(d.x * WALL_CM);
    else if (d.kind === 'plant') {
      const z = -(d.out ?? 0) - 20;
      const [x, y] = project(d.x * WALL_CM, 0, z);
      standing.push({ front: z - 15, order: 100 + i, svg: `<g transform="translate(${n1(x)} ${n1(y - 8)}) scale(0.8)">${plant(0, 0, r)}</g>` });
    } else if (d.kind === 'lamp') {
      const z = -(d.out ?? 0) - 15;
      standing.push({ front: z - 15, order: 100 + i, svg: floorLamp(d.x * WALL_CM, z) });
    } else if (d.kind === 'rug') {
      const under = d.under.map(floorOf).filter((f) => f !== null);
      if (under.length)
        rugs += rug(
          {
            x0: Math.min(...under.map((f) => f.x0)),
            x1: Math.max(...under.map((f) => f.x1)),
            z0: Math.min(...under.map((f) => f.z0)),
            z1: Math.max(...under.map((f) => f.z1)),
          },
          palette.rug,
        );
    } else if (d.kind === 'pendant') {
      const f = floorOf(d.over);
      if (f) hanging += pendant((f.x0 + f.x1) / 2, (f.z0 + f.z1) / 2);
    }
  }
  standing.sort((a, b) => b.front - a.front || a.order - b.order);
  const pieces = [...onWall, ...standing.flatMap((q) => (q.piece ? [q.piece] : []))];

  const products = pieces.map((q) => q.product);
  for (const { slot } of placed) {
    for (const { p } of ranked({ category: slot.category, types: slot.types })
      .filter(({ p }) => !products.includes(slugify(p.name)))
      .slice(0, 2)) {
      products.push(slugify(p.name));
    }
  }

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}">${sceneDefs(palette)}${backdrop(palette)}${windows}${wallSvg}${rugs}${shadows}${standing.map((q) => q.svg).join('')}${hanging}</svg>`;
  return { slug, width: SCENE_WIDTH, height: SCENE_HEIGHT, pieces, products, svg };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function sceneDefs(palette: (typeof PALETTES)[number]): string {
  return `<defs><linearGradient id="sceneWall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(palette.wall, 0.25)}"/><stop offset="1" stop-color="${shade(palette.wall, -0.05)}"/></linearGradient>
<linearGradient id="sceneFloor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(palette.floor, -0.08)}"/><stop offset="1" stop-color="${shade(palette.floor, 0.1)}"/></linearGradient>
<radialGradient id="sceneLight" cx="0.3" cy="0.15" r="0.9"><stop offset="0" stop-color="#fffaf0" stop-opacity="0.55"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></radialGradient>
<radialGradient id="sceneShadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#3a2614" stop-opacity="0.38"/><stop offset="1" stop-color="#3a2614" stop-opacity="0"/></radialGradient>
<linearGradient id="sceneSky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe0e6"/><stop offset="1" stop-color="#f3ead8"/></linearGradient></defs>`;
}

/** The back wall with its skirting, and a plank floor whose seams run back to the wall. */
function backdrop(palette: (typeof PALETTES)[number]): string {
  let seams = '';
  const seam = `stroke="${shade(palette.floor, -0.16)}" stroke-opacity="0.4" stroke-width="1.5"`;
  for (let x = -300; x < WALL_CM + 40; x += 18) {
    const [ax, ay] = project(x, 0, 0);
    const [bx, by] = project(x, 0, -700);
    seams += `<line x1="${n1(ax)}" y1="${n1(ay)}" x2="${n1(bx)}" y2="${n1(by)}" ${seam}/>`;
  }
  for (let z = -60, i = 0; z > -700; z -= 60, i++) {
    const [ax, ay] = project(-400, 0, z);
    const [bx, by] = project(WALL_CM + 400, 0, z);
    seams += `<line x1="${n1(ax)}" y1="${n1(ay)}" x2="${n1(bx)}" y2="${n1(by)}" ${seam} stroke-dasharray="${70 + (i % 3) * 20} ${110 + (i % 2) * 40}" stroke-dashoffset="${i * 37}"/>`;
  }
  const skirting = 10 * S;
  return `<rect width="${SCENE_WIDTH}" height="${WALL_Y}" fill="url(#sceneWall)"/><rect width="${SCENE_WIDTH}" height="${WALL_Y}" fill="url(#sceneLight)"/>
<rect y="${WALL_Y}" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT - WALL_Y}" fill="url(#sceneFloor)"/>${seams}
<rect y="${n1(WALL_Y - skirting)}" width="${SCENE_WIDTH}" height="${n1(skirting)}" fill="${shade(palette.wall, -0.14)}"/>`;
}

/** A window on the back wall, 110 cm wide, with its light falling on the floor below it. */
function windowOn(cx: number): string {
  const x0 = cx - 55;
  const x1 = cx + 55;
  const [ax, ay] = project(x0, 225, 0);
  const [bx, by] = project(x1, 95, 0);
  const frame = 5 * S;
  const light = pts([project(x0, 0, 0), project(x1, 0, 0), project(x1 - 40, 0, -220), project(x0 - 40, 0, -220)]);
  return `<path d="M${light} Z" fill="#fffaf0" opacity="0.18"/>
<rect x="${n1(ax - frame)}" y="${n1(ay - frame)}" width="${n1(bx - ax + 2 * frame)}" height="${n1(by - ay + 2 * frame)}" fill="#f8f3ea"/>
<rect x="${n1(ax)}" y="${n1(ay)}" width="${n1(bx - ax)}" height="${n1(by - ay)}" fill="url(#sceneSky)"/>
<path d="M${n1(ax)} ${n1(by)} Q ${n1(ax + (bx - ax) * 0.3)} ${n1(by - 70)} ${n1(ax + (bx - ax) * 0.55)} ${n1(by - 30)} T ${n1(bx)} ${n1(by - 45)} L${n1(bx)} ${n1(by)} Z" fill="#8fa37c" opacity="0.55"/>
<line x1="${n1((ax + bx) / 2)}" y1="${n1(ay)}" x2="${n1((ax + bx) / 2)}" y2="${n1(by)}" stroke="#f8f3ea" stroke-width="${n1(frame * 0.8)}"/>
<line x1="${n1(ax)}" y1="${n1((ay + by) / 2)}" x2="${n1(bx)}" y2="${n1((ay + by) / 2)}" stroke="#f8f3ea" stroke-width="${n1(frame * 0.6)}"/>
<rect x="${n1(ax - frame * 1.6)}" y="${n1(by + frame)}" width="${n1(bx - ax + frame * 3.2)}" height="${n1(frame * 0.9)}" fill="${shade('#f8f3ea', -0.12)}"/>`;
}

/** A standing lamp: a dark stem and a linen shade, 160 cm tall. */
function floorLamp(x: number, z: number): string {
  const [bx, by] = project(x, 0, z);
  const [, ty] = project(x, 150, z);
  const w = 22 * S;
  const h = 30 * S;
  return `<ellipse cx="${n1(bx)}" cy="${n1(by)}" rx="${n1(14 * S)}" ry="${n1(3 * S)}" fill="#3b2a1e"/><rect x="${n1(bx - 1.2 * S)}" y="${n1(ty)}" width="${n1(2.4 * S)}" height="${n1(by - ty)}" fill="#3b2a1e"/>
<circle cx="${n1(bx)}" cy="${n1(ty - h / 2)}" r="${n1(60 * S)}" fill="#fff3cf" opacity="0.16"/><path d="M${n1(bx - w)} ${n1(ty)} L${n1(bx + w)} ${n1(ty)} L${n1(bx + w * 0.7)} ${n1(ty - h)} L${n1(bx - w * 0.7)} ${n1(ty - h)} Z" fill="#f5ecd9" stroke="#d9cbb0" stroke-width="2"/>`;
}

/** A pendant lamp hung from the ceiling over a piece, its shade 185 cm above the floor. */
function pendant(x: number, z: number): string {
  const [cx, cy] = project(x, 185, z);
  const r = 24 * S;
  return `<line x1="${n1(cx)}" y1="0" x2="${n1(cx)}" y2="${n1(cy - r * 0.6)}" stroke="#3b2a1e" stroke-width="2"/><ellipse cx="${n1(cx)}" cy="${n1(cy + r * 0.6)}" rx="${n1(r * 2.2)}" ry="${n1(r * 0.6)}" fill="#fff3cf" opacity="0.25"/>
<path d="M${n1(cx - r)} ${n1(cy)} A ${n1(r)} ${n1(r * 0.75)} 0 0 1 ${n1(cx + r)} ${n1(cy)} Z" fill="#3b2a1e"/><rect x="${n1(cx - r)}" y="${n1(cy - 1)}" width="${n1(2 * r)}" height="3" fill="#c9a25a"/>`;
}

/** A rug on the floor under a piece, reaching 35 cm beyond it. */
function rug(f: { x0: number; x1: number; z0: number; z1: number }, colour: string): string {
  const m = 35;
  const outer = pts([project(f.x0 - m, 0, f.z0 - m), project(f.x1 + m, 0, f.z0 - m), project(f.x1 + m, 0, f.z1 + m), project(f.x0 - m, 0, f.z1 + m)]);
  const i = 12;
  const inner = pts([
    project(f.x0 - m + i, 0, f.z0 - m + i),
    project(f.x1 + m - i, 0, f.z0 - m + i),
    project(f.x1 + m - i, 0, f.z1 + m - i),
    project(f.x0 - m + i, 0, f.z1 + m - i),
  ]);
  return `<path d="M${outer} Z" fill="${shade(colour, 0.35)}"/><path d="M${inner} Z" fill="none" stroke="${shade(colour, 0.05)}" stroke-width="5" opacity="0.8"/>`;
}
