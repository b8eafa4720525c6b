/**
 * Draws one piece from its spec (piece-spec.ts) in a finish (contract/finishes.ts), as SVG source for sharp.
 * A piece is a small model of boxes in centimetres (x across the front, y up from the floor, z from the front
 * to the back) drawn in a cabinet projection: front faces stay true rectangles, depth goes up and to the right.
 * The same model gives every view, so the front, the three-quarter view, the close-up and the room always
 * show the same piece. Deterministic: the same spec and finish always give the same picture.
 */
import { finishColours, type FinishColours } from '../../../contract/finishes';
import { plant, rng, shade, type Rng } from './drawings';
import type { PieceSpec } from './piece-spec';

export type PieceView = 'front' | 'angle' | 'detail' | 'room';
export const PIECE_VIEWS: readonly PieceView[] = ['front', 'angle', 'detail', 'room'];

type Mat = 'wood' | 'woodV' | 'fabric' | 'back' | 'linen' | 'throw' | 'glass' | 'mirror' | 'metal' | 'dark' | 'canvas' | 'felt';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Ctx {
  f: FinishColours;
  s: number;
  spec: PieceSpec;
  r: Rng;
}
type Deco = (r: Rect, c: Ctx) => string;

interface Box {
  kind: 'box';
  x: number;
  y: number;
  z: number;
  w: number;
  h: number;
  d: number;
  mat: Mat;
  deco?: Deco[];
  /** Bottom width as a share of the top (tapered legs). */
  taper?: number;
  /** Bottom shifted sideways by this many cm (splayed legs). */
  lean?: number;
  round?: number;
  layer?: number;
}
interface Cyl {
  kind: 'cyl';
  cx: number;
  y: number;
  cz: number;
  r: number;
  h: number;
  mat: Mat;
  layer?: number;
}
interface Raw {
  kind: 'raw';
  z: number;
  layer?: number;
  draw: (p: Project, c: Ctx) => string;
}
type Part = Box | Cyl | Raw;
export type Project = (x: number, y: number, z: number) => [number, number];

interface Model {
  parts: Part[];
  /** Where the close-up looks: a joint or a carved detail, in cm. */
  focus: [number, number, number];
  /** Height above the floor of a piece that hangs on a wall. */
  mount: number;
}

const box = (x: number, y: number, z: number, w: number, h: number, d: number, mat: Mat, extra: Partial<Box> = {}): Box => ({
  kind: 'box',
  x,
  y,
  z,
  w,
  h,
  d,
  mat,
  ...extra,
});

const n2 = (v: number) => Math.round(v * 10) / 10;
const poly = (pts: [number, number][], fill: string, extra = '') =>
  `<path d="M${pts.map(([x, y]) => `${n2(x)} ${n2(y)}`).join(' L')} Z" fill="${fill}" ${extra}/>`;
const rectSvg = (r: Rect, fill: string, extra = '') =>
  `<rect x="${n2(r.x)}" y="${n2(r.y)}" width="${n2(Math.max(0, r.w))}" height="${n2(Math.max(0, r.h))}" fill="${fill}" ${extra}/>`;
const inset = (r: Rect, by: number): Rect => ({ x: r.x + by, y: r.y + by, w: r.w - 2 * by, h: r.h - 2 * by });

// ── fabrics and small colours ──────────────────────────────────────────────────────────────────────
const FABRICS = ['#e6dccb', '#6f7f6a', '#b5654a', '#2f4a5c', '#d8b26a', '#8c6d8f', '#c9c2b6', '#455a4b', '#a34f3c', '#d9cbb0'] as const;
const BOOKS = ['#7b3f2b', '#2f4a5c', '#c9a25a', '#455a4b', '#e9dfcf', '#8c6d8f', '#b5654a'] as const;
const WALLS = [
  { wall: '#f3ebde', floor: '#d9c3a3' },
  { wall: '#ece3d3', floor: '#c9ad86' },
  { wall: '#e8ddd0', floor: '#b98f64' },
  { wall: '#f1e6d6', floor: '#cfb08a' },
  { wall: '#e2e4dc', floor: '#c4a57f' },
  { wall: '#efe2cf', floor: '#a97e55' },
] as const;

function fabricOf(spec: PieceSpec): string {
  return FABRICS[spec.seed % FABRICS.length]!;
}

// ── decorations drawn on a front face ───────────────────────────────────────────────────────────────
const stroke = (c: Ctx, w = 2, o = 0.55) => `stroke="${c.f.dark}" stroke-width="${n2(Math.max(1, w))}" stroke-opacity="${o}"`;

function pull(x: number, y: number, c: Ctx, wide = false): string {
  if (!c.spec.handles) return '';
  const s = c.s;
  return wide
    ? rectSvg({ x: x - 5 * s, y: y - 0.7 * s, w: 10 * s, h: 1.6 * s }, c.f.hardware, `rx="${n2(0.8 * s)}"`)
    : `<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(Math.max(2.5, 1.3 * s))}" fill="${c.f.hardware}"/>`;
}

const drawerFront: Deco = (r, c) => {
  const face = inset(r, Math.max(1.5, 0.6 * c.s));
  const grip = c.spec.handles
    ? pull(r.x + r.w / 2, r.y + r.h * 0.42, c, true)
    : rectSvg({ x: r.x + r.w * 0.3, y: r.y + 1.2 * c.s, w: r.w * 0.4, h: 1.4 * c.s }, c.f.dark, 'opacity="0.8"');
  return `${rectSvg(face, 'url(#gH)', `rx="${n2(0.6 * c.s)}"`)}${rectSvg(face, 'none', stroke(c, 0.35 * c.s))}${grip}`;
};

function doorFront(hinge: 'left' | 'right', style: 'panel' | 'glass' | 'carved' | 'jaali' | 'plain' | 'mirror' | 'bin'): Deco {
  return (r, c) => {
    const s = c.s;
    const face = inset(r, Math.max(1.5, 0.6 * s));
    let out = rectSvg(face, 'url(#gV)', `rx="${n2(0.6 * s)}"`) + rectSvg(face, 'none', stroke(c, 0.35 * s));
    const inner = inset(face, Math.min(face.w, face.h) * 0.14);
    if (style === 'panel' || style === 'carved') {
      out +=
        rectSvg(inner, 'none', stroke(c, 0.45 * s, 0.7)) +
        rectSvg(inset(inner, 0.8 * s), 'none', `stroke="${c.f.light}" stroke-width="${n2(0.3 * s)}" stroke-opacity="0.5"`);
      if (style === 'carved') out += carving(inner, c);
    } else if (style === 'glass' || style === 'mirror') {
      out += rectSvg(inner, style === 'glass' ? 'url(#glass)' : 'url(#mirror)', `stroke="${c.f.dark}" stroke-width="${n2(0.4 * s)}"`);
      if (style === 'glass') {
        const plates = Math.max(1, Math.floor(inner.h / (12 * s)));
        for (let i = 1; i <= plates; i++) {
          const yy = inner.y + (inner.h * i) / (plates + 1);
          out += `<line x1="${n2(inner.x)}" y1="${n2(yy + 4 * s)}" x2="${n2(inner.x + inner.w)}" y2="${n2(yy + 4 * s)}" stroke="${c.f.dark}" stroke-width="${n2(0.6 * s)}" opacity="0.7"/>`;
          for (let px = inner.x + 5 * s; px < inner.x + inner.w - 4 * s; px += 9 * s) {
            out += `<ellipse cx="${n2(px)}" cy="${n2(yy)}" rx="${n2(3.6 * s)}" ry="${n2(3.6 * s)}" fill="#f4f1ea" stroke="#9fb5c0" stroke-width="${n2(0.3 * s)}" opacity="0.9"/>`;
          }
        }
      }
    } else if (style === 'jaali') {
      out += rectSvg(inner, shade(c.f.dark, -0.4)) + jaali(inner, c);
    } else if (style === 'bin') {
      out += `<path d="M${n2(face.x + 2 * s)} ${n2(face.y + 3 * s)} H${n2(face.x + face.w - 2 * s)}" fill="none" ${stroke(c, 0.5 * s, 0.7)}/>`;
    }
    const hx = hinge === 'left' ? face.x + face.w - 3.2 * s : face.x + 3.2 * s;
    out += style === 'bin' ? pull(face.x + face.w / 2, face.y + 6 * s, c, true) : pull(hx, face.y + face.h / 2, c);
    return out;
  };
}

function carving(r: Rect, c: Ctx): string {
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h / 2;
  const rad = Math.min(r.w, r.h) * 0.28;
  let petals = '';
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    petals += `<ellipse cx="${n2(cx + Math.cos(a) * rad * 0.55)}" cy="${n2(cy + Math.sin(a) * rad * 0.55)}" rx="${n2(rad * 0.42)}" ry="${n2(rad * 0.18)}" transform="rotate(${(i * 45).toFixed(0)} ${n2(cx + Math.cos(a) * rad * 0.55)} ${n2(cy + Math.sin(a) * rad * 0.55)})" fill="${c.f.dark}" opacity="0.45"/>`;
  }
  return `${petals}<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(rad * 0.22)}" fill="${c.f.hardware}" opacity="0.9"/><circle cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(rad)}" fill="none" ${stroke(c, 0.35 * c.s, 0.5)}/>`;
}

function jaali(r: Rect, c: Ctx): string {
  const step = Math.max(6, 4 * c.s);
  let out = '';
  for (let y = r.y + step / 2; y < r.y + r.h; y += step) {
    for (let x = r.x + step / 2; x < r.x + r.w; x += step) {
      out += `<path d="M${n2(x)} ${n2(y - step * 0.42)} L${n2(x + step * 0.42)} ${n2(y)} L${n2(x)} ${n2(y + step * 0.42)} L${n2(x - step * 0.42)} ${n2(y)} Z" fill="none" stroke="${c.f.mid}" stroke-width="${n2(Math.max(1.2, step * 0.14))}"/>`;
    }
  }
  return `<g>${out}</g>`;
}

/** Rows of cells across a front: drawers, doors, open bays, glass. */
type Cell =
  | 'drawer'
  | 'door'
  | 'doorR'
  | 'glass'
  | 'glassR'
  | 'open'
  | 'books'
  | 'bottles'
  | 'carved'
  | 'carvedR'
  | 'jaali'
  | 'jaaliR'
  | 'mirror'
  | 'bin'
  | 'panel';
function grid(rows: { share: number; cells: Cell[] }[]): Deco {
  return (r, c) => {
    const frame = Math.max(1.5, 2.2 * c.s);
    const total = rows.reduce((a, b) => a + b.share, 0);
    let y = r.y + frame;
    const innerH = r.h - frame * (rows.length + 1);
    let out = '';
    for (const row of rows) {
      const h = (innerH * row.share) / total;
      const w = (r.w - frame * (row.cells.length + 1)) / row.cells.length;
      row.cells.forEach((cell, i) => {
        const cr: Rect = { x: r.x + frame + i * (w + frame), y, w, h };
        out += cellSvg(cell, cr, c);
      });
      y += h + frame;
    }
    return out;
  };
}

