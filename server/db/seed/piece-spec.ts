/**
 * What a piece looks like, read from its own words: its category and subcategory give the kind of piece,
 * its name and description the features a shopper reads about (posts and a canopy, a carved or padded
 * headboard, drawers, doors, shelves, seats, legs…), its dimensions the proportions. The drawings
 * (piece-drawings.ts) draw exactly this, so a picture never contradicts the text beside it.
 */

export type PieceType =
  | 'sofa'
  | 'armchair'
  | 'bed'
  | 'coffee-table'
  | 'side-table'
  | 'console'
  | 'nesting-tables'
  | 'bookcase'
  | 'wall-shelf'
  | 'sideboard'
  | 'chest'
  | 'shoe-cabinet'
  | 'dining-set'
  | 'bar-cabinet'
  | 'bar-stool'
  | 'bar-counter'
  | 'mandir'
  | 'tv-unit'
  | 'wardrobe'
  | 'wall-panel'
  | 'painting';

export type Legs = 'tapered' | 'splayed' | 'turned' | 'bun' | 'plinth' | 'trestle' | 'pedestal' | 'stepped' | 'wall' | 'block';
export type Headboard = 'slatted' | 'carved' | 'padded' | 'panel';

export interface PieceSpec {
  type: PieceType;
  /** Centimetres: across the front, front to back, floor to top. */
  length: number;
  breadth: number;
  height: number;
  legs: Legs;
  /** Hangs on a wall rather than standing on the floor. */
  wall: boolean;
  drawers: number;
  doors: number;
  /** Open shelves (or open bays) a shopper sees. */
  shelves: number;
  /** Sofa seats, dining chairs, stool seats. */
  seats: number;
  benches: number;
  arms: boolean;
  upholstered: boolean;
  headboard: Headboard | null;
  posts: boolean;
  canopy: boolean;
  /** Storage under a bed's mattress or in a sofa's corner. */
  storage: boolean;
  /** An L-shaped sofa: a chaise or a corner. */
  lShape: boolean;
  carved: boolean;
  glass: boolean;
  mirror: boolean;
  sliding: boolean;
  loft: boolean;
  round: boolean;
  lowerShelf: boolean;
  inlay: boolean;
  bells: boolean;
  jaali: boolean;
  /** Tiers of a mandir's dome or gopuram. */
  tiers: number;
  slats: boolean;
  fluted: boolean;
  buttoned: boolean;
  cane: boolean;
  flap: boolean;
  rail: boolean;
  footrest: boolean;
  back: 'none' | 'low' | 'high' | 'sloping';
  bottles: number;
  /** Drawer and door pulls (false: handle-free, routed grips). */
  handles: boolean;
  /** A painting: abstract shapes or a traditional composition. */
  art: 'abstract' | 'traditional';
  /** A painting's colours, read from its words. */
  palette: string[];
  /** A number from the name, for the small choices the words leave open (fabric, cushions). */
  seed: number;
}

export interface PieceSource {
  name: string;
  category: string;
  subcategory?: string | null;
  description: string;
  dimensions: { length?: number; breadth?: number; height?: number };
}

const NUMBERS: Record<string, number> = {
  one: 1,
  single: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  twenty: 20,
};

/** "Four deep drawers" → 4; "six chairs" → 6; digits too. */
export function countOf(text: string, noun: string): number | null {
  const re = new RegExp(`\\b(\\d+|${Object.keys(NUMBERS).join('|')})[\\s-]+(?:[a-z-]+[\\s-]+){0,2}?${noun}`, 'i');
  const m = re.exec(text);
  if (!m) return null;
  const word = m[1]!.toLowerCase();
  return NUMBERS[word] ?? Number(word);
}

const has = (text: string, ...words: string[]) => words.some((w) => new RegExp(`\\b${w}`, 'i').test(text));

export function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

