/**
 * Drawn demo imagery: furniture in teak tones inside simple rooms, as SVG source for sharp to render.
 * Everything is deterministic in `variant`, so the demo shop looks the same on every machine.
 */

export type FurnitureKind =
  'sofas' | 'beds' | 'tables' | 'book-shelf' | 'cabinet' | 'dinning' | 'bar' | 'pooja' | 'tv-units' | 'wardrobe' | 'wall-panels' | 'paintings';

export const FURNITURE_KINDS: readonly FurnitureKind[] = [
  'sofas',
  'beds',
  'tables',
  'book-shelf',
  'cabinet',
  'dinning',
  'bar',
  'pooja',
  'tv-units',
  'wardrobe',
  'wall-panels',
  'paintings',
];

export type Rng = () => number;

export function rng(seed: number): Rng {
  let s = (seed * 2654435761 + 1013904223) >>> 0;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length) % items.length]!;

const WOODS = [
  { light: '#c99a5e', mid: '#a0692f', dark: '#6e4522' },
  { light: '#b9844a', mid: '#8a5a2b', dark: '#5a3518' },
  { light: '#d4a86c', mid: '#b07a3e', dark: '#7a4d25' },
  { light: '#a87443', mid: '#7c4c24', dark: '#4a2b14' },
] as const;

const FABRICS = ['#e9dfcf', '#6f7f6a', '#b5654a', '#2f4a5c', '#d8b26a', '#8c6d8f', '#c9c2b6', '#455a4b'] as const;
const WALLS = [
  { wall: '#f3ebde', floor: '#d9c3a3' },
  { wall: '#ece3d3', floor: '#c9ad86' },
  { wall: '#e8ddd0', floor: '#b98f64' },
  { wall: '#f1e6d6', floor: '#cfb08a' },
  { wall: '#e2e4dc', floor: '#c4a57f' },
  { wall: '#efe2cf', floor: '#a97e55' },
] as const;

interface Palette {
  wood: (typeof WOODS)[number];
  fabric: string;
  accent: string;
  wall: string;
  floor: string;
}

function palette(variant: number): Palette {
  const r = rng(variant + 17);
  const w = pick(r, WALLS);
  return {
    wood: WOODS[variant % WOODS.length]!,
    fabric: FABRICS[(variant * 3) % FABRICS.length]!,
    accent: pick(r, FABRICS),
    wall: w.wall,
    floor: w.floor,
  };
}

function defs(p: Palette): string {
  return `<defs>
<linearGradient id="teak" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.wood.light}"/><stop offset="0.55" stop-color="${p.wood.mid}"/><stop offset="1" stop-color="${p.wood.dark}"/></linearGradient>
<linearGradient id="teakV" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wood.light}"/><stop offset="1" stop-color="${p.wood.dark}"/></linearGradient>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wall}"/><stop offset="1" stop-color="${shade(p.wall, -0.06)}"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(p.floor, -0.05)}"/><stop offset="1" stop-color="${shade(p.floor, 0.08)}"/></linearGradient>
<radialGradient id="light" cx="0.3" cy="0.2" r="0.8"><stop offset="0" stop-color="#fffaf0" stop-opacity="0.55"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></radialGradient>
<radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#3a2614" stop-opacity="0.35"/><stop offset="1" stop-color="#3a2614" stop-opacity="0"/></radialGradient>
<linearGradient id="fabric" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(p.fabric, 0.08)}"/><stop offset="1" stop-color="${shade(p.fabric, -0.12)}"/></linearGradient>
</defs>`;
}

export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number) => Math.max(0, Math.min(255, Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount)));
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;

function grain(x: number, y: number, w: number, h: number, p: Palette, count = 4): string {
  let out = '';
  for (let i = 1; i <= count; i++) {
    const yy = y + (h * i) / (count + 1);
    out += `<path d="M${x + 6} ${yy} C ${x + w * 0.3} ${yy - 4}, ${x + w * 0.6} ${yy + 5}, ${x + w - 6} ${yy - 2}" stroke="${p.wood.dark}" stroke-opacity="0.35" stroke-width="2" fill="none"/>`;
  }
  return out;
}

function groundShadow(cx: number, y: number, w: number): string {
  return `<ellipse cx="${cx}" cy="${y}" rx="${w / 2}" ry="22" fill="url(#shadow)"/>`;
}

export function plant(x: number, y: number, r: Rng): string {
  const pot = pick(r, ['#c8b8a2', '#8b6a4f', '#e8e0d4', '#5d6b5c']);
  let leaves = '';
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + (i - 3) * 0.38;
    const len = 70 + r() * 50;
    const ex = x + Math.cos(a) * len;
    const ey = y - 40 + Math.sin(a) * len;
    leaves += `<path d="M${x} ${y - 40} Q ${(x + ex) / 2 + 18} ${(y - 40 + ey) / 2} ${ex} ${ey} Q ${(x + ex) / 2 - 10} ${(y - 40 + ey) / 2 + 8} ${x} ${y - 40}" fill="${i % 2 ? '#4d6b4f' : '#5f8160'}"/>`;
  }
  return `${leaves}<path d="M${x - 34} ${y - 46} L${x + 34} ${y - 46} L${x + 26} ${y + 10} L${x - 26} ${y + 10} Z" fill="${pot}"/>`;
}