function cellSvg(cell: Cell, r: Rect, c: Ctx): string {
  switch (cell) {
    case 'drawer':
      return drawerFront(r, c);
    case 'door':
    case 'doorR':
      return doorFront(cell === 'door' ? 'left' : 'right', 'panel')(r, c);
    case 'glass':
    case 'glassR':
      return doorFront(cell === 'glass' ? 'left' : 'right', 'glass')(r, c);
    case 'carved':
    case 'carvedR':
      return doorFront(cell === 'carved' ? 'left' : 'right', 'carved')(r, c);
    case 'jaali':
    case 'jaaliR':
      return doorFront(cell === 'jaali' ? 'left' : 'right', 'jaali')(r, c);
    case 'mirror':
      return openBay(r, c, 'mirror');
    case 'bin':
      return doorFront('left', 'bin')(r, c);
    case 'panel':
      return doorFront('left', 'plain')(r, c).replace(/<circle[^>]*\/>/g, '');
    case 'bottles':
      return openBay(r, c, 'bottles');
    case 'books':
      return openBay(r, c, 'books');
    case 'open':
      return openBay(r, c, 'things');
  }
}

function openBay(r: Rect, c: Ctx, what: 'books' | 'things' | 'bottles' | 'mirror'): string {
  const s = c.s;
  let out = rectSvg(r, what === 'mirror' ? 'url(#mirror)' : shade(c.f.dark, -0.35));
  out += rectSvg({ x: r.x, y: r.y, w: r.w, h: Math.min(r.h * 0.2, 3 * s) }, '#000', 'opacity="0.25"');
  if (what === 'books') {
    let bx = r.x + 2 * s;
    while (bx < r.x + r.w - 4 * s) {
      const bw = (2.5 + c.r() * 3) * s;
      const bh = Math.min(r.h - 3 * s, (18 + c.r() * 10) * s);
      if (c.r() > 0.86) {
        out += `<path d="M${n2(bx + 2 * s)} ${n2(r.y + r.h)} q ${n2(4 * s)} ${n2(-14 * s)} ${n2(8 * s)} 0 z" fill="#e8dcc8"/>`;
        bx += 12 * s;
        continue;
      }
      if (bx + bw > r.x + r.w - 1 * s) break;
      out += rectSvg({ x: bx, y: r.y + r.h - bh, w: bw, h: bh }, BOOKS[Math.floor(c.r() * BOOKS.length)]!, `rx="${n2(0.4 * s)}"`);
      bx += bw + 0.4 * s;
    }
  } else if (what === 'bottles') {
    const cols = Math.max(2, Math.floor(r.w / (9 * s)));
    const rows = Math.max(1, Math.floor(r.h / (9 * s)));
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < rows; j++) {
        const cx = r.x + ((i + 0.5) * r.w) / cols;
        const cy = r.y + ((j + 0.5) * r.h) / rows;
        const rad = Math.min(r.w / cols, r.h / rows) * 0.36;
        out += `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(rad * 1.2)}" fill="none" stroke="${c.f.mid}" stroke-width="${n2(0.8 * s)}"/><circle cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(rad * 0.7)}" fill="${(i + j) % 3 ? '#2f5d3a' : '#6b1f2a'}"/>`;
      }
    }
  } else if (what === 'mirror') {
    for (let i = 0; i < Math.floor(r.w / (8 * s)); i++) {
      const gx = r.x + 5 * s + i * 8 * s;
      out += `<path d="M${n2(gx - 2.5 * s)} ${n2(r.y + 2 * s)} h${n2(5 * s)} l${n2(-2 * s)} ${n2(5 * s)} v${n2(4 * s)} h${n2(-1 * s)} v${n2(-4 * s)} z" fill="#eef3f4" opacity="0.85"/>`;
      out += rectSvg({ x: gx - 2 * s, y: r.y + r.h - 14 * s, w: 4 * s, h: 14 * s }, i % 2 ? '#2f5d3a' : '#7b3f2b', `rx="${n2(1 * s)}"`);
    }
  } else {
    out += `<path d="M${n2(r.x + r.w * 0.25)} ${n2(r.y + r.h)} q ${n2(r.w * 0.08)} ${n2(-r.h * 0.7)} ${n2(r.w * 0.16)} 0 z" fill="#e8dcc8"/>`;
    out += rectSvg({ x: r.x + r.w * 0.55, y: r.y + r.h * 0.55, w: r.w * 0.3, h: r.h * 0.45 }, '#2b2b2e', `rx="${n2(0.5 * s)}"`);
  }
  return out;
}

const slats =
  (gapDark: boolean): Deco =>
  (r, c) => {
    const sw = 4.5 * c.s;
    const gap = 1.6 * c.s;
    let out = gapDark ? rectSvg(r, '#1d1714') : '';
    for (let x = r.x; x + sw <= r.x + r.w + 0.1; x += sw + gap) {
      out +=
        rectSvg({ x, y: r.y, w: sw, h: r.h }, 'url(#gV)') +
        rectSvg({ x: x + sw - 0.8 * c.s, y: r.y, w: 0.8 * c.s, h: r.h }, c.f.dark, 'opacity="0.5"');
    }
    return out;
  };

const flutes: Deco = (r, c) => {
  const fw = 3 * c.s;
  let out = '';
  for (let x = r.x; x < r.x + r.w - 0.5; x += fw) {
    out += rectSvg({ x, y: r.y, w: Math.min(fw, r.x + r.w - x), h: r.h }, 'url(#flute)');
  }
  return out;
};

const buttons: Deco = (r, c) => {
  let out = '';
  const step = 14 * c.s;
  for (let y = r.y + step * 0.7, row = 0; y < r.y + r.h - step * 0.3; y += step * 0.8, row++) {
    for (let x = r.x + step * (row % 2 ? 1 : 0.5); x < r.x + r.w - step * 0.3; x += step) {
      out += `<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(Math.max(1.2, 0.7 * c.s))}" fill="#000" opacity="0.3"/>`;
    }
  }
  return out;
};

const cane: Deco = (r, c) => {
  const step = Math.max(4, 2.2 * c.s);
  let out = rectSvg(r, '#e3c98f');
  for (let i = -r.h; i < r.w; i += step) {
    out += `<path d="M${n2(r.x + i)} ${n2(r.y + r.h)} L${n2(r.x + i + r.h)} ${n2(r.y)} M${n2(r.x + i)} ${n2(r.y)} L${n2(r.x + i + r.h)} ${n2(r.y + r.h)}" stroke="#b8944f" stroke-width="${n2(step * 0.18)}"/>`;
  }
  return `<svg x="${n2(r.x)}" y="${n2(r.y)}" width="${n2(r.w)}" height="${n2(r.h)}" viewBox="${n2(r.x)} ${n2(r.y)} ${n2(r.w)} ${n2(r.h)}">${out}</svg>`;
};

const cushion: Deco = (r, c) =>
  `<path d="M${n2(r.x + r.w * 0.1)} ${n2(r.y + r.h * 0.35)} q ${n2(r.w * 0.4)} ${n2(-r.h * 0.12)} ${n2(r.w * 0.8)} 0" stroke="#000" stroke-opacity="0.12" stroke-width="${n2(0.6 * c.s)}" fill="none"/>`;

const turnedRings: Deco = (r, c) => {
  let out = '';
  for (const t of [0.15, 0.3, 0.7])
    out += rectSvg({ x: r.x - 0.6 * c.s, y: r.y + r.h * t, w: r.w + 1.2 * c.s, h: 1.4 * c.s }, c.f.dark, 'opacity="0.5"');
  return out;
};

const carvedPanel: Deco = (r, c) => {
  const n = Math.max(1, Math.round(r.w / (r.h * 1.1)));
  let out = '';
  const w = r.w / n;
  for (let i = 0; i < n; i++) out += carving({ x: r.x + i * w + w * 0.1, y: r.y + r.h * 0.1, w: w * 0.8, h: r.h * 0.8 }, c);
  return out;
};

const panels =
  (n: number): Deco =>
  (r, c) => {
    let out = '';
    const pad = Math.min(r.w, r.h) * 0.1;
    const w = (r.w - pad * (n + 1)) / n;
    for (let i = 0; i < n; i++) {
      const pr = { x: r.x + pad + i * (w + pad), y: r.y + pad, w, h: r.h - 2 * pad };
      out +=
        rectSvg(pr, 'none', stroke(c, 0.45 * c.s, 0.7)) +
        rectSvg(inset(pr, 0.8 * c.s), 'none', `stroke="${c.f.light}" stroke-width="${n2(0.3 * c.s)}" stroke-opacity="0.5"`);
    }
    return out;
  };

