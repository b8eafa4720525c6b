// A made-up but plausible teak catalogue of any size for `npm run bench:scale`: names from a region or style, a
// size or form and the piece ("Chettinad Carved Four-Poster King Bed"), the category's own pieces, finishes,
// mostly made to order with some ready stock. Deterministic: the same size gives the same catalogue.

const cat = (slug, name, description, pieces, subcategories) => ({
  slug,
  name,
  description,
  pieces,
  subcategories: subcategories.map((s) => ({ slug: `${slug}-${s.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, name: s })),
});

export const CATEGORIES = [
  cat(
    'beds',
    'Beds',
    'Teak beds, from low platforms to carved four-posters.',
    ['King Bed', 'Queen Bed', 'Four-Poster Bed', 'Daybed', 'Storage Bed'],
    ['King Size', 'Queen Size', 'Storage Beds'],
  ),
  cat(
    'sofas',
    'Sofas',
    'Solid teak sofas and diwans with cushions.',
    ['Three-Seater Sofa', 'Two-Seater Sofa', 'Diwan', 'Corner Sofa', 'Recliner'],
    ['Three Seaters', 'Diwans'],
  ),
  cat(
    'dining',
    'Dining',
    'Dining tables and sets for four to ten.',
    ['Dining Table', 'Dining Set', 'Dining Bench', 'Crockery Unit'],
    ['Six Seaters', 'Four Seaters', 'Crockery'],
  ),
  cat(
    'wardrobes',
    'Wardrobes',
    'Wardrobes with carved or plain shutters.',
    ['Two-Door Wardrobe', 'Three-Door Wardrobe', 'Almirah'],
    ['Two Door', 'Three Door'],
  ),
  cat(
    'pooja',
    'Pooja Units',
    'Pooja units and mandirs carved in temple styles.',
    ['Pooja Unit', 'Mandir', 'Pooja Cabinet', 'Wall Mandir'],
    ['Floor Mandirs', 'Wall Mandirs'],
  ),
  cat(
    'chairs',
    'Chairs',
    'Arm chairs, easy chairs and planters.',
    ['Arm Chair', 'Easy Chair', 'Planter Chair', 'Rocking Chair', 'Dining Chair'],
    ['Easy Chairs', 'Dining Chairs'],
  ),
  cat(
    'tables',
    'Tables',
    'Coffee, side and console tables.',
    ['Coffee Table', 'Side Table', 'Console Table', 'Nest of Tables', 'Study Table'],
    ['Coffee Tables', 'Side Tables', 'Study Tables'],
  ),
  cat(
    'storage',
    'Storage',
    'Chests, cabinets, shelves and shoe racks.',
    ['Chest', 'Book Shelf', 'Chest of Drawers', 'Shoe Rack', 'Sideboard'],
    ['Chests', 'Book Shelves'],
  ),
  cat('tv-units', 'TV Units', 'Low TV units and media consoles.', ['TV Unit', 'Media Console', 'Entertainment Unit'], ['Low Units']),
  cat('swings', 'Swings', 'Jhoolas and oonjals for the hall and the verandah.', ['Jhoola', 'Oonjal', 'Swing Seat'], ['Jhoolas']),
  cat('wall-panels', 'Wall Panels', 'Carved teak panels and doors.', ['Wall Panel', 'Carved Door', 'Jali Screen'], ['Panels', 'Screens']),
  cat('decor', 'Decor', 'Mirrors, frames and small pieces.', ['Mirror Frame', 'Wall Shelf', 'Key Holder', 'Tray'], ['Mirrors']),
];

const STYLES = [
  'Chettinad',
  'Kerala',
  'Mysore',
  'Karaikudi',
  'Jodhpur',
  'Heritage',
  'Colonial',
  'Mid-Century',
  'Minimal',
  'Tanjore',
  'Nilgiri',
  'Malabar',
  'Coromandel',
  'Deccan',
  'Konkan',
  'Shaker',
];
const FORMS = ['Carved', 'Plain', 'Cane', 'Slatted', 'Panelled', 'Brass-Inlaid', 'Lattice', 'Rounded', 'Tapered', 'Low'];
const WOODS = ['Teak', 'Reclaimed Teak', 'Burma Teak', 'Nilambur Teak'];
const FINISHES = ['Natural Teak', 'Honey', 'Walnut', 'Dark Walnut', 'Mahogany', 'Ebony', 'Whitewash'];
const COLLECTIONS = ['collection1', 'collection2', 'collection3', 'collection4'];
const PHRASES = [
  'Made by hand in our Chennai workshop from seasoned teak.',
  'Joinery is mortise and tenon, with no particle board anywhere.',
  'Finished in a food-safe oil that deepens with age.',
  'Each piece is sanded by hand and signed by its carpenter.',
  'Sized for Indian homes and doorways; we deliver it assembled.',
  'Carving drawn from temple pillars of the region.',
  'Brass fittings cast in Moradabad.',
  'Cushions in handloom cotton, removable for washing.',
];

/** A small fast generator, so the same size gives the same catalogue. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];

/** Products `from` … `from + count - 1` of a catalogue of `total`, newest last. */
export function catalogueRows(from, count, total) {
  const rows = [];
  const now = Date.now();
  for (let i = from; i < from + count; i++) {
    const rnd = random(i * 7919 + 17);
    const category = CATEGORIES[i % CATEGORIES.length];
    const piece = pick(rnd, category.pieces);
    const name = `${pick(rnd, STYLES)} ${pick(rnd, FORMS)} ${piece}`;
    // Names repeat across a large catalogue (as a workshop's do); the address is the piece's own.
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i + 1}`;
    const readyStock = rnd() < 0.2;
    const finishCount = 1 + Math.floor(rnd() * 4);
    const finishes = [];
    for (let f = 0; f < finishCount; f++) {
      const finish = pick(rnd, FINISHES);
      if (!finishes.includes(finish)) finishes.push(finish);
    }
    const minWeeks = 4 + Math.floor(rnd() * 4);
    rows.push({
      slug,
      name,
      description: `${pick(rnd, WOODS)} ${piece.toLowerCase()}. ${pick(rnd, PHRASES)} ${pick(rnd, PHRASES)}`,
      // Whole rupees from ₹4,000 to ₹3,00,000, in paise.
      pricePaise: (4000 + Math.floor(rnd() * 296_000)) * 100,
      category: category.slug,
      subcategory: rnd() < 0.9 ? pick(rnd, category.subcategories).slug : null,
      collection: rnd() < 0.1 ? pick(rnd, COLLECTIONS) : null,
      trending: rnd() < 0.05,
      topselling: rnd() < 0.05,
      newin: rnd() < 0.05,
      inStock: rnd() < 0.97,
      stockKind: readyStock ? 'ready_stock' : 'made_to_order',
      stockQuantity: readyStock ? Math.floor(rnd() * 6) : 0,
      ratingTenths: 30 + Math.floor(rnd() * 21),
      customizable: rnd() < 0.5,
      dimensions: { length: 40 + Math.floor(rnd() * 180), width: 30 + Math.floor(rnd() * 120), height: 30 + Math.floor(rnd() * 180) },
      finishes,
      weeks: [minWeeks, minWeeks + 2 + Math.floor(rnd() * 4)],
      // One new piece an hour, the last one now.
      createdAt: new Date(now - (total - i) * 3_600_000),
    });
  }
  return rows;
}

/** What shoppers type: misspellings, Indian spellings, two words, a prefix still being typed. */
export const SEARCHES = [
  'chettinad bed',
  'chetinad bedd',
  'kerala diwan',
  'mysore mandir',
  'poja unit',
  'pooja cabnet',
  'dinning table',
  'dining set six',
  'jhoola',
  'oonjal',
  'swing seat',
  'teak wardrobe',
  'wardrob',
  'almirah',
  'coffe table',
  'consol table',
  'book self',
  'bookshelf',
  'shoe rack',
  'tv unit',
  'media consol',
  'carved door',
  'jali screen',
  'mirror frame',
  'rocking chair',
  'planter chair',
  'easy chiar',
  'four poster',
  'king bed',
  'queen bed',
  'storage bed',
  'daybed',
  'colonial sofa',
  'three seater sofa',
  'corner sofa',
  'recliner',
  'brass inlaid chest',
  'chest of drawers',
  'sideboard',
  'cane chair',
  'nilambur teak',
  'burma teak bed',
  'reclaimed teak table',
  'walnut',
  'honey finish',
  'minimal',
  'mid century',
  'tanjore',
  'malabar',
  'konkan',
];