function frame(x: number, y: number, w: number, h: number, p: Palette, r: Rng): string {
  const sky = pick(r, ['#e7c9a0', '#b9c7c1', '#d9a78a', '#c2b59b']);
  return `${rect(x, y, w, h, p.wood.dark, 'rx="3"')}${rect(x + 8, y + 8, w - 16, h - 16, '#f8f3ea')}${rect(x + 16, y + 16, w - 32, h - 32, sky)}<circle cx="${x + w * 0.65}" cy="${y + h * 0.4}" r="${Math.min(w, h) * 0.12}" fill="#f2e3c4"/><path d="M${x + 16} ${y + h - 16} L${x + w * 0.35} ${y + h * 0.5} L${x + w * 0.6} ${y + h - 16} Z" fill="${p.wood.mid}" opacity="0.7"/>`;
}

function lamp(x: number, y: number, p: Palette): string {
  return `<path d="M${x - 40} ${y - 110} L${x + 40} ${y - 110} L${x + 28} ${y - 160} L${x - 28} ${y - 160} Z" fill="#f5ecd9" stroke="${shade(p.wall, -0.2)}" stroke-width="2"/>${rect(x - 4, y - 110, 8, 90, p.wood.dark)}${rect(x - 22, y - 22, 44, 22, p.wood.mid, 'rx="6"')}<circle cx="${x}" cy="${y - 130}" r="70" fill="#fff3cf" opacity="0.18"/>`;
}

function rug(cx: number, y: number, w: number, p: Palette): string {
  return `<ellipse cx="${cx}" cy="${y}" rx="${w / 2}" ry="46" fill="${shade(p.accent, 0.25)}" opacity="0.8"/><ellipse cx="${cx}" cy="${y}" rx="${w / 2 - 24}" ry="32" fill="none" stroke="${shade(p.accent, -0.1)}" stroke-width="4" opacity="0.7"/>`;
}

/** The room around a piece: wall, skirting, floor boards, window light. */
function room(width: number, height: number, p: Palette, r: Rng): string {
  const floorY = height * 0.72;
  let boards = '';
  for (let i = 1; i < 6; i++) {
    const yy = floorY + ((height - floorY) * i * i) / 30;
    boards += `<line x1="0" y1="${yy}" x2="${width}" y2="${yy}" stroke="${shade(p.floor, -0.12)}" stroke-opacity="0.35" stroke-width="2"/>`;
  }
  const windowX = r() > 0.5 ? width * 0.06 : width * 0.78;
  return `${rect(0, 0, width, floorY, 'url(#wall)')}${rect(0, 0, width, floorY, 'url(#light)')}
<path d="M${windowX} 0 L${windowX + width * 0.16} 0 L${windowX + width * 0.1} ${floorY} L${windowX - width * 0.06} ${floorY} Z" fill="#fffaf0" opacity="0.22"/>
${rect(0, floorY - 14, width, 14, shade(p.wall, -0.12))}${rect(0, floorY, width, height - floorY, 'url(#floor)')}${boards}`;
}

// ── the furniture, each in a 1200 × 900 frame standing on the floor at y ≈ 650 ──────────────────

function sofa(p: Palette, r: Rng): string {
  const w = 560 + Math.floor(r() * 3) * 40;
  const x = 600 - w / 2;
  const seats = w > 600 ? 3 : 2;
  let cushions = '';
  for (let i = 0; i < seats; i++) {
    const cw = (w - 80) / seats;
    cushions += rect(x + 40 + i * cw + 4, 395, cw - 8, 100, 'url(#fabric)', 'rx="18"');
    cushions += rect(x + 40 + i * cw + 4, 495, cw - 8, 56, shade(p.fabric, 0.05), 'rx="12"');
  }
  const pillow = (px: number) => `<path d="M${px} 470 q 10 -60 70 -62 q 8 40 -4 74 q -30 6 -66 -12 z" fill="${p.accent}" opacity="0.95"/>`;
  return `${groundShadow(600, 652, w + 60)}
${rect(x, 380, w, 150, shade(p.fabric, -0.18), 'rx="26"')}${cushions}
${rect(x - 10, 430, 64, 140, 'url(#teak)', 'rx="14"')}${rect(x + w - 54, 430, 64, 140, 'url(#teak)', 'rx="14"')}
${rect(x - 10, 550, w + 20, 34, 'url(#teakV)', 'rx="8"')}${grain(x, 550, w, 34, p, 2)}
${rect(x + 10, 584, 16, 62, p.wood.dark)}${rect(x + w - 26, 584, 16, 62, p.wood.dark)}
${pillow(x + 60)}${pillow(x + w - 140)}`;
}

/**
 * A bed in one of three shapes, so the beds' pictures side by side (a category's subcategories) show three beds,
 * not one bed in three colours: a slatted headboard on tapered legs, a carved arch between turned posts, and a
 * padded, buttoned headboard over a storage base with drawers. `variant` picks the shape.
 */
export const BED_SHAPES = ['slatted', 'carved-posts', 'padded-storage'] as const;