const COLOUR_WORDS: [RegExp, string[]][] = [
  [/green/i, ['#4f7a5a', '#7fa37c', '#2f5540']],
  [/gr[ae]y/i, ['#8a9096', '#5d6670']],
  [/orange|sunrise|dawn/i, ['#e58a4b', '#f2b36b']],
  [/blue|sea|water/i, ['#3f6f96', '#8fb3cf']],
  [/gold/i, ['#d4a437', '#b8862a']],
  [/red|chilli/i, ['#b0302a', '#d2553f']],
  [/white/i, ['#f4efe6']],
  [/turmeric|yellow/i, ['#e0b02c']],
  [/cardamom/i, ['#8aa05a']],
  [/bell|temple/i, ['#7b2b1e', '#d4a437', '#2f4a5c']],
];

function paletteOf(text: string): string[] {
  const colours = COLOUR_WORDS.filter(([re]) => re.test(text)).flatMap(([, c]) => c);
  return colours.length ? colours : ['#c0703f', '#2f4a5c', '#d8b26a'];
}

function typeOf(category: string, sub: string, text: string): PieceType {
  switch (category) {
    case 'sofas':
      return has(text, 'chair', 'armchair') ? 'armchair' : 'sofa';
    case 'beds':
      return 'bed';
    case 'tables':
      if (has(text, 'nesting')) return 'nesting-tables';
      if (has(sub, 'console') || has(text, 'console')) return 'console';
      if (has(sub, 'side')) return 'side-table';
      return 'coffee-table';
    case 'book-shelf':
      return has(sub, 'wall') ? 'wall-shelf' : 'bookcase';
    case 'cabinet':
      if (has(text, 'shoe')) return 'shoe-cabinet';
      if (has(sub, 'chest') || has(text, 'chest')) return 'chest';
      return 'sideboard';
    case 'dinning':
      return 'dining-set';
    case 'bar':
      if (has(text, 'stool')) return 'bar-stool';
      if (has(text, 'counter')) return 'bar-counter';
      return 'bar-cabinet';
    case 'pooja':
      return 'mandir';
    case 'tv-units':
      return 'tv-unit';
    case 'wardrobe':
      return 'wardrobe';
    case 'wall-panels':
      return 'wall-panel';
    case 'paintings':
      return 'painting';
    default:
      if (has(text, 'bed')) return 'bed';
      if (has(text, 'sofa')) return 'sofa';
      if (has(text, 'wardrobe')) return 'wardrobe';
      if (has(text, 'table')) return 'coffee-table';
      return 'sideboard';
  }
}

const DEFAULT_SIZE: Record<PieceType, [number, number, number]> = {
  sofa: [200, 90, 85],
  armchair: [75, 80, 80],
  bed: [180, 210, 110],
  'coffee-table': [110, 60, 42],
  'side-table': [45, 45, 55],
  console: [120, 38, 80],
  'nesting-tables': [55, 40, 50],
  bookcase: [100, 35, 190],
  'wall-shelf': [90, 25, 30],
  sideboard: [160, 45, 85],
  chest: [100, 48, 110],
  'shoe-cabinet': [90, 35, 100],
  'dining-set': [180, 95, 76],
  'bar-cabinet': [100, 45, 150],
  'bar-stool': [45, 45, 75],
  'bar-counter': [150, 55, 105],
  mandir: [80, 50, 170],
  'tv-unit': [180, 45, 50],
  wardrobe: [150, 60, 210],
  'wall-panel': [120, 3, 240],
  painting: [90, 4, 60],
};