function artwork(spec: PieceSpec): Deco {
  return (r) => {
    const pal = spec.palette;
    const rr = rng(spec.seed);
    const pick = () => pal[Math.floor(rr() * pal.length)]!;
    let out = rectSvg(r, spec.art === 'traditional' ? shade(pal[0]!, -0.35) : '#f1e8d8');
    if (spec.art === 'traditional') {
      const cx = r.x + r.w / 2;
      const gold = '#d4a437';
      if (/kolam|white/i.test(pal.join(' ') + (spec.palette.includes('#f4efe6') ? 'white' : ''))) {
        const step = Math.min(r.w, r.h) / 7;
        for (let i = 1; i < 7; i++)
          for (let j = 1; j < 7; j++) {
            const x = r.x + (r.w - step * 6) / 2 + i * step - step / 2;
            const y = r.y + (r.h - step * 6) / 2 + j * step - step / 2;
            out += `<circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(step * 0.1)}" fill="#f4efe6"/><circle cx="${n2(x)}" cy="${n2(y)}" r="${n2(step * 0.42)}" fill="none" stroke="#f4efe6" stroke-width="${n2(step * 0.06)}"/>`;
          }
      } else {
        out += `<path d="M${n2(r.x + r.w * 0.15)} ${n2(r.y + r.h * 0.95)} V${n2(r.y + r.h * 0.35)} Q ${n2(cx)} ${n2(r.y)} ${n2(r.x + r.w * 0.85)} ${n2(r.y + r.h * 0.35)} V${n2(r.y + r.h * 0.95)}" fill="none" stroke="${gold}" stroke-width="${n2(r.w * 0.03)}"/>`;
        for (const bx of [0.35, 0.5, 0.65]) {
          const x = r.x + r.w * bx;
          out += `<line x1="${n2(x)}" y1="${n2(r.y + r.h * 0.3)}" x2="${n2(x)}" y2="${n2(r.y + r.h * 0.5)}" stroke="${gold}" stroke-width="${n2(r.w * 0.01)}"/><path d="M${n2(x - r.w * 0.06)} ${n2(r.y + r.h * 0.64)} Q ${n2(x)} ${n2(r.y + r.h * 0.4)} ${n2(x + r.w * 0.06)} ${n2(r.y + r.h * 0.64)} Z" fill="${gold}"/>`;
        }
        out += `<circle cx="${n2(cx)}" cy="${n2(r.y + r.h * 0.8)}" r="${n2(r.w * 0.05)}" fill="#b3262f"/>`;
      }
    } else {
      out += `<path d="M${n2(r.x)} ${n2(r.y + r.h * 0.62)} C ${n2(r.x + r.w * 0.3)} ${n2(r.y + r.h * (0.4 + rr() * 0.2))}, ${n2(r.x + r.w * 0.6)} ${n2(r.y + r.h * (0.7 + rr() * 0.2))}, ${n2(r.x + r.w)} ${n2(r.y + r.h * 0.5)} V${n2(r.y + r.h)} H${n2(r.x)} Z" fill="${pick()}" opacity="0.85"/>`;
      for (let i = 0; i < 6; i++) {
        out += `<circle cx="${n2(r.x + rr() * r.w)}" cy="${n2(r.y + rr() * r.h * 0.7)}" r="${n2(Math.min(r.w, r.h) * (0.08 + rr() * 0.22))}" fill="${pick()}" opacity="${(0.45 + rr() * 0.4).toFixed(2)}"/>`;
      }
      out += `<path d="M${n2(r.x)} ${n2(r.y + r.h * 0.8)} C ${n2(r.x + r.w * 0.4)} ${n2(r.y + r.h * 0.7)}, ${n2(r.x + r.w * 0.7)} ${n2(r.y + r.h * 0.95)}, ${n2(r.x + r.w)} ${n2(r.y + r.h * 0.78)} V${n2(r.y + r.h)} H${n2(r.x)} Z" fill="${pick()}" opacity="0.9"/>`;
    }
    return `<svg x="${n2(r.x)}" y="${n2(r.y)}" width="${n2(r.w)}" height="${n2(r.h)}" viewBox="${n2(r.x)} ${n2(r.y)} ${n2(r.w)} ${n2(r.h)}">${out}</svg>`;
  };
}

// ── legs and bases ──────────────────────────────────────────────────────────────────────────────────
function legs(spec: PieceSpec, x0: number, x1: number, z0: number, z1: number, top: number, style = spec.legs, size = 6): Part[] {
  const out: Part[] = [];
  const corners: [number, number][] = [
    [x0, z1 - size],
    [x1 - size, z1 - size],
    [x0, z0],
    [x1 - size, z0],
  ];
  for (const [i, [x, z]] of corners.entries()) {
    const left = i % 2 === 0;
    if (style === 'tapered') out.push(box(x, 0, z, size, top, size, 'woodV', { taper: 0.55 }));
    else if (style === 'splayed') out.push(box(x, 0, z, size, top, size, 'woodV', { taper: 0.6, lean: left ? -top * 0.12 : top * 0.12 }));
    else if (style === 'turned') out.push(box(x, 0, z, size + 1, top, size + 1, 'woodV', { taper: 0.75, deco: [turnedRings] }));
    else if (style === 'bun') out.push(box(x - 1, 0, z, size + 4, Math.min(top, 8), size + 2, 'wood', { round: 3 }));
    else if (style === 'stepped') {
      out.push(
        box(x, 0, z, size + 2, top * 0.34, size, 'woodV'),
        box(x + 1, top * 0.34, z, size, top * 0.33, size, 'woodV'),
        box(x + 2, top * 0.67, z, size - 2, top * 0.33, size, 'woodV'),
      );
    }
  }
  if (style === 'plinth' || style === 'block') {
    const inset = style === 'plinth' ? 3 : (x1 - x0) * 0.12;
    if (style === 'plinth') out.push(box(x0 + inset, 0, z0 + inset, x1 - x0 - 2 * inset, top, z1 - z0 - 2 * inset, 'dark'));
    else out.push(box(x0 + inset, 0, z0 + 3, 14, top, z1 - z0 - 6, 'wood'), box(x1 - inset - 14, 0, z0 + 3, 14, top, z1 - z0 - 6, 'wood'));
  }
  return out;
}

// ── the pieces ──────────────────────────────────────────────────────────────────────────────────────
function seating(spec: PieceSpec): Model {
  const { length: L, breadth: B, height: H } = spec;
  const lounge = spec.back === 'sloping';
  const legH = lounge ? 18 : 14;
  const seatTop = lounge ? 38 : 44;
  const armW = spec.type === 'armchair' ? (lounge ? 6 : 10) : Math.max(12, Math.min(20, L * 0.075));
  const armH = lounge ? 56 : Math.min(H - 12, 64);
  const backD = lounge ? 14 : 22;
  const parts: Part[] = [];
  const main = spec.lShape ? Math.min(95, B * 0.5) : B;
  const mz = B - main;
  parts.push(...legs(spec, 0, L, mz, B, legH));
  if (spec.lShape) parts.push(...legs(spec, L - armW - Math.min(100, L * 0.34), L, 0, mz, legH));
  parts.push(box(0, legH, mz, L, 12, main, 'wood', { deco: spec.carved ? [carvedPanel] : [] }));
  const fabric: Mat = spec.cane ? 'wood' : 'back';
  parts.push(
    box(armW, seatTop - 2, B - backD, L - 2 * armW, H - seatTop + 2, backD, fabric, {
      deco: spec.cane ? [(r, c) => cane(inset(r, 3 * c.s), c)] : spec.buttoned ? [buttons] : [],
      layer: -1,
    }),
  );
  if (spec.lShape) {
    const cw = Math.min(100, L * 0.34);
    parts.push(box(L - armW - cw, legH, 0, cw + armW, 12, mz + 4, 'wood'));
    const pieces = spec.seats >= 6 ? 2 : 1;
    for (let i = 0; i < pieces; i++) {
      const d = (B - backD - 2) / pieces;
      parts.push(box(L - armW - cw, legH + 12, i * d, cw, seatTop - legH - 12, d - 1, 'fabric', { deco: [cushion] }));
    }
    const rest = Math.max(1, spec.seats - pieces - (spec.seats >= 6 ? 1 : 0));
    const w = (L - 2 * armW - cw) / rest;
    for (let i = 0; i < rest; i++)
      parts.push(box(armW + i * w, legH + 12, mz, w - 1, seatTop - legH - 12, main - backD, 'fabric', { deco: [cushion] }));
    parts.push(box(0, legH, mz, armW, armH - legH, main, spec.carved ? 'wood' : 'fabric', { deco: spec.carved ? [carvedPanel] : [] }));
    parts.push(box(L - armW, legH, 0, armW, armH - legH - 10, B, 'fabric'));
  } else {
    const n = Math.max(1, spec.seats);
    const w = (L - 2 * armW) / n;
    for (let i = 0; i < n; i++) parts.push(box(armW + i * w, legH + 12, 0, w - 1, seatTop - legH - 12, B - backD, 'fabric', { deco: [cushion] }));
    const armMat: Mat = spec.type === 'armchair' || spec.carved || lounge ? 'wood' : 'fabric';
    for (const x of [0, L - armW]) {
      parts.push(box(x, legH, 0, armW, armH - legH, B, armMat, { deco: spec.carved ? [carvedPanel] : [] }));
    }
    if (spec.type !== 'armchair' && !spec.carved) {
      for (const x of [0, L - armW]) parts.push(box(x, armH, 0, armW, 3, B, 'wood'));
    }
    if (spec.type === 'sofa') {
      parts.push({
        kind: 'raw',
        z: B - backD - 1,
        draw: (p, c) => {
          const [x1, y1] = p(armW + 8, seatTop + 4, B - backD - 4);
          const pw = 34 * c.s;
          return `<path d="M${n2(x1)} ${n2(y1)} q ${n2(pw * 0.1)} ${n2(-pw * 0.8)} ${n2(pw)} ${n2(-pw * 0.85)} q ${n2(pw * 0.15)} ${n2(pw * 0.5)} ${n2(-pw * 0.05)} ${n2(pw)} z" fill="${shade(FABRICS[(spec.seed >>> 3) % FABRICS.length]!, -0.1)}"/>`;
        },
      });
    }
  }
  return { parts, focus: [L - armW, armH, 0], mount: 0 };
}