function bed(p: Palette, r: Rng, variant = 0): string {
  const shape = BED_SHAPES[((variant % 3) + 3) % 3]!;
  const x = 250;
  const w = 700;
  let head = '';
  if (shape === 'slatted') {
    const slats = 5 + Math.floor(r() * 4);
    head += rect(x, 270, w, 260, 'url(#teak)', 'rx="14"');
    for (let i = 0; i < slats; i++) {
      const sw = (w - 40) / slats;
      head += rect(x + 20 + i * sw + 4, 290, sw - 8, 220, 'url(#teakV)', 'rx="4"');
    }
    head += grain(x, 270, w, 30, p, 1);
  } else if (shape === 'carved-posts') {
    // An arched panel with a carved medallion, between two turned posts with finials.
    head += `<path d="M${x + 30} 530 L${x + 30} 330 Q${x + w / 2} 190 ${x + w - 30} 330 L${x + w - 30} 530 Z" fill="url(#teak)"/>`;
    head += `<path d="M${x + 70} 520 L${x + 70} 350 Q${x + w / 2} 240 ${x + w - 70} 350 L${x + w - 70} 520 Z" fill="none" stroke="${p.wood.dark}" stroke-width="6"/>`;
    head += `<circle cx="${x + w / 2}" cy="360" r="46" fill="none" stroke="${p.wood.dark}" stroke-width="6"/><path d="M${x + w / 2 - 30} 360 q 30 -40 60 0 q -30 40 -60 0 z" fill="${p.wood.dark}" opacity="0.7"/>`;
    for (const px of [x - 10, x + w - 18]) {
      head += `${rect(px, 250, 28, 400, 'url(#teakV)', 'rx="6"')}<circle cx="${px + 14}" cy="240" r="20" fill="${p.wood.mid}"/>`;
      for (let k = 0; k < 4; k++) head += rect(px - 4, 300 + k * 70, 36, 10, p.wood.dark, 'rx="5"');
    }
  } else {
    // A tall padded headboard with buttons, over a deep base with two drawers.
    head += rect(x + 10, 250, w - 20, 290, shade(p.fabric, -0.1), 'rx="40"');
    for (let row = 0; row < 3; row++)
      for (let col = 0; col < 6; col++) head += `<circle cx="${x + 90 + col * 104}" cy="${310 + row * 70}" r="7" fill="${shade(p.fabric, -0.35)}"/>`;
  }
  const base =
    shape === 'padded-storage'
      ? `${rect(x - 20, 500, w + 40, 140, 'url(#teakV)', 'rx="10"')}${grain(x - 20, 500, w + 40, 140, p, 4)}` +
        [0, 1]
          .map(
            (d) =>
              `${rect(x + 10 + d * (w / 2), 540, w / 2 - 20, 84, 'url(#teak)', 'rx="6"')}${rect(x + d * (w / 2) + w / 4 - 40, 576, 80, 10, p.wood.dark, 'rx="5"')}`,
          )
          .join('')
      : `${rect(x - 20, 505, w + 40, 80, 'url(#teakV)', 'rx="10"')}${grain(x - 20, 505, w + 40, 80, p, 3)}`;
  const legs =
    shape === 'padded-storage'
      ? rect(x - 10, 640, w + 20, 10, p.wood.dark)
      : shape === 'carved-posts'
        ? ''
        : `${rect(x - 10, 585, 22, 62, p.wood.dark)}${rect(x + w - 12, 585, 22, 62, p.wood.dark)}`;
  const top = shape === 'padded-storage' ? 440 : 462;
  return `${groundShadow(600, 652, 820)}<g data-bed="${shape}">
${head}
${base}
${rect(x + 10, top, w - 20, 60, '#f7f3ec', 'rx="18"')}
${rect(x + 40, top - 42, 150, 62, '#fbf8f2', 'rx="24"')}${rect(x + w - 190, top - 42, 150, 62, '#fbf8f2', 'rx="24"')}
${rect(x + 220, top - 32, w - 200, 96, 'url(#fabric)', 'rx="16"')}
<path d="M${x + 230} ${top + 38} q ${(w - 220) / 2} 30 ${w - 220} 0" stroke="${shade(p.fabric, -0.25)}" stroke-width="3" fill="none"/>
${legs}</g>
${rect(x - 150, 470, 110, 110, 'url(#teak)', 'rx="8"')}${rect(x - 140, 520, 90, 4, p.wood.dark)}${rect(x - 140, 580, 10, 66, p.wood.dark)}${rect(x - 60, 580, 10, 66, p.wood.dark)}${lamp(x - 95, 470, p)}`;
}

function table(p: Palette, r: Rng): string {
  const round = r() > 0.5;
  const top = round
    ? `<ellipse cx="600" cy="470" rx="270" ry="46" fill="url(#teak)"/><ellipse cx="600" cy="462" rx="262" ry="38" fill="${p.wood.light}" opacity="0.5"/>`
    : `${rect(330, 448, 540, 34, 'url(#teak)', 'rx="6"')}${grain(330, 448, 540, 34, p, 2)}`;
  return `${rug(600, 660, 760, p)}${groundShadow(600, 652, 560)}${top}
${rect(370, 482, 460, 40, 'url(#teakV)', 'rx="4"')}
<path d="M390 522 L372 650 L396 650 L418 522 Z" fill="${p.wood.dark}"/><path d="M810 522 L828 650 L804 650 L782 522 Z" fill="${p.wood.dark}"/>
${rect(400, 600, 400, 14, p.wood.mid, 'rx="4"')}
${rect(640, 400, 120, 22, p.accent, 'rx="3"')}${rect(652, 380, 96, 20, shade(p.accent, 0.3), 'rx="3"')}
<path d="M480 448 q -10 -60 20 -80 q 30 20 20 80 z" fill="#e8dcc8"/><path d="M500 372 q 10 -40 40 -50 M500 372 q -20 -30 -50 -36" stroke="#5f8160" stroke-width="5" fill="none"/>`;
}