/** Reads a piece's kind, features and proportions from its category, name, description and dimensions. */
export function pieceSpec(p: PieceSource): PieceSpec {
  const text = `${p.name}. ${p.description}`;
  const own = `${p.name}. ${p.description.split(/(?<=\.)\s/)[0] ?? ''}`;
  const sub = p.subcategory ?? '';
  const type = typeOf(p.category, sub, `${p.name} ${sub}`);
  const [dl, db, dh] = DEFAULT_SIZE[type];
  const length = p.dimensions.length && p.dimensions.length > 0 ? p.dimensions.length : dl;
  const breadth = p.dimensions.breadth && p.dimensions.breadth > 0 ? p.dimensions.breadth : db;
  const height = p.dimensions.height && p.dimensions.height > 0 ? p.dimensions.height : dh;

  const spec: PieceSpec = {
    type,
    length,
    breadth,
    height,
    legs: 'tapered',
    wall: has(text, 'wall-hung', 'wall-mounted', 'floating', 'wall hung', 'wall mounted') || has(`${p.name} ${sub}`, 'wall'),
    drawers: 0,
    doors: 0,
    shelves: 0,
    seats: 0,
    benches: 0,
    arms: false,
    upholstered: false,
    headboard: null,
    posts: has(text, 'posts?', 'four-poster', 'four poster'),
    canopy: has(text, 'canopy'),
    storage: has(text, 'storage', 'hydraulic'),
    lShape: false,
    carved: has(text, 'carved', 'carving'),
    glass: has(text, 'glass-fronted', 'glass front', 'glazed'),
    mirror: has(text, 'mirror'),
    sliding: has(text, 'sliding'),
    loft: has(text, 'loft'),
    round: has(text, 'round\\b'),
    lowerShelf: has(text, 'lower shelf', 'undershelf'),
    inlay: has(text, 'inlaid', 'inlay'),
    bells: has(text, 'bells?'),
    jaali: has(text, 'jaali'),
    tiers: 0,
    slats: has(text, 'slatted', 'slats'),
    fluted: has(text, 'fluted', 'flutes'),
    buttoned: has(text, 'buttoned', 'tufted'),
    cane: has(text, 'cane'),
    flap: has(text, 'fold-down', 'flap'),
    rail: has(text, 'rail'),
    footrest: has(text, 'footrest', 'foot rail'),
    back: 'high',
    bottles: countOf(text, 'bottles') ?? 0,
    handles: !has(text, 'handle-free', 'finger grips?'),
    art: has(`${p.name} ${sub} ${p.description}`, 'traditional', 'tanjore', 'kolam', 'folk') ? 'traditional' : 'abstract',
    palette: [],
    seed: hashOf(p.name),
  };
  if (spec.wall) spec.legs = 'wall';

  const drawers = countOf(own, 'drawers?');
  const mentionsDrawers = has(text, 'drawers?');
  const doors = countOf(own, 'doors?') ?? countOf(text, 'doors?');
  const shelves = countOf(own, 'shelves') ?? countOf(own, 'shelf');

  switch (type) {
    case 'sofa':
    case 'armchair': {
      spec.upholstered = true;
      spec.arms = true;
      spec.lShape = has(`${p.name} ${sub}`, 'l-shaped', 'corner') || has(text, 'chaise');
      spec.seats = type === 'armchair' ? 1 : (countOf(`${p.name} ${sub}`, 'seater') ?? countOf(text, 'seats') ?? (spec.lShape ? 5 : 3));
      if (has(text, 'seats seven')) spec.seats = 7;
      spec.back = has(text, 'sloping', 'lounge', 'low') ? 'sloping' : 'high';
      spec.legs = spec.carved ? 'turned' : 'tapered';
      break;
    }
    case 'bed': {
      spec.headboard = has(own, 'padded', 'upholstered')
        ? 'padded'
        : has(own, 'carved')
          ? 'carved'
          : has(own, 'slatted', 'slats')
            ? 'slatted'
            : 'panel';
      spec.upholstered = spec.headboard === 'padded';
      spec.posts = spec.posts || spec.canopy;
      spec.drawers = drawers ?? (has(own, 'drawers?') ? 2 : 0);
      spec.storage = spec.storage || spec.drawers > 0 || has(sub, 'storage');
      spec.legs = spec.storage ? 'plinth' : spec.carved ? 'turned' : 'tapered';
      break;
    }
    case 'coffee-table':
    case 'side-table':
    case 'console':
    case 'nesting-tables': {
      spec.drawers = drawers ?? (has(own, 'drawers?') ? 1 : 0);
      spec.legs = has(text, 'stepped') ? 'stepped' : has(text, 'splayed') ? 'splayed' : 'tapered';
      spec.seats = type === 'nesting-tables' ? (countOf(text, 'set of') ?? countOf(text, 'tables') ?? 2) : 1;
      if (has(text, 'set of two')) spec.seats = 2;
      break;
    }
    case 'bookcase':
    case 'wall-shelf': {
      spec.shelves = shelves ?? (type === 'wall-shelf' ? 2 : Math.max(2, Math.round(spec.height / 38)));
      spec.doors = has(text, 'cupboards?', 'closed') ? 2 : (doors ?? 0);
      spec.legs = spec.wall ? 'wall' : 'plinth';
      if (type === 'wall-shelf') spec.wall = true;
      spec.rail = has(text, 'ladder');
      break;
    }
    case 'sideboard':
    case 'chest':
    case 'shoe-cabinet': {
      spec.doors = doors ?? (type === 'chest' ? 0 : 2);
      if (type === 'shoe-cabinet') spec.doors = countOf(text, 'bins') ?? (has(text, 'bins') ? 2 : spec.doors);
      spec.drawers = drawers ?? (type === 'chest' ? Math.max(3, Math.round(spec.height / 25)) : mentionsDrawers ? 2 : 0);
      spec.glass = spec.glass || has(text, 'glass');
      spec.legs = type === 'chest' ? 'bun' : 'tapered';
      break;
    }
    case 'dining-set': {
      spec.seats = countOf(`${p.name} ${sub}`, 'seater') ?? countOf(text, 'chairs') ?? 6;
      const chairs = countOf(text, 'chairs');
      spec.benches = countOf(text, 'benches') ?? (has(text, 'bench') ? 1 : 0);
      if (chairs !== null && (spec.benches > 0 || chairs <= spec.seats)) spec.seats = chairs;
      spec.legs = spec.round || has(text, 'pedestal') ? 'pedestal' : has(text, 'trestle') ? 'trestle' : 'tapered';
      spec.round = spec.round || spec.legs === 'pedestal';
      spec.cane = spec.cane || has(text, 'woven');
      spec.drawers = has(text, 'leaf', 'extend') ? 1 : 0;
      break;
    }
    case 'bar-cabinet':
    case 'bar-counter': {
      spec.doors = doors ?? 2;
      spec.shelves = has(text, 'racks?', 'shelf') ? 1 : 0;
      spec.bottles = spec.bottles || (has(text, 'wine', 'bottle') ? 12 : 0);
      spec.legs = type === 'bar-counter' ? 'plinth' : 'tapered';
      break;
    }
    case 'bar-stool': {
      spec.seats = 1;
      spec.back = has(text, 'low back') ? 'low' : 'none';
      spec.upholstered = has(text, 'upholstered', 'leatherette', 'cushion');
      spec.footrest = true;
      spec.legs = has(text, 'swivel') ? 'pedestal' : 'splayed';
      break;
    }
    case 'mandir': {
      spec.tiers = countOf(text, 'tiered') ?? (has(text, 'dome', 'shikhara', 'gopur', 'kalasam') ? 2 : 1);
      spec.doors = has(own, 'doors') ? 2 : 0;
      spec.drawers = drawers ?? (has(own, 'drawers?', 'pull-out tray', 'tray') ? 1 : 0);
      spec.legs = spec.wall ? 'wall' : 'plinth';
      spec.carved = true;
      break;
    }
    case 'tv-unit': {
      spec.drawers = drawers ?? (mentionsDrawers ? 2 : 0);
      spec.doors = has(own, 'doors?', 'door panels') ? (doors ?? 2) : 0;
      spec.shelves = has(own, 'open bays?', 'shelf', 'bays?') ? Math.max(1, shelves ?? 2) : 0;
      spec.legs = spec.wall ? 'wall' : has(text, 'low') ? 'block' : 'tapered';
      break;
    }
    case 'wardrobe': {
      spec.doors = doors ?? countOf(`${p.name} ${sub}`, 'door') ?? (spec.sliding ? 2 : 2);
      if (spec.sliding && !doors) spec.doors = spec.length >= 180 ? 3 : 2;
      spec.legs = has(text, 'bun') ? 'bun' : 'plinth';
      spec.drawers = spec.loft ? 0 : has(own, 'drawers?') ? 2 : 0;
      break;
    }
    case 'wall-panel': {
      spec.wall = true;
      spec.legs = 'wall';
      spec.fluted = spec.fluted || (!spec.slats && has(sub, 'fluted'));
      spec.slats = spec.slats || !spec.fluted;
      break;
    }
    case 'painting': {
      spec.wall = true;
      spec.legs = 'wall';
      spec.palette = paletteOf(text);
      break;
    }
  }
  return spec;
}