function bed(spec: PieceSpec): Model {
  const { length: L, breadth: B } = spec;
  const headH = spec.posts ? Math.min(spec.height, 125) : spec.height;
  const baseTop = spec.storage ? 36 : 34;
  const parts: Part[] = [];
  if (spec.storage) {
    parts.push(box(2, 4, 4, L - 4, 8, B - 10, 'dark'));
    const deco: Deco[] = spec.drawers > 0 ? [grid([{ share: 1, cells: Array.from({ length: spec.drawers }, (): Cell => 'drawer') }])] : [panels(3)];
    parts.push(box(0, 10, 0, L, baseTop - 10, B - 6, 'wood', { deco }));
  } else {
    parts.push(...legs(spec, 0, L, 0, B - 6, 22, spec.legs, 7));
    parts.push(box(0, 20, 0, L, baseTop - 20, B - 6, 'wood'));
    parts.push(box(0, 0, 0, L, 44, 5, 'wood', { deco: [panels(Math.max(2, Math.round(L / 60)))], layer: 1 }));
  }
  // The mattress, a throw at the foot and pillows at the head.
  parts.push(box(4, baseTop, 6, L - 8, 22, B - 16, 'linen', { layer: 0 }));
  parts.push(box(2, baseTop + 10, 4, L - 4, 14, B * 0.42, 'throw', { layer: 0.5 }));
  const pillows = L >= 140 ? 2 : 1;
  const pw = (L - 30) / pillows;
  for (let i = 0; i < pillows; i++) parts.push(box(15 + i * pw, baseTop + 22, B - 50, pw - 8, 14, 34, 'linen', { round: 4, layer: 0.2 }));
  const headDeco: Deco[] =
    spec.headboard === 'slatted'
      ? [(r, c) => slats(false)(inset(r, 5 * c.s), c)]
      : spec.headboard === 'carved'
        ? [panels(3), carvedPanel]
        : spec.headboard === 'padded'
          ? [(r, c) => rectSvg(inset(r, 7 * c.s), 'url(#fabricPad)', `rx="${n2(4 * c.s)}"`) + buttons(inset(r, 9 * c.s), c)]
          : [panels(2)];
  parts.push(box(0, 0, B - 6, L, headH, 6, 'wood', { deco: headDeco, layer: -1 }));
  if (spec.headboard === 'carved') {
    parts.push({
      kind: 'raw',
      z: B,
      layer: -1,
      draw: (p, c) => {
        const [x0, y0] = p(L * 0.2, headH, B - 6);
        const [x1] = p(L * 0.8, headH, B - 6);
        return `<path d="M${n2(x0)} ${n2(y0)} Q ${n2((x0 + x1) / 2)} ${n2(y0 - 26 * c.s)} ${n2(x1)} ${n2(y0)} Z" fill="url(#gH)" stroke="${c.f.dark}" stroke-width="${n2(0.4 * c.s)}"/>`;
      },
    });
  }
  if (spec.posts) {
    const H = spec.height;
    for (const [x, z] of [
      [0, B - 7],
      [L - 7, B - 7],
    ] as const)
      parts.push(box(x, 0, z, 7, H, 7, 'woodV', { layer: -2 }));
    for (const [x, z] of [
      [0, 0],
      [L - 7, 0],
    ] as const)
      parts.push(box(x, 0, z, 7, H, 7, 'woodV', { layer: 2, deco: [turnedRings] }));
    if (spec.canopy) {
      parts.push(box(0, H - 6, B - 7, L, 6, 7, 'wood', { layer: -2 }));
      parts.push(box(0, H - 6, 0, 7, 6, B, 'wood', { layer: -1.5 }));
      parts.push(box(L - 7, H - 6, 0, 7, 6, B, 'wood', { layer: 1.5 }));
      parts.push(box(0, H - 6, 0, L, 6, 7, 'wood', { layer: 2.5 }));
      parts.push({
        kind: 'raw',
        z: 0,
        layer: 3,
        draw: (p, c) => {
          const [ax, ay] = p(3, H - 6, 0);
          const [bx] = p(L - 3, H - 6, 0);
          return `<path d="M${n2(ax)} ${n2(ay)} Q ${n2(ax + 12 * c.s)} ${n2(ay + 70 * c.s)} ${n2(ax + 4 * c.s)} ${n2(ay + 150 * c.s)} L${n2(ax - 2 * c.s)} ${n2(ay + 150 * c.s)} Z M${n2(bx)} ${n2(ay)} Q ${n2(bx - 12 * c.s)} ${n2(ay + 70 * c.s)} ${n2(bx - 4 * c.s)} ${n2(ay + 150 * c.s)} L${n2(bx + 2 * c.s)} ${n2(ay + 150 * c.s)} Z" fill="#fbf7ef" opacity="0.75"/>`;
        },
      });
    }
  }
  return { parts, focus: spec.posts ? [L - 4, 45, 0] : [L, baseTop, 0], mount: 0 };
}

function table(spec: PieceSpec, x = 0, z = 0, scale = 1, layer = 0): Part[] {
  const L = spec.length * scale;
  const B = spec.breadth * scale;
  const H = spec.height * scale;
  const parts: Part[] = [];
  const top = spec.inlay ? 5 : 4;
  if (spec.round) {
    const r = Math.min(L, B) / 2;
    parts.push({ kind: 'cyl', cx: x + r, y: H - top, cz: z + r, r, h: top, mat: 'wood', layer: layer + 1 });
    parts.push(...legs({ ...spec }, x + r * 0.35, x + r * 1.65, z + r * 0.35, z + r * 1.65, H - top, 'splayed', 5).map((p) => ({ ...p, layer })));
    return parts;
  }
  const apronH = spec.drawers > 0 ? 14 : 8;
  parts.push(
    box(x, H - top, z, L, top, B, 'wood', {
      layer: layer + 1,
      deco: spec.inlay ? [(r, c) => rectSvg({ x: r.x, y: r.y + r.h * 0.35, w: r.w, h: r.h * 0.3 }, c.f.light, 'opacity="0.9"')] : [],
    }),
  );
  parts.push(
    box(x + 3, H - top - apronH, z + 3, L - 6, apronH, B - 6, 'wood', {
      layer,
      deco: spec.drawers > 0 ? [grid([{ share: 1, cells: Array.from({ length: spec.drawers }, (): Cell => 'drawer') }])] : [],
    }),
  );
  parts.push(...legs(spec, x + 2, x + L - 2, z + 2, z + B - 2, H - top, spec.legs, spec.legs === 'stepped' ? 7 : 5).map((p) => ({ ...p, layer })));
  if (spec.lowerShelf) parts.push(box(x + 4, 10, z + 4, L - 8, 3, B - 8, 'wood', { layer }));
  if (spec.inlay) {
    parts.push({
      kind: 'raw',
      z: z,
      layer: layer + 2,
      draw: (p, c) => {
        let out = '';
        for (let i = 1; i < 5; i++)
          for (let j = 1; j < 5; j++) {
            const [px, py] = p(x + (L * i) / 5, H, z + (B * j) / 5);
            out += `<circle cx="${n2(px)}" cy="${n2(py)}" r="${n2(Math.max(1.5, 0.9 * c.s))}" fill="${c.f.light}"/><ellipse cx="${n2(px)}" cy="${n2(py)}" rx="${n2(4 * c.s)}" ry="${n2(2 * c.s)}" fill="none" stroke="${shade(c.f.light, 0.3)}" stroke-width="${n2(0.4 * c.s)}"/>`;
          }
        return out;
      },
    });
  }
  return parts;
}

function tables(spec: PieceSpec): Model {
  if (spec.type === 'nesting-tables') {
    return {
      parts: [...table(spec, 0, 10, 1, 0), ...table({ ...spec, seed: spec.seed + 1 }, spec.length * 0.55, -6, 0.82, 4)],
      focus: [spec.length, spec.height, 10],
      mount: 0,
    };
  }
  return { parts: table(spec), focus: [spec.round ? spec.length * 0.9 : spec.length - 2, spec.height - 4, 0], mount: 0 };
}

function caseBody(
  spec: PieceSpec,
  rows: { share: number; cells: Cell[] }[],
  opts: { cornice?: boolean; x?: number; y?: number; w?: number; h?: number; top?: boolean } = {},
): Part[] {
  const base = spec.wall ? 0 : spec.legs === 'bun' ? 8 : spec.legs === 'plinth' ? 8 : spec.legs === 'block' ? 6 : 14;
  const x = opts.x ?? 0;
  const y = opts.y ?? base;
  const w = opts.w ?? spec.length;
  const h = opts.h ?? spec.height - y - (opts.cornice ? 8 : 0);
  const d = spec.breadth;
  const parts: Part[] = [];
  if (!spec.wall && opts.y === undefined) parts.push(...legs(spec, x + 2, x + w - 2, 2, d - 2, base));
  parts.push(box(x, y, 0, w, h, d, 'wood', { deco: [grid(rows)] }));
  if (opts.cornice) parts.push(box(x - 3, y + h, -3, w + 6, 8, d + 3, 'wood', { deco: spec.carved ? [carvedPanel] : [panels(1)] }));
  else if (opts.top !== false) parts.push(box(x - 1.5, y + h, -1.5, w + 3, 3, d + 1.5, 'wood'));
  return parts;
}

const times = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: Math.max(0, n) }, (_, i) => f(i));
const doors = (n: number, kind: 'door' | 'glass' | 'carved' | 'jaali' = 'door'): Cell[] => times(n, (i) => (i % 2 ? `${kind}R` : kind) as Cell);

function shelving(spec: PieceSpec): Model {
  const { length: L, height: H, breadth: B } = spec;
  if (spec.type === 'wall-shelf' && H <= 10) {
    const parts: Part[] = [];
    const n = Math.max(1, spec.shelves);
    for (let i = 0; i < n; i++) {
      const y = i * 32;
      parts.push(box(i % 2 ? 8 : 0, y, 0, L - 8, 4, B, 'wood'));
      parts.push({
        kind: 'raw',
        z: -1,
        layer: 1,
        draw: (p, c) =>
          openBay({ ...rectFrom(p, (i % 2 ? 8 : 0) + 6, y + 4, L - 20, 24, 1), h: 24 * c.s }, c, 'books')
            .replace(/<rect[^>]*opacity="0.25"\/>/, '')
            .replace(/^<rect[^>]*\/>/, ''),
      });
    }
    return { parts, focus: [L - 8, 4, 0], mount: 130 };
  }
  const shelfRows = Math.max(1, spec.shelves);
  const rows: { share: number; cells: Cell[] }[] = times(shelfRows, () => ({ share: 1, cells: ['books'] as Cell[] }));
  if (spec.doors > 0) rows.push({ share: 1.6, cells: doors(spec.doors) });
  if (spec.flap) {
    const parts: Part[] = [
      box(0, 0, 0, L, H, B, 'wood', {
        deco: [
          grid([
            { share: 1, cells: ['books', 'books'] },
            { share: 1, cells: ['books', 'open'] },
            { share: 0.6, cells: ['panel'] },
          ]),
        ],
      }),
    ];
    parts.push(box(-1, 22, -38, L + 2, 3, 38, 'wood', { layer: 2 }));
    parts.push(box(L * 0.3, 25, -30, 28, 2, 20, 'linen', { layer: 3 }));
    return { parts, focus: [L, 25, -38], mount: 80 };
  }
  const parts = caseBody(spec, rows, { cornice: spec.carved });
  if (spec.rail) parts.push(box(-4, H - 14, -5, L + 8, 2.5, 2.5, 'metal', { layer: 3 }));
  return { parts, focus: [L, H - 10, 0], mount: 100 };
}

function cabinet(spec: PieceSpec): Model {
  const { length: L, height: H } = spec;
  if (spec.type === 'chest') {
    const n = spec.drawers;
    const rows: { share: number; cells: Cell[] }[] = [];
    if (n >= 5) {
      rows.push({ share: 0.8, cells: ['drawer', 'drawer'] });
      for (let i = 0; i < n - 2; i++) rows.push({ share: 1 + i * 0.18, cells: ['drawer'] });
    } else for (let i = 0; i < n; i++) rows.push({ share: 1 + i * 0.12, cells: ['drawer'] });
    return { parts: caseBody(spec, rows), focus: [L, H - 5, 0], mount: 0 };
  }
  if (spec.type === 'shoe-cabinet') {
    const rows = [
      { share: 0.6, cells: times(Math.max(1, Math.min(2, spec.drawers)), (): Cell => 'drawer') },
      ...times(Math.max(1, spec.doors), () => ({ share: 1.4, cells: ['bin'] as Cell[] })),
    ];
    const parts = caseBody(spec, rows, { top: false });
    parts.push(box(-2, H - 4, -2, L + 4, 4, spec.breadth + 2, 'wood'));
    parts.push(box(2, H, 4, L - 4, 5, spec.breadth - 8, 'fabric', { round: 2 }));
    return { parts, focus: [L, H, 0], mount: 0 };
  }
  if (spec.glass && H > 120) {
    const baseH = H * 0.45;
    const parts = caseBody({ ...spec, height: baseH }, [
      { share: 0.5, cells: times(Math.max(1, spec.drawers), (): Cell => 'drawer') },
      { share: 1.5, cells: doors(Math.max(2, spec.doors)) },
    ]);
    parts.push(
      box(4, baseH, 6, L - 8, H - baseH - 8, spec.breadth - 10, 'wood', {
        deco: [grid([{ share: 1, cells: doors(Math.max(2, spec.doors), 'glass') }])],
      }),
    );
    parts.push(box(1, H - 8, 3, L - 2, 8, spec.breadth - 4, 'wood', { deco: [panels(1)] }));
    return { parts, focus: [L - 4, H - 8, 6], mount: 0 };
  }
  const rows: { share: number; cells: Cell[] }[] = [];
  if (spec.drawers) rows.push({ share: 0.45, cells: times(spec.drawers, (): Cell => 'drawer') });
  rows.push({ share: 1.4, cells: doors(Math.max(1, spec.doors)) });
  return { parts: caseBody(spec, rows), focus: [L, H - 3, 0], mount: 0 };
}