function bookShelf(p: Palette, r: Rng): string {
  const x = 400;
  const w = 400;
  let shelves = '';
  for (let s = 0; s < 5; s++) {
    const y = 170 + s * 96;
    shelves += rect(x + 18, y + 82, w - 36, 14, 'url(#teakV)');
    let bx = x + 30;
    while (bx < x + w - 60) {
      const bw = 16 + Math.floor(r() * 22);
      const bh = 50 + Math.floor(r() * 28);
      if (r() > 0.82) {
        bx += 30;
        continue;
      }
      shelves += rect(bx, y + 82 - bh, bw, bh, pick(r, ['#7b3f2b', '#2f4a5c', '#c9a25a', '#455a4b', '#e9dfcf', '#8c6d8f', '#b5654a']), 'rx="2"');
      bx += bw + 3;
    }
  }
  return `${groundShadow(600, 652, 480)}${rect(x, 150, w, 500, 'url(#teak)', 'rx="6"')}${rect(x + 18, 170, w - 36, 470, shade(p.wood.dark, -0.25))}${shelves}${grain(x, 150, 18, 500, p, 6)}${plant(920, 650, r)}${frame(170, 240, 150, 190, p, r)}`;
}

function cabinet(p: Palette, r: Rng): string {
  const doors = 2 + Math.floor(r() * 3);
  const x = 300;
  const w = 600;
  let body = '';
  for (let i = 0; i < doors; i++) {
    const dw = (w - 40) / doors;
    const dx = x + 20 + i * dw;
    body += `${rect(dx + 4, 430, dw - 8, 170, 'url(#teakV)', 'rx="4"')}${rect(dx + 18, 444, dw - 36, 142, 'none', `stroke="${p.wood.dark}" stroke-width="3" rx="3"`)}<circle cx="${i % 2 ? dx + 18 : dx + dw - 18}" cy="515" r="6" fill="#c9a25a"/>`;
  }
  return `${groundShadow(600, 652, 680)}${rect(x - 10, 400, w + 20, 28, 'url(#teak)', 'rx="6"')}${rect(x, 428, w, 180, 'url(#teak)')}${body}${grain(x - 10, 400, w + 20, 28, p, 1)}
<path d="M${x + 20} 608 L${x + 34} 650 L${x + 44} 650 L${x + 44} 608 Z" fill="${p.wood.dark}"/><path d="M${x + w - 20} 608 L${x + w - 34} 650 L${x + w - 44} 650 L${x + w - 44} 608 Z" fill="${p.wood.dark}"/>
${lamp(x + 90, 400, p)}<path d="M${x + w - 150} 400 q -12 -70 30 -90 q 40 20 30 90 z" fill="${p.accent}"/>${frame(x + 200, 170, 200, 180, p, r)}`;
}

function chair(x: number, p: Palette, facing: 1 | -1): string {
  const back = facing === 1 ? x : x + 110;
  let slats = '';
  for (let i = 0; i < 3; i++) slats += rect(back - 6 + i * 0, 330 + i * 50, 12, 30, p.wood.light);
  return `${rect(back - 10, 300, 22, 350, 'url(#teakV)', 'rx="6"')}${slats}${rect(x, 500, 120, 26, 'url(#teak)', 'rx="6"')}${rect(x + 6, 488, 108, 16, 'url(#fabric)', 'rx="6"')}${rect(x + (facing === 1 ? 100 : 4), 526, 14, 124, p.wood.dark)}`;
}

function dining(p: Palette, r: Rng): string {
  const long = r() > 0.4;
  const half = long ? 300 : 230;
  return `${rug(600, 662, 900, p)}${groundShadow(600, 652, half * 2 + 300)}
${chair(600 - half - 150, p, 1)}${chair(600 + half + 30, p, -1)}
${rect(600 - half, 440, half * 2, 30, 'url(#teak)', 'rx="6"')}${grain(600 - half, 440, half * 2, 30, p, 2)}${rect(600 - half + 20, 470, half * 2 - 40, 30, 'url(#teakV)')}
${rect(600 - half + 30, 500, 26, 150, p.wood.dark)}${rect(600 + half - 56, 500, 26, 150, p.wood.dark)}
<path d="M560 440 q -8 -50 40 -52 q 48 2 40 52 z" fill="#efe6d6"/>${rect(470, 418, 40, 22, p.accent, 'rx="6"')}${rect(690, 418, 40, 22, p.accent, 'rx="6"')}
<path d="M600 300 L600 230" stroke="${p.wood.dark}" stroke-width="4"/><path d="M540 330 L660 330 L630 300 L570 300 Z" fill="${p.wood.mid}"/><ellipse cx="600" cy="345" rx="80" ry="22" fill="#fff3cf" opacity="0.35"/>`;
}

function bar(p: Palette, r: Rng): string {
  let bottles = '';
  for (let i = 0; i < 7; i++) {
    const bx = 430 + i * 50;
    const c = pick(r, ['#2f5d3a', '#7b3f2b', '#c9a25a', '#3a4a6b', '#e9dfcf']);
    bottles += `${rect(bx, 252, 26, 62, c, 'rx="6"')}${rect(bx + 8, 232, 10, 24, c)}`;
  }
  const stool = (x: number) =>
    `${rect(x - 55, 468, 110, 24, 'url(#teak)', 'rx="12"')}${rect(x - 50, 460, 100, 14, 'url(#fabric)', 'rx="7"')}<path d="M${x - 40} 492 L${x - 56} 650 M${x + 40} 492 L${x + 56} 650" stroke="${p.wood.dark}" stroke-width="12"/>${rect(x - 48, 580, 96, 8, p.wood.mid)}`;
  return `${groundShadow(600, 652, 700)}${rect(400, 200, 400, 14, 'url(#teakV)')}${rect(400, 314, 400, 14, 'url(#teakV)')}${bottles}
${rect(330, 380, 540, 28, 'url(#teak)', 'rx="6"')}${rect(345, 408, 510, 240, 'url(#teakV)')}
${Array.from({ length: 6 }, (_, i) => rect(360 + i * 82, 420, 70, 214, 'none', `stroke="${p.wood.dark}" stroke-width="3" stroke-opacity="0.6" rx="4"`)).join('')}
${stool(330)}${stool(870)}`;
}

function pooja(p: Palette, r: Rng): string {
  const x = 420;
  const w = 360;
  const bells = [x + 70, x + w - 70]
    .map(
      (bx) =>
        `<line x1="${bx}" y1="250" x2="${bx}" y2="300" stroke="#c9a25a" stroke-width="3"/><path d="M${bx - 14} 318 q 14 -34 28 0 z" fill="#c9a25a"/>`,
    )
    .join('');
  const tiers = r() > 0.5 ? 3 : 2;
  let dome = '';
  for (let i = 0; i < tiers; i++) {
    const tw = w - 60 - i * 70;
    dome += `<path d="M${600 - tw / 2} ${200 - i * 34} L${600 + tw / 2} ${200 - i * 34} L${600 + tw / 2 - 20} ${170 - i * 34} L${600 - tw / 2 + 20} ${170 - i * 34} Z" fill="url(#teak)"/>`;
  }
  return `${groundShadow(600, 652, 440)}${dome}<path d="M590 ${170 - tiers * 34} L600 ${140 - tiers * 34} L610 ${170 - tiers * 34} Z" fill="#c9a25a"/>
${rect(x, 200, w, 250, 'url(#teak)', 'rx="6"')}<path d="M${x + 40} 450 L${x + 40} 300 Q 600 200 ${x + w - 40} 300 L${x + w - 40} 450 Z" fill="${shade(p.wood.dark, -0.3)}"/>
<path d="M${x + 52} 450 L${x + 52} 306 Q 600 218 ${x + w - 52} 306 L${x + w - 52} 450" fill="none" stroke="#c9a25a" stroke-width="3"/>${bells}
<ellipse cx="600" cy="420" rx="120" ry="60" fill="#ffcf7a" opacity="0.25"/><path d="M585 430 q 15 -36 30 0 z" fill="#ffb347"/>${rect(570, 430, 60, 14, '#c9a25a', 'rx="6"')}
${rect(x - 14, 450, w + 28, 24, 'url(#teakV)', 'rx="4"')}${rect(x, 474, w, 170, 'url(#teak)')}${rect(x + 16, 488, w / 2 - 24, 142, 'none', `stroke="${p.wood.dark}" stroke-width="3"`)}${rect(600 + 8, 488, w / 2 - 24, 142, 'none', `stroke="${p.wood.dark}" stroke-width="3"`)}
<circle cx="${600 - 18}" cy="560" r="5" fill="#c9a25a"/><circle cx="${600 + 18}" cy="560" r="5" fill="#c9a25a"/>
<path d="M${x + 16} 500 q 40 30 0 60 M${x + w - 16} 500 q -40 30 0 60" stroke="#c9a25a" stroke-width="3" fill="none"/>`;
}

function tvUnit(p: Palette, r: Rng): string {
  const x = 240;
  const w = 720;
  const drawers = 3 + Math.floor(r() * 2);
  let fronts = '';
  for (let i = 0; i < drawers; i++) {
    const dw = (w - 40) / drawers;
    fronts += `${rect(x + 20 + i * dw + 4, 552, dw - 8, 72, 'url(#teakV)', 'rx="4"')}${rect(x + 20 + i * dw + dw / 2 - 20, 560, 40, 5, '#c9a25a', 'rx="2"')}`;
  }
  return `${groundShadow(600, 652, 800)}${rect(390, 230, 420, 250, '#1d1d1f', 'rx="8"')}${rect(400, 240, 400, 230, '#2b3440')}<path d="M400 240 L560 240 L420 470 L400 470 Z" fill="#ffffff" opacity="0.06"/>
${rect(x, 530, w, 14, 'url(#teak)', 'rx="4"')}${rect(x, 544, w, 90, 'url(#teak)')}${fronts}${grain(x, 530, w, 14, p, 1)}${rect(x + 20, 634, 14, 16, p.wood.dark)}${rect(x + w - 34, 634, 14, 16, p.wood.dark)}
${plant(x + 70, 530, r)}<path d="M${x + w - 120} 530 q -10 -60 26 -70 q 36 10 26 70 z" fill="${p.accent}"/>${rect(x + w - 250, 508, 90, 22, shade(p.accent, 0.3), 'rx="3"')}`;
}