function dining(spec: PieceSpec): Model {
  const { length: L, breadth: B, height: H } = spec;
  const parts: Part[] = [];
  const t = { ...spec, drawers: 0, lowerShelf: false, inlay: false };
  const chairW = 46;
  const chair = (x: number, z: number, facing: 'front' | 'back' | 'left' | 'right', layer: number): Part[] => {
    const seatH = 46;
    const out: Part[] = [];
    const d = 44;
    out.push(...legs({ ...spec, legs: 'tapered' }, x, x + chairW, z, z + d, seatH - 4, 'tapered', 4).map((p) => ({ ...p, layer })));
    out.push(box(x, seatH - 5, z, chairW, 5, d, 'wood', { layer: layer + 0.1 }));
    out.push(
      box(x + 2, seatH, z + 2, chairW - 4, 2.5, d - 4, spec.cane ? 'linen' : 'fabric', {
        layer: layer + 0.2,
        deco: spec.cane ? [(r, c) => cane(r, c)] : [],
      }),
    );
    const backZ = facing === 'front' ? z + d - 4 : facing === 'back' ? z : z;
    if (facing === 'left' || facing === 'right') {
      const bx = facing === 'left' ? x + chairW - 4 : x;
      out.push(
        box(bx, seatH, z, 4, 48, d, 'wood', {
          layer: layer + 0.3,
          deco: [(r, c) => (spec.cane ? cane(inset(r, 4 * c.s), c) : slats(false)(inset(r, 4 * c.s), c))],
        }),
      );
    } else {
      out.push(
        box(x, seatH, backZ, chairW, 48, 4, 'wood', {
          layer: facing === 'front' ? layer - 0.5 : layer + 0.5,
          deco: [(r, c) => (spec.cane ? cane(inset(r, 5 * c.s), c) : slats(false)(inset(r, 5 * c.s), c))],
        }),
      );
    }
    return out;
  };
  const bench = (x: number, z: number, w: number, layer: number): Part[] => [
    ...legs({ ...spec, legs: 'tapered' }, x, x + w, z, z + 36, 41, 'tapered', 5).map((p) => ({ ...p, layer })),
    box(x, 41, z, w, 5, 36, 'wood', { layer: layer + 0.2 }),
  ];
  const longSides = spec.benches > 0;
  let backRow: number;
  let frontRow: number;
  let ends: number;
  if (spec.round) {
    backRow = spec.seats >= 4 ? 2 : 1;
    ends = spec.seats - backRow >= 2 ? 2 : 0;
    frontRow = 0;
  } else if (longSides && spec.benches >= 2) {
    backRow = 0;
    frontRow = 0;
    ends = spec.seats;
  } else {
    ends = spec.seats >= 6 ? 2 : longSides ? 0 : 2;
    const rest = spec.seats - ends;
    backRow = longSides ? rest : Math.ceil(rest / 2);
    frontRow = longSides ? 0 : rest - backRow;
  }
  // Behind the table: chairs (seen from the front) or a bench.
  if (spec.benches > 0) parts.push(...bench(8, B - 30, L - 16, -3));
  const spread = (count: number) => times(count, (i) => (L * (i + 0.5)) / count - chairW / 2);
  for (const x of spread(backRow)) parts.push(...chair(x, B - 30, 'front', -3));
  const perEnd = Math.max(0, Math.round(ends / 2));
  for (let i = 0; i < perEnd; i++) {
    const z = perEnd === 1 ? B / 2 - 22 : 4 + (i * (B - 52)) / Math.max(1, perEnd - 1);
    parts.push(...chair(-chairW + 6, z, 'left', -2 + i * 0.01));
    parts.push(...chair(L - 6, z, 'right', 5 + i * 0.01));
  }
  if (spec.round)
    parts.push(
      { kind: 'cyl', cx: L / 2, y: 0, cz: B / 2, r: 22, h: 4, mat: 'wood', layer: 0 },
      { kind: 'cyl', cx: L / 2, y: 4, cz: B / 2, r: 8, h: H - 8, mat: 'woodV', layer: 0.1 },
      { kind: 'cyl', cx: L / 2, y: H - 5, cz: B / 2, r: Math.min(L, B) / 2, h: 5, mat: 'wood', layer: 1 },
    );
  else if (spec.legs === 'trestle') {
    parts.push(box(0, H - 6, 0, L, 6, B, 'wood', { layer: 1 }));
    for (const x of [L * 0.12, L * 0.88 - 10]) {
      parts.push(box(x, 0, B * 0.15, 10, 5, B * 0.7, 'wood', { layer: 0.5 }), box(x, 5, B * 0.4, 10, H - 11, B * 0.2, 'woodV', { layer: 0.5 }));
    }
    parts.push(box(L * 0.12, H * 0.35, B * 0.45, L * 0.76, 6, 6, 'wood', { layer: 0.4 }));
  } else {
    parts.push(...table({ ...t, length: L, breadth: B, height: H }, 0, 0, 1, 0.5));
    if (spec.drawers > 0)
      parts.push({
        kind: 'raw',
        z: 0,
        layer: 2,
        draw: (p, c) => {
          // The extension leaf: a board of lighter, cross-cut grain between two seams, across the whole top.
          const band = [p(L * 0.42, H, 0), p(L * 0.58, H, 0), p(L * 0.58, H, B), p(L * 0.42, H, B)];
          const [ax, ay] = p(L * 0.42, H, 0);
          const [bx, by] = p(L * 0.58, H, 0);
          const seam = `stroke="${c.f.dark}" stroke-width="${n2(0.7 * c.s)}"`;
          return `${poly(band, c.f.light, 'opacity="0.85"')}${rectSvg({ x: ax, y: ay, w: bx - ax, h: 4 * c.s }, c.f.light)}<line x1="${n2(ax)}" y1="${n2(ay)}" x2="${n2(ax)}" y2="${n2(ay + 4 * c.s)}" ${seam}/><line x1="${n2(bx)}" y1="${n2(by)}" x2="${n2(bx)}" y2="${n2(by + 4 * c.s)}" ${seam}/>${rectSvg({ x: ax - 3 * c.s, y: ay + 7 * c.s, w: 2 * c.s, h: 2 * c.s }, c.f.hardware)}${rectSvg({ x: bx + c.s, y: by + 7 * c.s, w: 2 * c.s, h: 2 * c.s }, c.f.hardware)}`;
        },
      });
  }
  if (spec.benches > 1) parts.push(...bench(8, -14, L - 16, 6));
  for (const x of spread(frontRow)) parts.push(...chair(x, -18, 'back', 6));
  // A bowl and a runner, so the table reads as a dining table.
  parts.push({
    kind: 'raw',
    z: 0,
    layer: 7,
    draw: (p, c) => {
      const [cx, cy] = p(L / 2, H, B / 2);
      return `<ellipse cx="${n2(cx)}" cy="${n2(cy)}" rx="${n2(14 * c.s)}" ry="${n2(4 * c.s)}" fill="#efe6d6"/><path d="M${n2(cx - 13 * c.s)} ${n2(cy)} q ${n2(13 * c.s)} ${n2(12 * c.s)} ${n2(26 * c.s)} 0" fill="#d9ccb5"/><circle cx="${n2(cx - 4 * c.s)}" cy="${n2(cy - 3 * c.s)}" r="${n2(3.5 * c.s)}" fill="#e0a43a"/><circle cx="${n2(cx + 4 * c.s)}" cy="${n2(cy - 3 * c.s)}" r="${n2(3.5 * c.s)}" fill="#8fa349"/>`;
    },
  });
  return { parts, focus: [L, H, 0], mount: 0 };
}

function bar(spec: PieceSpec): Model {
  const { length: L, breadth: B, height: H } = spec;
  if (spec.type === 'bar-stool') {
    const parts: Part[] = [];
    const seat = H - 6;
    if (spec.legs === 'pedestal') {
      parts.push({ kind: 'cyl', cx: L / 2, y: 0, cz: B / 2, r: L * 0.42, h: 3, mat: 'wood', layer: 0 });
      parts.push({ kind: 'cyl', cx: L / 2, y: 3, cz: B / 2, r: 3.5, h: seat - 3, mat: 'metal', layer: 0.1 });
      parts.push({ kind: 'cyl', cx: L / 2, y: 24, cz: B / 2, r: L * 0.34, h: 2, mat: 'metal', layer: 0.2 });
    } else {
      parts.push(...legs(spec, 2, L - 2, 2, B - 2, seat, 'splayed', 4));
      parts.push(box(0, 24, -1, L, 2.5, 2.5, 'metal', { layer: 2 }), box(0, 24, B - 2, L, 2.5, 2.5, 'wood', { layer: -1 }));
    }
    parts.push({ kind: 'cyl', cx: L / 2, y: seat, cz: B / 2, r: L / 2, h: 6, mat: spec.upholstered ? 'fabric' : 'wood', layer: 1 });
    if (spec.back === 'low') parts.push(box(4, H, B - 6, L - 8, 22, 4, spec.upholstered ? 'back' : 'wood', { layer: -1, round: 4 }));
    return { parts, focus: [L, seat + 3, B / 2], mount: 0 };
  }
  if (spec.type === 'bar-counter') {
    const parts = caseBody({ ...spec, legs: 'plinth' }, [{ share: 1, cells: [...doors(spec.doors), 'bottles', 'panel'] }], { top: false });
    parts.push(box(-6, H - 5, -10, L + 12, 5, B + 10, 'wood', { layer: 2 }));
    parts.push(box(-4, 18, -8, L + 8, 3, 3, 'metal', { layer: 3 }));
    return { parts, focus: [L + 6, H - 5, -10], mount: 0 };
  }
  const rows: { share: number; cells: Cell[] }[] = spec.mirror
    ? [
        { share: 1.3, cells: ['mirror'] },
        { share: 0.3, cells: ['drawer'] },
        { share: 1.2, cells: doors(spec.doors) },
      ]
    : [
        { share: 1.4, cells: ['bottles'] },
        { share: 1, cells: doors(spec.doors) },
      ];
  return { parts: caseBody(spec, rows, { cornice: spec.mirror }), focus: [L, H - 6, 0], mount: 0 };
}

function mandir(spec: PieceSpec): Model {
  const { length: L, breadth: B, height: H } = spec;
  const parts: Part[] = [];
  const cabinetH = spec.wall ? 0 : H * 0.4;
  const domeH = H * (spec.wall ? 0.3 : 0.22);
  const shrineH = H - cabinetH - domeH;
  if (!spec.wall) {
    const rows: { share: number; cells: Cell[] }[] = [];
    if (spec.drawers) rows.push({ share: 0.35, cells: times(spec.drawers, (): Cell => 'drawer') });
    rows.push({ share: 1, cells: doors(2, 'carved') });
    parts.push(...caseBody({ ...spec, height: cabinetH }, rows));
  }
  const shrineDeco: Deco = (r, c) => {
    const s = c.s;
    const a = inset(r, Math.min(r.w, r.h) * 0.12);
    const arch = `M${n2(a.x)} ${n2(a.y + a.h)} V${n2(a.y + a.w * 0.35)} Q ${n2(a.x + a.w / 2)} ${n2(a.y - a.w * 0.15)} ${n2(a.x + a.w)} ${n2(a.y + a.w * 0.35)} V${n2(a.y + a.h)} Z`;
    let out = `<path d="${arch}" fill="${shade(c.f.dark, -0.45)}"/>`;
    if (spec.jaali)
      out += `<clipPath id="arch${Math.round(a.x)}"><path d="${arch}"/></clipPath><g clip-path="url(#arch${Math.round(a.x)})" opacity="0.8">${jaali(a, c)}</g>`;
    out += `<path d="${arch}" fill="none" stroke="${c.f.hardware}" stroke-width="${n2(0.8 * s)}"/>`;
    out += `<ellipse cx="${n2(a.x + a.w / 2)}" cy="${n2(a.y + a.h * 0.75)}" rx="${n2(a.w * 0.35)}" ry="${n2(a.h * 0.3)}" fill="#ffcf7a" opacity="0.35"/>`;
    out += `<path d="M${n2(a.x + a.w / 2 - 3 * s)} ${n2(a.y + a.h - 2 * s)} q ${n2(3 * s)} ${n2(-8 * s)} ${n2(6 * s)} 0 z" fill="#ffb347"/>${rectSvg({ x: a.x + a.w / 2 - 6 * s, y: a.y + a.h - 2 * s, w: 12 * s, h: 2 * s }, c.f.hardware)}`;
    if (spec.bells)
      for (const bx of [a.x + a.w * 0.18, a.x + a.w * 0.82]) {
        out += `<line x1="${n2(bx)}" y1="${n2(a.y + a.w * 0.25)}" x2="${n2(bx)}" y2="${n2(a.y + a.w * 0.25 + 10 * s)}" stroke="${c.f.hardware}" stroke-width="${n2(0.4 * s)}"/><path d="M${n2(bx - 3 * s)} ${n2(a.y + a.w * 0.25 + 15 * s)} q ${n2(3 * s)} ${n2(-9 * s)} ${n2(6 * s)} 0 z" fill="${c.f.hardware}"/>`;
      }
    return out;
  };
  parts.push(box(0, cabinetH, 0, L, shrineH, B, 'wood', { deco: [shrineDeco] }));
  if (spec.doors > 0 && !spec.wall) {
    for (const [x, w] of [
      [-L * 0.18, L * 0.2],
      [L - 2, L * 0.2],
    ] as const)
      parts.push(
        box(x, cabinetH + 4, -2, w, shrineH - 8, 2, 'wood', {
          layer: 2,
          deco: [(r, c) => rectSvg(inset(r, 2 * c.s), shade(c.f.dark, -0.4)) + jaali(inset(r, 2 * c.s), c)],
        }),
      );
  }
  const tiers = Math.max(1, spec.tiers);
  for (let i = 0; i < tiers; i++) {
    const w = L * (1 - i * 0.22) + 6 - i * 4;
    const th = domeH / (tiers + 0.6);
    parts.push(
      box((L - w) / 2, cabinetH + shrineH + i * th, (B - B * (1 - i * 0.15)) / 2 - 2, w, th, B * (1 - i * 0.15) + 2, 'wood', {
        deco: [panels(Math.max(1, 4 - i))],
        layer: 0.1 + i * 0.01,
      }),
    );
  }
  parts.push({
    kind: 'raw',
    z: B / 2,
    layer: 1,
    draw: (p, c) => {
      const [x, y] = p(L / 2, cabinetH + shrineH + (domeH / (tiers + 0.6)) * tiers, B / 2);
      const s = c.s;
      return `<path d="M${n2(x - 6 * s)} ${n2(y)} Q ${n2(x - 7 * s)} ${n2(y - 9 * s)} ${n2(x)} ${n2(y - 10 * s)} Q ${n2(x + 7 * s)} ${n2(y - 9 * s)} ${n2(x + 6 * s)} ${n2(y)} Z" fill="${c.f.hardware}"/><path d="M${n2(x - 1.5 * s)} ${n2(y - 10 * s)} L${n2(x)} ${n2(y - 18 * s)} L${n2(x + 1.5 * s)} ${n2(y - 10 * s)} Z" fill="${c.f.hardware}"/>`;
    },
  });
  return { parts, focus: [L, cabinetH + shrineH, 0], mount: 110 };
}

function tvUnit(spec: PieceSpec): Model {
  const { length: L, breadth: B, height: H } = spec;
  const parts: Part[] = [];
  const tv = (y: number, z: number) =>
    parts.push(
      box(L / 2 - 62, y, z, 124, 72, 3, 'dark', {
        layer: -3,
        deco: [
          (r, c) =>
            rectSvg(inset(r, 1.2 * c.s), '#2b3440') +
            `<path d="M${n2(r.x + r.w * 0.05)} ${n2(r.y + 2 * c.s)} L${n2(r.x + r.w * 0.4)} ${n2(r.y + 2 * c.s)} L${n2(r.x + r.w * 0.1)} ${n2(r.y + r.h - 2 * c.s)} L${n2(r.x + r.w * 0.05)} ${n2(r.y + r.h - 2 * c.s)} Z" fill="#fff" opacity="0.07"/>`,
        ],
      }),
    );
  if (spec.slats && H > 80) {
    parts.push(box(0, 0, B - 3, L, H, 3, 'wood', { deco: [slats(true)], layer: -4 }));
    const shelfY = H * 0.25;
    parts.push(
      box(L * 0.1, shelfY, 0, L * 0.8, 16, B - 3, 'wood', {
        deco: [grid([{ share: 1, cells: ['open', ...times(spec.drawers, (): Cell => 'drawer'), 'open'] }])],
      }),
    );
    tv(shelfY + 24, B - 6);
    return { parts, focus: [L * 0.9, shelfY + 16, 0], mount: 30 };
  }
  const cells: Cell[] = [];
  const bays = spec.shelves > 0 ? 1 : 0;
  if (bays) cells.push('open');
  if (spec.doors) cells.push(...doors(spec.doors, spec.carved ? 'carved' : 'door'));
  cells.push(...times(spec.drawers, (): Cell => 'drawer'));
  if (bays) cells.push('open');
  const rows = spec.doors && spec.drawers ? [{ share: 1, cells: cells.filter((c) => c !== 'drawer') }] : [{ share: 1, cells }];
  const body = caseBody(spec, rows);
  if (spec.doors && spec.drawers) {
    // Drawers in a row below the doors.
    const b = body.find((p): p is Box => p.kind === 'box' && p.mat === 'wood' && !!p.deco);
    if (b)
      b.deco = [
        grid([
          { share: 1.6, cells: cells.filter((c) => c !== 'drawer') },
          { share: 0.7, cells: times(spec.drawers, (): Cell => 'drawer') },
        ]),
      ];
  }
  parts.push(...body);
  tv(spec.wall ? H + 30 : H + 3, spec.wall ? B - 3 : B * 0.4);
  if (!spec.wall) parts.push(box(L / 2 - 20, H, B * 0.4 - 2, 40, 3, 14, 'dark', { layer: -2.5 }));
  return { parts, focus: [L, H - 3, 0], mount: 45 };
}

function wardrobe(spec: PieceSpec): Model {
  const { length: L, height: H } = spec;
  const rows: { share: number; cells: Cell[] }[] = [];
  if (spec.loft) rows.push({ share: 0.4, cells: doors(spec.doors) });
  if (spec.sliding) {
    const parts = caseBody(spec, [{ share: 1, cells: ['panel'] }], { cornice: false });
    const n = Math.max(2, spec.doors);
    const w = (L - 4) / n;
    for (let i = 0; i < n; i++) {
      parts.push(
        box(2 + i * w - (i ? 2 : 0), 12, i % 2 ? -2 : -4, w + 2, H - 22, 2, 'woodV', {
          layer: i % 2 ? 1 : 2,
          deco: [
            panels(1),
            (r, c) =>
              rectSvg(
                { x: i % 2 ? r.x + 3 * c.s : r.x + r.w - 5 * c.s, y: r.y + r.h * 0.35, w: 2 * c.s, h: r.h * 0.3 },
                c.f.hardware,
                `rx="${n2(c.s)}"`,
              ),
          ],
        }),
      );
    }
    parts.push(box(0, H - 10, -5, L, 3, 5, 'metal', { layer: 3 }));
    return { parts, focus: [L, H - 10, 0], mount: 0 };
  }
  rows.push({ share: 2.2, cells: doors(spec.doors, spec.carved ? 'carved' : 'door') });
  if (spec.drawers) rows.push({ share: 0.4, cells: times(spec.drawers, (): Cell => 'drawer') });
  const parts = caseBody(spec, rows, { cornice: spec.carved });
  return { parts, focus: [L, H - 8, 0], mount: 0 };
}

function wallPanel(spec: PieceSpec): Model {
  const { length: L, height: H, breadth: B } = spec;
  const felt = /felt/.test('') || spec.slats;
  const parts: Part[] = [box(0, 0, 0, L, H, Math.max(2, B), 'wood', { deco: [spec.fluted ? flutes : slats(felt)] })];
  if (L >= 200 && H >= 200) {
    parts.push(box(L / 2 - 62, H * 0.42, -4, 124, 72, 3, 'dark', { layer: 2, deco: [(r, c) => rectSvg(inset(r, 1.2 * c.s), '#2b3440')] }));
  }
  const mount = H >= 200 ? 0 : H <= 70 ? 200 : 60;
  return { parts, focus: [L, H, 0], mount };
}