function wardrobe(p: Palette, r: Rng): string {
  const doors = 2 + Math.floor(r() * 2);
  const x = 600 - (doors * 150) / 2;
  const w = doors * 150;
  let fronts = '';
  for (let i = 0; i < doors; i++) {
    const dx = x + 14 + i * ((w - 28) / doors);
    const dw = (w - 28) / doors;
    fronts += `${rect(dx + 3, 150, dw - 6, 470, 'url(#teakV)', 'rx="4"')}${rect(dx + 18, 170, dw - 36, 200, 'none', `stroke="${p.wood.dark}" stroke-width="3"`)}${rect(dx + 18, 390, dw - 36, 210, 'none', `stroke="${p.wood.dark}" stroke-width="3"`)}${rect(i % 2 ? dx + 12 : dx + dw - 20, 360, 8, 60, '#c9a25a', 'rx="3"')}`;
  }
  return `${groundShadow(600, 652, w + 80)}${rect(x - 16, 110, w + 32, 30, 'url(#teak)', 'rx="4"')}${rect(x, 140, w, 490, 'url(#teak)')}${fronts}${rect(x - 8, 630, w + 16, 20, p.wood.dark)}${plant(x + w + 120, 650, r)}`;
}

function wallPanels(p: Palette, r: Rng): string {
  const slatW = 26 + Math.floor(r() * 3) * 8;
  let slats = '';
  for (let sx = 150; sx < 1050; sx += slatW + 8) {
    slats += rect(sx, 70, slatW, 560, r() > 0.5 ? 'url(#teakV)' : 'url(#teak)', 'rx="3"');
  }
  return `${rect(142, 62, 916, 576, shade(p.wood.dark, -0.35))}${slats}<ellipse cx="600" cy="220" rx="320" ry="120" fill="#fff3cf" opacity="0.16"/>
${groundShadow(600, 652, 520)}${rect(380, 520, 440, 26, p.wall, 'rx="6"')}${rect(390, 546, 420, 56, shade(p.wall, -0.1), 'rx="4"')}${rect(400, 602, 14, 46, p.wood.dark)}${rect(786, 602, 14, 46, p.wood.dark)}
<path d="M460 520 q -10 -60 24 -74 q 34 14 24 74 z" fill="${p.accent}"/>${plant(740, 520, r)}`;
}

function painting(p: Palette, r: Rng): string {
  const hues = ['#c0703f', '#2f4a5c', '#d8b26a', '#6f7f6a', '#b5654a', '#e9dfcf', '#8c6d8f'];
  let art = '';
  for (let i = 0; i < 6; i++) {
    const cx = 420 + r() * 360;
    const cy = 190 + r() * 220;
    art += `<circle cx="${cx}" cy="${cy}" r="${30 + r() * 70}" fill="${pick(r, hues)}" opacity="0.75"/>`;
  }
  const mountains = `<path d="M400 420 L520 300 L600 370 L690 260 L800 420 Z" fill="${pick(r, hues)}" opacity="0.8"/>`;
  return `${rect(360, 140, 480, 320, 'url(#teak)', 'rx="6"')}${rect(378, 158, 444, 284, '#f6efe2')}<svg x="396" y="176" width="408" height="248" viewBox="396 176 408 248">${rect(396, 176, 408, 248, pick(r, ['#efe1c6', '#dfe6e1', '#f0dccf']))}${art}${mountains}</svg>
${groundShadow(600, 652, 520)}${rect(360, 540, 480, 22, 'url(#teak)', 'rx="4"')}${rect(372, 562, 456, 60, 'url(#teakV)')}${rect(380, 622, 14, 26, p.wood.dark)}${rect(806, 622, 14, 26, p.wood.dark)}
${lamp(440, 540, p)}<path d="M740 540 q -8 -50 20 -60 q 28 10 20 60 z" fill="${p.accent}"/>`;
}

const DRAW: Record<FurnitureKind, (p: Palette, r: Rng, variant?: number) => string> = {
  sofas: sofa,
  beds: bed,
  tables: table,
  'book-shelf': bookShelf,
  cabinet,
  dinning: dining,
  bar,
  pooja,
  'tv-units': tvUnit,
  wardrobe,
  'wall-panels': wallPanels,
  paintings: painting,
};