function painting(spec: PieceSpec): Model {
  const { length: L, height: H } = spec;
  const frameW = Math.max(4, Math.min(L, H) * 0.07);
  const parts: Part[] = [
    box(0, 0, 0, L, H, 4, 'wood', {
      deco: [(r, c) => rectSvg(inset(r, frameW * c.s), '#f6efe2') + artwork(spec)(inset(r, (frameW + Math.min(L, H) * 0.05) * c.s), c)],
    }),
  ];
  return { parts, focus: [L, H, 0], mount: 150 - H / 2 };
}

export function pieceModel(spec: PieceSpec): Model {
  switch (spec.type) {
    case 'sofa':
    case 'armchair':
      return seating(spec);
    case 'bed':
      return bed(spec);
    case 'coffee-table':
    case 'side-table':
    case 'console':
    case 'nesting-tables':
      return tables(spec);
    case 'bookcase':
    case 'wall-shelf':
      return shelving(spec);
    case 'sideboard':
    case 'chest':
    case 'shoe-cabinet':
      return cabinet(spec);
    case 'dining-set':
      return dining(spec);
    case 'bar-cabinet':
    case 'bar-stool':
    case 'bar-counter':
      return bar(spec);
    case 'mandir':
      return mandir(spec);
    case 'tv-unit':
      return tvUnit(spec);
    case 'wardrobe':
      return wardrobe(spec);
    case 'wall-panel':
      return wallPanel(spec);
    case 'painting':
      return painting(spec);
  }
}

// ── rendering ───────────────────────────────────────────────────────────────────────────────────────
function rectFrom(p: Project, x: number, y: number, w: number, h: number, z: number): Rect {
  const [ax, ay] = p(x, y + h, z);
  const [bx, by] = p(x + w, y, z);
  return { x: ax, y: ay, w: bx - ax, h: by - ay };
}

function fills(mat: Mat, f: FinishColours, spec: PieceSpec): { front: string; top: string; side: string } {
  const fabric = fabricOf(spec);
  switch (mat) {
    case 'wood':
      return { front: 'url(#gH)', top: 'url(#gT)', side: 'url(#gS)' };
    case 'woodV':
      return { front: 'url(#gV)', top: 'url(#gT)', side: 'url(#gS)' };
    case 'fabric':
      return { front: shade(fabric, -0.04), top: shade(fabric, 0.12), side: shade(fabric, -0.2) };
    case 'back':
      return { front: shade(fabric, -0.1), top: shade(fabric, 0.05), side: shade(fabric, -0.25) };
    case 'linen':
      return { front: '#efe9df', top: '#faf7f1', side: '#ddd5c8' };
    case 'throw': {
      const t = FABRICS[(spec.seed >>> 5) % FABRICS.length]!;
      return { front: shade(t, -0.08), top: t, side: shade(t, -0.22) };
    }
    case 'glass':
      return { front: 'url(#glass)', top: '#d9e6ea', side: '#b7c9cf' };
    case 'mirror':
      return { front: 'url(#mirror)', top: '#d9e6ea', side: '#b7c9cf' };
    case 'metal':
      return { front: f.hardware, top: shade(f.hardware, 0.3), side: shade(f.hardware, -0.25) };
    case 'dark':
      return { front: shade(f.dark, -0.35), top: shade(f.dark, -0.2), side: shade(f.dark, -0.5) };
    case 'canvas':
      return { front: '#f6efe2', top: '#fff', side: '#e0d6c4' };
    case 'felt':
      return { front: '#1d1714', top: '#2a221e', side: '#140f0d' };
  }
}

function drawPart(part: Part, p: Project, c: Ctx, k: number): string {
  const edge = `stroke="${shade(c.f.dark, -0.4)}" stroke-opacity="0.35" stroke-width="${n2(Math.max(0.8, 0.25 * c.s))}" stroke-linejoin="round"`;
  if (part.kind === 'raw') return part.draw(p, c);
  const fl = fills(part.mat, c.f, c.spec);
  if (part.kind === 'cyl') {
    const [cx, cyTop] = p(part.cx, part.y + part.h, part.cz);
    const [, cyBot] = p(part.cx, part.y, part.cz);
    const rx = part.r * c.s;
    const ry = part.r * c.s * (0.22 + k * 0.35);
    return `<path d="M${n2(cx - rx)} ${n2(cyTop)} V${n2(cyBot)} A ${n2(rx)} ${n2(ry)} 0 0 0 ${n2(cx + rx)} ${n2(cyBot)} V${n2(cyTop)} Z" fill="${fl.front}" ${edge}/><ellipse cx="${n2(cx)}" cy="${n2(cyTop)}" rx="${n2(rx)}" ry="${n2(ry)}" fill="${fl.top}" ${edge}/>`;
  }
  const { x, y, z, w, h, d } = part;
  const taper = part.taper ?? 1;
  const lean = part.lean ?? 0;
  const bw = w * taper;
  const bx = x + (w - bw) / 2 + lean;
  let out = '';
  if (k > 0 && d > 0) {
    if (taper === 1 && lean === 0) {
      out += poly([p(x + w, y, z), p(x + w, y, z + d), p(x + w, y + h, z + d), p(x + w, y + h, z)], fl.side, edge);
    } else {
      out += poly([p(bx + bw, y, z), p(bx + bw, y, z + d * taper), p(x + w, y + h, z + d), p(x + w, y + h, z)], fl.side, edge);
    }
    out += poly([p(x, y + h, z), p(x + w, y + h, z), p(x + w, y + h, z + d), p(x, y + h, z + d)], fl.top, edge);
  }
  if (taper === 1 && lean === 0) {
    const r = rectFrom(p, x, y, w, h, z);
    const rx = part.round ? ` rx="${n2(part.round * c.s)}"` : '';
    out += rectSvg(r, fl.front, `${edge}${rx}`);
    if (part.mat === 'wood' || part.mat === 'woodV') out += rectSvg(r, 'url(#sheen)', rx);
    for (const deco of part.deco ?? []) out += deco(r, c);
  } else {
    out += poly([p(x, y + h, z), p(x + w, y + h, z), p(bx + bw, y, z), p(bx, y, z)], fl.front, edge);
    const r = rectFrom(p, x, y, w, h, z);
    for (const deco of part.deco ?? []) out += deco(r, c);
  }
  return out;
}

function order(parts: Part[]): Part[] {
  const depth = (q: Part) => (q.kind === 'box' ? q.z + q.d / 2 : q.kind === 'cyl' ? q.cz : q.z);
  const height = (q: Part) => (q.kind === 'raw' ? 0 : q.y);
  const left = (q: Part) => (q.kind === 'box' ? q.x : q.kind === 'cyl' ? q.cx : 0);
  const span = (q: Part): [number, number, number, number, number, number] | null =>
    q.kind === 'box'
      ? [q.x, q.x + q.w, q.z, q.z + q.d, q.y, q.y + q.h]
      : q.kind === 'cyl'
        ? [q.cx - q.r, q.cx + q.r, q.cz - q.r, q.cz + q.r, q.y, q.y + q.h]
        : null;
  // One part resting on another (footprints overlapping) is drawn after it; otherwise the farther part first.
  const stacked = (a: Part, b: Part) => {
    const sa = span(a);
    const sb = span(b);
    if (!sa || !sb) return 0;
    const overlap = sa[0] < sb[1] && sb[0] < sa[1] && sa[2] < sb[3] && sb[2] < sa[3];
    if (!overlap) return 0;
    if (sa[5] <= sb[4] + 0.01) return -1;
    if (sb[5] <= sa[4] + 0.01) return 1;
    return 0;
  };
  return [...parts].sort(
    (a, b) => (a.layer ?? 0) - (b.layer ?? 0) || stacked(a, b) || depth(b) - depth(a) || height(a) - height(b) || left(a) - left(b),
  );
}

/** The piece's extent in the projection with a scale of 1 and the origin at 0, 0. */
function extent(parts: Part[], k: number): { minX: number; maxX: number; minY: number; maxY: number } {
  const p: Project = (x, y, z) => [x + z * k * 0.87, -(y + z * k * 0.5)];
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const add = ([x, y]: [number, number]) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  };
  for (const q of parts) {
    if (q.kind === 'box') {
      for (const [dx, dy, dz] of [
        [0, 0, 0],
        [q.w, q.h, q.d],
        [0, q.h, q.d],
        [q.w, 0, 0],
      ])
        add(p(q.x + dx! + (dy === 0 ? (q.lean ?? 0) : 0), q.y + dy!, q.z + dz!));
    } else if (q.kind === 'cyl') {
      add(p(q.cx - q.r, q.y, q.cz));
      add(p(q.cx + q.r, q.y + q.h, q.cz));
    }
  }
  return { minX, maxX, minY, maxY };
}

function defs(f: FinishColours, spec: PieceSpec): string {
  const g = (id: string, base: string, line: string, rotate: boolean, o: number) =>
    `<pattern id="${id}" patternUnits="userSpaceOnUse" width="260" height="44"${rotate ? ' patternTransform="rotate(90)"' : ''}><rect width="260" height="44" fill="${base}"/>` +
    `<path d="M0 9 C 60 5, 120 14, 260 8 M0 22 C 80 18, 150 28, 260 21 M0 35 C 70 31, 170 40, 260 34" stroke="${line}" stroke-opacity="${o}" stroke-width="1.6" fill="none"/>` +
    `<path d="M90 22 C 110 12, 150 12, 170 22 C 150 30, 110 30, 90 22 Z" stroke="${line}" stroke-opacity="${o * 0.8}" stroke-width="1.2" fill="none"/></pattern>`;
  return `<defs>${g('gH', f.mid, f.grain, false, 0.35)}${g('gV', f.mid, f.grain, true, 0.35)}${g('gT', f.light, f.grain, false, 0.3)}${g('gS', f.dark, f.grain, true, 0.4)}
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="${(f.sheen * 0.28).toFixed(2)}"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.08"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e4eef0" stop-opacity="0.9"/><stop offset="1" stop-color="#9db4bb" stop-opacity="0.9"/></linearGradient>
<linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f2f6f7"/><stop offset="0.5" stop-color="#c3d2d6"/><stop offset="1" stop-color="#e6eef0"/></linearGradient>
<linearGradient id="flute" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${f.dark}"/><stop offset="0.35" stop-color="${f.light}"/><stop offset="0.7" stop-color="${f.mid}"/><stop offset="1" stop-color="${f.dark}"/></linearGradient>
<linearGradient id="fabricPad" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(fabricOf(spec), 0.1)}"/><stop offset="1" stop-color="${shade(fabricOf(spec), -0.12)}"/></linearGradient>
<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#3a2614" stop-opacity="0.35"/><stop offset="1" stop-color="#3a2614" stop-opacity="0"/></radialGradient>
<radialGradient id="light" cx="0.3" cy="0.2" r="0.9"><stop offset="0" stop-color="#fffaf0" stop-opacity="0.6"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></radialGradient></defs>`;
}

const W = 1200;
const H = 900;

function render(
  spec: PieceSpec,
  model: Model,
  f: FinishColours,
  k: number,
  frame: { w: number; h: number; floor: number; maxScale: number; cx: number; scale?: number },
) {
  const ex = extent(model.parts, k);
  const bw = ex.maxX - ex.minX;
  const bh = ex.maxY - ex.minY;
  const s = frame.scale ?? Math.min(frame.w / bw, frame.h / bh, frame.maxScale);
  const wallPiece = spec.wall;
  const ox = frame.cx - ((ex.minX + ex.maxX) / 2) * s;
  // Floor pieces stand on the floor line; wall pieces hang at their height (room) or in the middle (studio).
  const oy =
    frame.scale !== undefined ? frame.floor - (wallPiece ? model.mount : 0) * s : wallPiece ? 400 - ((ex.maxY + ex.minY) / 2) * s : frame.floor;
  const p: Project = (x, y, z) => [ox + (x + z * k * 0.87) * s, oy - (y + z * k * 0.5) * s];
  const c: Ctx = { f, s, spec, r: rng(spec.seed) };
  const body = order(model.parts)
    .map((q) => drawPart(q, p, c, k))
    .join('');
  const shadow = wallPiece
    ? ''
    : `<ellipse cx="${n2(ox + ((ex.minX + ex.maxX) / 2) * s)}" cy="${n2(oy + 4)}" rx="${n2((bw * s) / 2 + 40)}" ry="${n2(18 + k * 30)}" fill="url(#shadow)"/>`;
  return { body, shadow, p, s };
}

/** How a room scene draws its centimetres (x across, y up, z from the front to the back wall) in pixels. */
export interface SceneView {
  project: Project;
  /** Pixels per centimetre. */
  s: number;
  /** How far depth shows (as in `render`: 0 a flat front view). */
  k: number;
}

/** The floor a piece's model takes, in cm from its own origin (across and front to back), and the height a wall piece hangs at. */
export interface PieceSpace {
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
  mount: number;
}

export function pieceSpace(spec: PieceSpec): PieceSpace {
  const model = pieceModel(spec);
  const space = { minX: Infinity, maxX: -Infinity, minZ: Infinity, maxZ: -Infinity, mount: model.mount };
  for (const q of model.parts) {
    if (q.kind === 'raw') continue;
    const [x0, x1, z0, z1] = q.kind === 'box' ? [q.x, q.x + q.w, q.z, q.z + q.d] : [q.cx - q.r, q.cx + q.r, q.cz - q.r, q.cz + q.r];
    space.minX = Math.min(space.minX, x0);
    space.maxX = Math.max(space.maxX, x1);
    space.minZ = Math.min(space.minZ, z0);
    space.maxZ = Math.max(space.maxZ, z1);
  }
  return space;
}

/**
 * One piece standing in a room scene: the same model, finish and drawing code as its own pictures, with the
 * model's origin at `at` (room cm). Its patterns and gradients are renamed after `id`, so pieces in other
 * finishes share one picture. Returns the group (marked `data-piece="id"`) and the box it covers, in pixels.
 */
export function pieceInScene(
  spec: PieceSpec,
  finish: string,
  view: SceneView,
  at: [number, number, number],
  id: string,
): { svg: string; bounds: Rect } {
  const f = finishColours(finish);
  const model = pieceModel(spec);
  const [ax, ay, az] = at;
  const p: Project = (x, y, z) => view.project(ax + x, ay + y, az + z);
  const c: Ctx = { f, s: view.s, spec, r: rng(spec.seed) };
  const body = order(model.parts)
    .map((q) => drawPart(q, p, c, view.k))
    .join('');
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const add = ([x, y]: [number, number], dy = 0) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y - dy);
    maxY = Math.max(maxY, y + dy);
  };
  for (const q of model.parts) {
    if (q.kind === 'box') {
      for (const dx of [0, q.w])
        for (const dy of [0, q.h]) for (const dz of [0, q.d]) add(p(q.x + dx + (dy === 0 ? (q.lean ?? 0) : 0), q.y + dy, q.z + dz));
    } else if (q.kind === 'cyl') {
      const ry = q.r * view.s * (0.22 + view.k * 0.35);
      for (const dx of [-q.r, q.r]) for (const dy of [0, q.h]) add(p(q.cx + dx, q.y + dy, q.cz), ry);
    }
  }
  const scoped = `${defs(f, spec)}${body}`.replace(/id="/g, `id="${id}-`).replace(/url\(#/g, `url(#${id}-`);
  return { svg: `<g data-piece="${id}">${scoped}</g>`, bounds: { x: minX, y: minY, w: maxX - minX, h: maxY - minY } };
}

function studio(spec: PieceSpec): { wall: string; floor: string } {
  const w = WALLS[spec.seed % WALLS.length]!;
  return { wall: shade(w.wall, 0.2), floor: shade(w.floor, 0.3) };
}

function svgDoc(viewBox: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

function roomBackdrop(spec: PieceSpec, floorY: number, s: number): string {
  const w = WALLS[(spec.seed >>> 2) % WALLS.length]!;
  const r = rng(spec.seed + 7);
  let boards = '';
  for (let i = 1; i < 6; i++) {
    const yy = floorY + ((H - floorY) * i * i) / 30;
    boards += `<line x1="0" y1="${n2(yy)}" x2="${W}" y2="${n2(yy)}" stroke="${shade(w.floor, -0.12)}" stroke-opacity="0.35" stroke-width="2"/>`;
  }
  // A door, 90 × 210 cm, drawn to the same scale as the piece.
  const dw = 90 * s;
  const dh = 210 * s;
  const dx = 40;
  const door = `${rectSvg({ x: dx - 8, y: floorY - dh - 8, w: dw + 16, h: dh + 8 }, shade(w.wall, -0.18))}${rectSvg({ x: dx, y: floorY - dh, w: dw, h: dh }, shade(w.wall, -0.08))}${rectSvg({ x: dx + dw * 0.12, y: floorY - dh * 0.92, w: dw * 0.76, h: dh * 0.38 }, 'none', `stroke="${shade(w.wall, -0.2)}" stroke-width="3"`)}${rectSvg({ x: dx + dw * 0.12, y: floorY - dh * 0.48, w: dw * 0.76, h: dh * 0.4 }, 'none', `stroke="${shade(w.wall, -0.2)}" stroke-width="3"`)}<circle cx="${n2(dx + dw * 0.86)}" cy="${n2(floorY - dh * 0.5)}" r="5" fill="#b08d57"/>`;
  const windowX = 900 + r() * 120;
  return `<rect width="${W}" height="${floorY}" fill="${w.wall}"/><rect width="${W}" height="${floorY}" fill="url(#light)"/>
<path d="M${n2(windowX)} 0 L${n2(windowX + 180)} 0 L${n2(windowX + 90)} ${floorY} L${n2(windowX - 90)} ${floorY} Z" fill="#fffaf0" opacity="0.22"/>
${rectSvg({ x: 0, y: floorY - 12, w: W, h: 12 }, shade(w.wall, -0.12))}${rectSvg({ x: 0, y: floorY, w: W, h: H - floorY }, w.floor)}${boards}${door}`;
}

/** One view of a piece in a finish, as SVG (1200 × 900). */
export function pieceSvg(spec: PieceSpec, finish: string, view: PieceView): string {
  const f = finishColours(finish);
  const model = pieceModel(spec);
  if (view === 'room') {
    const floorY = 720;
    const s = 2.6;
    const ex = extent(model.parts, 0.35);
    const pieceW = (ex.maxX - ex.minX) * s;
    const cx = Math.max(40 + 90 * s + 60 + pieceW / 2, 690);
    const { body, shadow } = render(spec, model, f, 0.35, { w: 0, h: 0, floor: floorY, maxScale: s, cx, scale: s });
    const r = rng(spec.seed + 3);
    const rightEdge = cx + pieceW / 2;
    const extra =
      rightEdge < 1080
        ? `<g transform="translate(${n2(Math.min(1130, rightEdge + 70))} ${floorY}) scale(0.8) translate(0 0)">${plant(0, 0, r)}</g>`
        : '';
    const rug = spec.wall
      ? ''
      : `<ellipse cx="${n2(cx)}" cy="${floorY + 60}" rx="${n2(Math.min(560, pieceW / 2 + 120))}" ry="50" fill="${shade(FABRICS[(spec.seed >>> 4) % FABRICS.length]!, 0.25)}" opacity="0.7"/>`;
    return svgDoc(`0 0 ${W} ${H}`, `${defs(f, spec)}${roomBackdrop(spec, floorY, s)}${rug}${shadow}${body}${extra}`);
  }
  const k = view === 'front' ? 0.14 : 0.6;
  const bg = studio(spec);
  const floorY = 740;
  const { body, shadow, p, s } = render(spec, model, f, k, { w: 960, h: 600, floor: floorY, maxScale: 6.5, cx: W / 2 });
  const back = `<rect width="${W}" height="${H}" fill="${bg.wall}"/><circle cx="${W / 2}" cy="${floorY - 260}" r="420" fill="${shade(bg.wall, 0.4)}"/><rect y="${spec.wall ? H : floorY}" width="${W}" height="${H}" fill="${bg.floor}"/>`;
  if (view === 'detail') {
    const [fx, fy] = p(...model.focus);
    const zoom = 3;
    const vw = W / zoom;
    const vh = H / zoom;
    const vx = Math.min(W - vw, Math.max(0, fx - vw / 2));
    const vy = Math.min(H - vh, Math.max(0, fy - vh / 2));
    // A dovetail where the top meets the side: the joint the close-up is about.
    let joint = '';
    for (let i = 0; i < 3; i++) {
      const yy = fy + (6 + i * 9) * (s / 6) * 3;
      joint += `<path d="M${n2(fx + 2)} ${n2(yy)} l ${n2(9 * (s / 6) * 2)} ${n2(-3)} v ${n2(10 * (s / 6) * 1.5)} l ${n2(-9 * (s / 6) * 2)} ${n2(-3)} z" fill="${f.light}" stroke="${f.grain}" stroke-width="1" opacity="0.8"/>`;
    }
    return svgDoc(
      `${n2(vx)} ${n2(vy)} ${n2(vw)} ${n2(vh)}`,
      `${defs(f, spec)}${back}${shadow}${body}${spec.type === 'painting' || spec.type === 'wall-panel' ? '' : joint}`,
    );
  }
  return svgDoc(`0 0 ${W} ${H}`, `${defs(f, spec)}${back}${shadow}${body}`);
}