function svg(width: number, height: number, viewBox: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

/** A product photo: one piece of furniture of this kind in a room. */
export function furnitureSvg(kind: FurnitureKind, variant: number, width = 1200, height = 900): string {
  const p = palette(variant + FURNITURE_KINDS.indexOf(kind) * 7);
  const r = rng(variant * 31 + FURNITURE_KINDS.indexOf(kind));
  const extras = kind === 'sofas' || kind === 'dinning' ? plant(r() > 0.5 ? 1080 : 120, 650, r) : '';
  const art = kind === 'sofas' ? frame(470, 150, 260, 170, p, r) : '';
  return svg(width, height, '110 70 980 735', `${defs(p)}${room(1200, 900, p, r)}${art}${extras}${DRAW[kind](p, r, variant)}`);
}

/** A square category or subcategory picture: the piece on a soft plain background. */
export function categorySvg(kind: FurnitureKind, variant: number, width = 800, height = 800): string {
  const p = palette(variant * 5 + FURNITURE_KINDS.indexOf(kind) * 3 + 2);
  const r = rng(variant * 13 + FURNITURE_KINDS.indexOf(kind) * 101);
  const bg = shade(p.wall, -0.02);
  return svg(
    width,
    height,
    '150 60 900 900',
    `${defs(p)}${rect(0, 0, 1200, 1000, bg)}<circle cx="600" cy="420" r="380" fill="${shade(p.wall, 0.35)}"/>${rect(0, 650, 1200, 400, shade(p.floor, 0.35))}${DRAW[kind](p, r, variant)}`,
  );
}

const ROOM_PIECES: Record<'living' | 'bedroom' | 'dining' | 'study' | 'kitchen' | 'tv', FurnitureKind[]> = {
  living: ['sofas', 'tables', 'wall-panels'],
  bedroom: ['beds', 'wardrobe'],
  dining: ['dinning', 'cabinet'],
  study: ['book-shelf', 'tables', 'paintings'],
  kitchen: ['bar', 'cabinet'],
  tv: ['tv-units', 'sofas'],
};

/** A wide room scene with several teak pieces. */
export function roomSvg(kind: 'living' | 'bedroom' | 'dining' | 'study' | 'kitchen' | 'tv', variant: number, width = 1600, height = 900): string {
  const p = palette(variant * 7 + kind.length);
  const r = rng(variant * 97 + kind.length * 11);
  const [main, second, third] = ROOM_PIECES[kind];
  // The main piece centre stage, companions scaled down on the sides, all standing on one floor line.
  const place = (k: FurnitureKind | undefined, x: number, scale: number) =>
    k ? `<g transform="translate(${x} ${650 - 650 * scale}) scale(${scale})">${DRAW[k](p, r)}</g>` : '';
  return svg(
    width,
    height,
    '0 0 1600 900',
    `${defs(p)}${room(1600, 900, p, r)}${frame(1240, 170, 200, 150, p, r)}${place(second, 880, 0.62)}${place(third, -40, 0.55)}${place(main, 280, 0.92)}${plant(1500, 650, r)}`,
  );
}

const SKIN = ['#8d5524', '#a86b3c', '#c68642', '#e0ac69', '#6b4226', '#b9784b'] as const;
const HAIR = ['#1b130e', '#2b1d14', '#3b2a1e', '#151515', '#5a3b26'] as const;
const CLOTHES = ['#b5654a', '#2f4a5c', '#6f7f6a', '#8c6d8f', '#d8b26a', '#7b3f2b'] as const;

/** A friendly illustrated head-and-shoulders portrait for testimonials. */
export function portraitSvg(variant: number, size = 400): string {
  const r = rng(variant * 53 + 7);
  const skin = SKIN[variant % SKIN.length]!;
  const hair = pick(r, HAIR);
  const cloth = CLOTHES[(variant * 2 + 1) % CLOTHES.length]!;
  const bg = pick(r, ['#f4ebdd', '#e7d3b6', '#e2e4dc', '#efe2cf']);
  const long = variant % 2 === 0;
  const hairBack = long ? `<path d="M120 190 Q 120 70 200 70 Q 280 70 280 190 L 292 330 L 108 330 Z" fill="${hair}"/>` : '';
  const hairTop = long
    ? `<path d="M132 180 Q 140 92 200 90 Q 262 92 268 180 Q 240 120 200 124 Q 160 120 132 180 Z" fill="${hair}"/>`
    : `<path d="M136 170 Q 136 96 200 94 Q 266 96 264 170 Q 250 128 200 130 Q 150 128 136 170 Z" fill="${hair}"/>`;
  const bindi = long && r() > 0.4 ? `<circle cx="200" cy="150" r="4" fill="#b3262f"/>` : '';
  return svg(
    size,
    size,
    '0 0 400 400',
    `${rect(0, 0, 400, 400, bg)}<circle cx="200" cy="200" r="170" fill="${shade(bg, 0.4)}"/>${hairBack}
<path d="M70 400 Q 80 290 200 285 Q 320 290 330 400 Z" fill="${cloth}"/>${rect(176, 240, 48, 56, shade(skin, -0.08), 'rx="18"')}
<ellipse cx="200" cy="180" rx="66" ry="80" fill="${skin}"/>${hairTop}${bindi}
<ellipse cx="176" cy="184" rx="6" ry="7" fill="#2a1b12"/><ellipse cx="224" cy="184" rx="6" ry="7" fill="#2a1b12"/>
<path d="M166 168 q 10 -6 20 0 M214 168 q 10 -6 20 0" stroke="#2a1b12" stroke-width="3" fill="none"/>
<path d="M180 222 q 20 18 40 0" stroke="#7a3b2b" stroke-width="4" fill="none" stroke-linecap="round"/>
<ellipse cx="160" cy="210" rx="12" ry="7" fill="#e38b74" opacity="0.3"/><ellipse cx="240" cy="210" rx="12" ry="7" fill="#e38b74" opacity="0.3"/>`,
  );
}

/** The design desk: a drawing board with a piece drawn in plan and elevation, its sizes, and teak samples beside it. */
export function designSvg(variant: number, width = 1600, height = 900): string {
  const p = palette(variant * 17 + 9);
  const r = rng(variant * 53 + 7);
  const ink = '#3b2a1e';
  const line = `stroke="${ink}" stroke-width="3" fill="none" stroke-linecap="round"`;
  const thin = `stroke="${ink}" stroke-width="1.5" fill="none" stroke-dasharray="8 6"`;
  // An elevation of a bed (headboard, rails, legs) and its plan, with dimension lines and a few hand notes.
  const drawing = `<path d="M580 400 L580 300 L800 300 L800 400 M560 400 L820 400 L820 370 L560 370 Z M575 400 L575 430 M805 400 L805 430" ${line}/>
<path d="M600 300 L600 270 Q 690 240 780 270 L780 300" ${line}/>
<path d="M560 450 L820 450 M560 442 L560 458 M820 442 L820 458" ${thin}/>
<rect x="880" y="260" width="150" height="190" ${line}/><rect x="892" y="272" width="126" height="40" rx="8" ${line}/>
<path d="M1044 260 L1044 450 M1036 260 L1052 260 M1036 450 L1052 450" ${thin}/>
${[0, 1, 2].map((i) => `<line x1="600" y1="${490 + i * 16}" x2="${760 - i * 40}" y2="${490 + i * 16}" stroke="${ink}" stroke-opacity="0.45" stroke-width="3"/>`).join('')}`;
  let samples = '';
  for (let i = 0; i < 4; i++) samples += rect(1180 + i * 58, 600 - i * 4, 50, 22 + i * 4, i % 2 ? 'url(#teakV)' : 'url(#teak)', 'rx="3"');
  return svg(
    width,
    height,
    '0 0 1600 900',
    `${defs(p)}${room(1600, 900, p, r)}${groundShadow(800, 652, 820)}
${rect(560, 540, 22, 112, p.wood.dark)}${rect(1018, 540, 22, 112, p.wood.dark)}
<path d="M440 560 L1160 560 L1110 200 L490 200 Z" fill="url(#teak)"/>${grain(480, 220, 640, 320, p, 3)}
<path d="M520 540 L1080 540 L1040 226 L560 226 Z" fill="#fbf6ec"/>${drawing}
${rect(430, 560, 740, 16, p.wood.mid, 'rx="4"')}
${rect(1170, 620, 260, 24, 'url(#teak)', 'rx="4"')}${rect(1190, 644, 16, 8, p.wood.dark)}${rect(1394, 644, 16, 8, p.wood.dark)}${samples}
<circle cx="1300" cy="592" r="22" fill="#e9d8b4" stroke="${ink}" stroke-width="3"/><path d="M1322 592 L1380 600" stroke="#d9b44a" stroke-width="6"/>
<path d="M800 0 L800 90" stroke="${ink}" stroke-width="3"/><path d="M740 130 L860 130 L830 90 L770 90 Z" fill="${p.wood.dark}"/>
<ellipse cx="800" cy="150" rx="110" ry="30" fill="#fff3cf" opacity="0.45"/>`,
  );
}

/** The workshop: a teak bench, stacked planks and hand tools in warm light. */
export function workshopSvg(variant: number, width = 1600, height = 900): string {
  const p = palette(variant * 11 + 3);
  const r = rng(variant * 71 + 5);
  let planks = '';
  for (let i = 0; i < 6; i++) {
    planks += `${rect(1080 + i * 8, 250 + i * 4, 36, 400 - i * 4, i % 2 ? 'url(#teakV)' : 'url(#teak)', 'rx="3"')}`;
  }
  let tools = '';
  for (let i = 0; i < 5; i++) {
    const tx = 260 + i * 110;
    tools += `<line x1="${tx}" y1="150" x2="${tx}" y2="170" stroke="#6b5b4b" stroke-width="3"/>${rect(tx - 6, 170, 12, 90 + r() * 40, i % 2 ? '#8a8f93' : p.wood.dark, 'rx="4"')}`;
  }
  return svg(
    width,
    height,
    '0 0 1600 900',
    `${defs(p)}${room(1600, 900, p, r)}${rect(200, 140, 640, 16, p.wood.dark)}${tools}${planks}
${groundShadow(560, 652, 820)}${rect(160, 430, 800, 40, 'url(#teak)', 'rx="6"')}${grain(160, 430, 800, 40, p, 2)}${rect(190, 470, 36, 180, p.wood.dark)}${rect(894, 470, 36, 180, p.wood.dark)}${rect(190, 580, 740, 16, p.wood.mid)}
${rect(420, 380, 260, 50, 'url(#teakV)', 'rx="4"')}<path d="M430 380 q 20 -16 40 0 q 20 -16 40 0 q 20 -16 40 0" stroke="#f1d9b0" stroke-width="4" fill="none"/>
<path d="M720 430 L 800 392 L 812 404 L 736 440 Z" fill="#8a8f93"/>${rect(700, 420, 40, 12, p.wood.dark, 'rx="4"')}
<ellipse cx="600" cy="120" rx="90" ry="26" fill="#fff3cf" opacity="0.5"/><path d="M560 120 L640 120 L620 90 L580 90 Z" fill="#3b2a1e"/>`,
  );
}
