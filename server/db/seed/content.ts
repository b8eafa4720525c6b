/** The demo shop's words: categories, products, blogs, testimonials and banners. */

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  subcategories: { name: string; description: string }[];
}

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    slug: 'sofas',
    name: 'Sofas',
    description: 'Solid teak frames, deep cushions and upholstery you choose, built to be sat on for decades.',
    subcategories: [
      { name: 'Three Seater Sofas', description: 'Generous sofas for the family room.' },
      { name: 'L-Shaped Sofas', description: 'Corner sofas that make the most of a living room.' },
      { name: 'Single Chair Sofas', description: 'Armchairs for a reading corner or a balcony.' },
    ],
  },
  {
    slug: 'beds',
    name: 'Beds',
    description: 'Teak beds with carved and slatted headboards, made to your mattress size.',
    subcategories: [
      { name: 'King Size Beds', description: 'Beds for 72 × 78 inch mattresses.' },
      { name: 'Queen Size Beds', description: 'Beds for 60 × 78 inch mattresses.' },
      { name: 'Storage Beds', description: 'Hydraulic and drawer storage under the mattress.' },
    ],
  },
  {
    slug: 'tables',
    name: 'Tables',
    description: 'Coffee, side and console tables with hand-finished tops.',
    subcategories: [
      { name: 'Coffee Tables', description: 'The centre of the living room.' },
      { name: 'Side Tables', description: 'Small tables beside a sofa or a bed.' },
      { name: 'Console Tables', description: 'Slim tables for entrances and hallways.' },
    ],
  },
  {
    slug: 'book-shelf',
    name: 'Book Shelf',
    description: 'Open and closed shelving in solid teak, sized to your wall.',
    subcategories: [
      { name: 'Open Book Shelves', description: 'Open shelves for books and keepsakes.' },
      { name: 'Wall Shelves', description: 'Floating and wall-mounted shelves.' },
    ],
  },
  {
    slug: 'cabinet',
    name: 'Cabinet',
    description: 'Sideboards and chests with panelled doors and brass hardware.',
    subcategories: [
      { name: 'Sideboards', description: 'Low cabinets for the dining or living room.' },
      { name: 'Chest of Drawers', description: 'Drawers for the bedroom and dressing room.' },
      { name: 'Shoe Cabinets', description: 'Tidy storage by the door.' },
    ],
  },
  {
    slug: 'dinning',
    name: 'Dinning',
    description: 'Dining tables and chairs for four to ten, made for long meals together.',
    subcategories: [
      { name: 'Four Seater Dining Sets', description: 'Compact sets for apartments.' },
      { name: 'Six Seater Dining Sets', description: 'The family favourite.' },
      { name: 'Eight Seater Dining Sets', description: 'For homes that host.' },
    ],
  },
  {
    slug: 'bar',
    name: 'Bar',
    description: 'Bar cabinets, counters and stools with a warm teak glow.',
    subcategories: [
      { name: 'Bar Cabinets', description: 'Bottle and glass storage behind closed doors.' },
      { name: 'Bar Stools', description: 'Counter-height stools with footrests.' },
    ],
  },
  {
    slug: 'pooja',
    name: 'Pooja',
    description: 'Mandirs carved in teak, with bells, lamp space and storage below.',
    subcategories: [
      { name: 'Floor Mandirs', description: 'Standing mandirs with cabinets below.' },
      { name: 'Wall Mandirs', description: 'Wall-mounted mandirs for smaller homes.' },
    ],
  },
  {
    slug: 'tv-units',
    name: 'TV Units',
    description: 'Low consoles and wall units with cable management built in.',
    subcategories: [
      { name: 'Floor TV Units', description: 'Low consoles with drawers.' },
      { name: 'Wall TV Units', description: 'Floating units that keep the floor clear.' },
    ],
  },
  {
    slug: 'wardrobe',
    name: 'Wardrobe',
    description: 'Two, three and four door wardrobes with fitted interiors.',
    subcategories: [
      { name: 'Two Door Wardrobes', description: 'For guest rooms and children’s rooms.' },
      { name: 'Three Door Wardrobes', description: 'Hanging, shelves and a locker.' },
      { name: 'Sliding Wardrobes', description: 'Sliding doors for tight rooms.' },
    ],
  },
  {
    slug: 'wall-panels',
    name: 'Wall Panels',
    description: 'Fluted and slatted teak panelling, measured and fitted by our team.',
    subcategories: [
      { name: 'Fluted Panels', description: 'Rounded flutes that catch the light.' },
      { name: 'Slatted Panels', description: 'Crisp slats with shadow gaps.' },
    ],
  },
  {
    slug: 'paintings',
    name: 'Paintings',
    description: 'Original works by South Indian artists, framed in teak.',
    subcategories: [
      { name: 'Abstract Paintings', description: 'Colour and texture for a statement wall.' },
      { name: 'Traditional Art', description: 'Tanjore and folk traditions.' },
    ],
  },
];

export interface SeedProduct {
  name: string;
  category: string;
  subcategory: string;
  description: string;
  price: number;
  collection: 'collection1' | 'collection2' | 'collection3' | 'collection4' | null;
  newin: boolean;
  topselling: boolean;
  trending: boolean;
  customizable: boolean;
  in_stock: boolean;
  /** The ready-to-ship range is counted stock; everything else is made after the order. */
  stock_kind: 'made_to_order' | 'ready_stock';
  stock_quantity: number;
  ratings: number;
  dimensions: { length?: number; breadth?: number; height?: number };
  finishes: string[];
  readyToShip?: { mostSold: boolean; newArrival: boolean };
}

type Row = [
  name: string,
  subcategory: string,
  price: number,
  flags: string,
  collection: 1 | 2 | 3 | 4 | 0,
  ratings: number,
  dims: [number, number, number],
  detail: string,
];

const CARE = 'Wipe with a soft dry cloth; oil once a year with the teak care kit we send with every order.';

const CATEGORY_LINES: Record<string, string> = {
  sofas: 'The frame is Grade A Burma teak joined with mortise and tenon, and the seat uses pocket springs under high-resilience foam.',
  beds: 'Rails bolt to the headboard with concealed brass fittings, and the slatted base lets the mattress breathe in humid weather.',
  tables: 'The top is a single book-matched glued panel, hand planed and finished to resist rings from cups and glasses.',
  'book-shelf': 'Shelves are 22 mm thick so they do not sag under a full row of books, and the back is tongue-and-groove teak.',
  cabinet: 'Drawers run on dovetailed teak runners and the doors close on soft hinges with antique brass pulls.',
  dinning: 'Legs are joined to the apron with wedged tenons, and the chairs have a gentle lumbar curve for long dinners.',
  bar: 'Glass racks and bottle slots are lined with felt, and the counter top is sealed against spills.',
  pooja: 'Every arch and jaali is carved by hand in our Chennai workshop, with space for a diya and bells included.',
  'tv-units': 'Cable cut-outs at the back, ventilated compartments for set-top boxes and drawers on full-extension runners.',
  wardrobe: 'Interiors are fitted with a hanging rail, adjustable shelves and a locker, all in solid teak, not board.',
  'wall-panels': 'Panels are made to your wall’s measurements and fitted by our installation team with hidden fixings.',
  paintings: 'The work is an original on canvas, signed by the artist, and framed in a hand-finished teak moulding.',
};

const FINISHES: Record<string, string[]> = {
  sofas: ['Natural Teak', 'Honey Teak', 'Walnut', 'Espresso'],
  beds: ['Natural Teak', 'Honey Teak', 'Dark Walnut', 'Mahogany'],
  tables: ['Natural Teak', 'Walnut', 'Matte Clear'],
  'book-shelf': ['Honey Teak', 'Walnut', 'Espresso'],
  cabinet: ['Natural Teak', 'Dark Walnut', 'Antique Brass Accents'],
  dinning: ['Natural Teak', 'Honey Teak', 'Walnut', 'Mahogany', 'Espresso'],
  bar: ['Walnut', 'Ebony', 'Antique Brass Accents'],
  pooja: ['Natural Teak', 'Honey Teak', 'Antique Brass Accents'],
  'tv-units': ['Natural Teak', 'Walnut', 'Espresso'],
  wardrobe: ['Natural Teak', 'Honey Teak', 'Dark Walnut'],
  'wall-panels': ['Natural Teak', 'Matte Clear', 'Walnut'],
  paintings: ['Natural Teak', 'Ebony'],
};

// flags: n = new in, t = top selling, r = trending, c = customizable, x = out of stock, M / A = ready to ship (most sold / new arrival)
const ROWS: Record<string, Row[]> = {
  sofas: [
    [
      'Kaveri Three Seater Sofa',
      'Three Seater Sofas',
      124999,
      'tcM',
      1,
      4.8,
      [210, 90, 84],
      'Wide arms double as a perch for a cup of filter coffee.',
    ],
    [
      'Marina L-Shaped Sofa',
      'L-Shaped Sofas',
      219999,
      'nrc',
      3,
      4.6,
      [280, 190, 82],
      'The chaise can sit on either side, and we make it to your room.',
    ],
    [
      'Adyar Single Chair Sofa',
      'Single Chair Sofas',
      8999,
      'ntA',
      3,
      4.4,
      [72, 76, 80],
      'A compact armchair with a cane-look back, our most affordable sofa.',
    ],
    [
      'Mylapore Heritage Sofa',
      'Three Seater Sofas',
      149999,
      'rc',
      4,
      4.9,
      [205, 88, 92],
      'Carved arm fronts in the Chettinad style with a deep buttoned back.',
    ],
    [
      'Besant Lounge Chair',
      'Single Chair Sofas',
      24999,
      'n',
      2,
      4.3,
      [78, 82, 78],
      'A low lounge chair with a sloping back for slow Sunday mornings.',
    ],
    [
      'Coromandel Corner Sofa',
      'L-Shaped Sofas',
      249999,
      'tc',
      1,
      4.7,
      [300, 210, 84],
      'Seats seven comfortably; the corner wedge hides a storage well.',
    ],
  ],
  beds: [
    [
      'Chettinad Heritage King Bed',
      'King Size Beds',
      149999,
      'trcM',
      4,
      4.9,
      [195, 210, 120],
      'A tall carved headboard inspired by Chettinad mansion doors.',
    ],
    ['Nila Queen Bed', 'Queen Size Beds', 49999, 'nA', 3, 4.5, [160, 205, 95], 'Clean lines and a slatted headboard, our simplest bed.'],
    ['Thanjavur Storage Bed', 'Storage Beds', 89999, 'tc', 2, 4.6, [190, 210, 105], 'A hydraulic lift reveals storage for a season’s quilts.'],
    ['Pondy Canopy Bed', 'King Size Beds', 189999, 'rc', 1, 4.8, [200, 215, 210], 'Four slim posts and a canopy frame for mosquito nets or drapes.'],
    ['Ooty Upholstered Bed', 'Queen Size Beds', 74999, 'nx', 3, 4.2, [165, 208, 110], 'A padded headboard framed in teak for reading in bed.'],
    ['Kovalam Drawer Bed', 'Storage Beds', 99999, 'nc', 0, 4.4, [195, 212, 100], 'Four deep drawers on soft-close runners under the mattress.'],
  ],
  tables: [
    ['Mandapam Coffee Table', 'Coffee Tables', 32999, 'tM', 1, 4.7, [120, 60, 42], 'A lower shelf keeps magazines and board games within reach.'],
    ['Lotus Round Coffee Table', 'Coffee Tables', 38999, 'nr', 3, 4.5, [90, 90, 40], 'A round top on splayed legs, soft on shins in busy homes.'],
    ['Kolam Side Table', 'Side Tables', 12999, 'nA', 2, 4.4, [45, 45, 55], 'An inlaid kolam pattern in a lighter teak on the top.'],
    ['Gopuram Console Table', 'Console Tables', 42999, 'c', 4, 4.6, [130, 38, 80], 'Stepped legs echo a temple tower; two slim drawers for keys.'],
    ['Breeze Nesting Tables', 'Side Tables', 18999, 't', 3, 4.3, [55, 40, 50], 'A set of two that tuck into each other when guests leave.'],
  ],
  'book-shelf': [
    [
      'Library Ladder Shelf',
      'Open Book Shelves',
      45999,
      'trc',
      3,
      4.6,
      [90, 35, 200],
      'Five deep shelves and a rail for a library ladder (sold separately).',
    ],
    [
      'Saraswati Bookcase',
      'Open Book Shelves',
      58999,
      'cM',
      2,
      4.8,
      [120, 38, 210],
      'A tall bookcase with carved cornice and closed cupboards below.',
    ],
    ['Float Wall Shelf Set', 'Wall Shelves', 9999, 'nA', 3, 4.2, [90, 22, 4], 'Three floating shelves with hidden steel brackets.'],
    ['Study Nook Shelf', 'Wall Shelves', 21999, 'n', 0, 4.3, [100, 30, 120], 'A wall shelf with a fold-down writing flap for small rooms.'],
    ['Archive Low Bookcase', 'Open Book Shelves', 34999, 'x', 4, 4.1, [150, 35, 90], 'Waist-high shelving that doubles as a sideboard top.'],
  ],
  cabinet: [
    ['Karaikudi Sideboard', 'Sideboards', 79999, 'tcM', 4, 4.8, [180, 45, 85], 'Four panelled doors with hand-cast brass pulls.'],
    ['Tanjore Chest of Drawers', 'Chest of Drawers', 54999, 'n', 2, 4.5, [100, 48, 110], 'Six drawers graduated in depth, deepest at the bottom.'],
    ['Entryway Shoe Cabinet', 'Shoe Cabinets', 27999, 'nA', 3, 4.3, [90, 35, 100], 'Tilt-out bins hold twelve pairs and a bench top to sit on.'],
    ['Veranda Crockery Cabinet', 'Sideboards', 69999, 'r', 1, 4.6, [120, 45, 180], 'Glass-fronted upper doors to show off the good china.'],
    ['Minimal Drawer Chest', 'Chest of Drawers', 44999, 'c', 3, 4.4, [90, 45, 95], 'Handle-free drawers with routed finger grips.'],
  ],
  dinning: [
    [
      'Sangam Six Seater Dining Set',
      'Six Seater Dining Sets',
      129999,
      'trcM',
      2,
      4.9,
      [180, 95, 76],
      'Six chairs with woven seats and a table that seats eight at a squeeze.',
    ],
    [
      'Annapoorna Four Seater Dining Set',
      'Four Seater Dining Sets',
      49999,
      'ntA',
      3,
      4.5,
      [120, 80, 76],
      'A compact set for apartments, with two chairs and a bench.',
    ],
    [
      'Banyan Eight Seater Dining Set',
      'Eight Seater Dining Sets',
      199999,
      'rc',
      4,
      4.8,
      [240, 105, 76],
      'A thick top on trestle legs for festive family lunches.',
    ],
    [
      'Round Courtyard Dining Set',
      'Four Seater Dining Sets',
      69999,
      'n',
      1,
      4.4,
      [110, 110, 76],
      'A round pedestal table so nobody gets the corner.',
    ],
    [
      'Heritage Extendable Dining Set',
      'Six Seater Dining Sets',
      159999,
      'tc',
      2,
      4.7,
      [180, 95, 76],
      'A hidden leaf extends the table to 230 cm for guests.',
    ],
    [
      'Verandah Bench Dining Set',
      'Eight Seater Dining Sets',
      174999,
      'x',
      3,
      4.3,
      [220, 100, 76],
      'Two long benches and four chairs for a relaxed feel.',
    ],
  ],
  bar: [
    [
      'Madras Club Bar Cabinet',
      'Bar Cabinets',
      89999,
      'tcM',
      4,
      4.7,
      [110, 45, 160],
      'Mirrored interior, stemware racks and a pull-out serving shelf.',
    ],
    ['Counter Bar Stool', 'Bar Stools', 14999, 'nA', 3, 4.4, [45, 45, 75], 'A saddle seat and brass-capped footrest, sold singly.'],
    ['Teak Home Bar Counter', 'Bar Cabinets', 119999, 'rc', 1, 4.6, [160, 55, 105], 'A freestanding counter with storage and a foot rail.'],
    ['Swivel Bar Stool', 'Bar Stools', 17999, 'n', 2, 4.3, [45, 45, 78], 'A swivel seat with a low back, upholstered in leatherette.'],
    ['Compact Wine Cabinet', 'Bar Cabinets', 49999, '', 3, 4.2, [70, 40, 120], 'Holds twenty bottles in a corner of the dining room.'],
  ],
  pooja: [
    [
      'Shanti Floor Mandir',
      'Floor Mandirs',
      69999,
      'tcM',
      4,
      4.9,
      [90, 60, 180],
      'A domed shikhara, two bells and a drawer for incense and camphor.',
    ],
    ['Deepam Wall Mandir', 'Wall Mandirs', 24999, 'nA', 2, 4.6, [60, 30, 75], 'A wall mandir with a jaali back that glows when the diya is lit.'],
    ['Gopura Grand Mandir', 'Floor Mandirs', 129999, 'rc', 1, 4.8, [120, 70, 210], 'Three-tiered gopuram carving with doors that close at night.'],
    ['Tulsi Compact Mandir', 'Wall Mandirs', 18999, 'n', 3, 4.4, [50, 28, 65], 'Our smallest mandir, for studio flats and offices.'],
    ['Kalasam Mandir with Doors', 'Floor Mandirs', 84999, 't', 4, 4.7, [95, 60, 185], 'Jaali doors and a pull-out tray for pooja items.'],
  ],
  'tv-units': [
    ['Horizon TV Console', 'Floor TV Units', 54999, 'tcM', 3, 4.6, [200, 45, 50], 'Four drawers and open bays for a soundbar and set-top box.'],
    ['Floating Media Wall Unit', 'Wall TV Units', 64999, 'nrc', 3, 4.5, [220, 35, 40], 'Wall-hung so the floor below stays clear for cleaning.'],
    ['Chettinad Media Cabinet', 'Floor TV Units', 74999, 'c', 4, 4.7, [180, 50, 60], 'Carved door panels hide the clutter of cables and consoles.'],
    ['Slim Wall TV Panel', 'Wall TV Units', 39999, 'nA', 1, 4.3, [160, 30, 120], 'A slatted panel with a shelf, for TVs up to 65 inches.'],
    ['Low Lounge TV Unit', 'Floor TV Units', 44999, '', 2, 4.2, [180, 42, 45], 'A low console that suits floor seating and low sofas.'],
  ],
  wardrobe: [
    [
      'Kanchi Three Door Wardrobe',
      'Three Door Wardrobes',
      139999,
      'tcM',
      4,
      4.8,
      [150, 60, 210],
      'Panelled doors, a mirror inside and a locker with a key.',
    ],
    [
      'Nest Two Door Wardrobe',
      'Two Door Wardrobes',
      79999,
      'nA',
      3,
      4.4,
      [100, 58, 195],
      'A hanging side and a shelf side, sized for children’s rooms.',
    ],
    [
      'Glide Sliding Wardrobe',
      'Sliding Wardrobes',
      159999,
      'rc',
      3,
      4.6,
      [200, 65, 220],
      'Sliding doors on silent tracks for rooms where swing doors clash.',
    ],
    ['Heritage Armoire', 'Two Door Wardrobes', 119999, 'c', 1, 4.7, [110, 60, 200], 'A carved crown and bun feet in the colonial style.'],
    ['Loft Four Door Wardrobe', 'Three Door Wardrobes', 179999, 'n', 2, 4.5, [200, 60, 240], 'A full-height wardrobe with a loft for suitcases.'],
  ],
  'wall-panels': [
    ['Fluted Teak Wall Panel', 'Fluted Panels', 24999, 'tnM', 3, 4.7, [120, 2, 240], 'Price per 120 × 240 cm panel; rounded flutes every 3 cm.'],
    ['Slatted Feature Wall', 'Slatted Panels', 34999, 'rc', 3, 4.6, [120, 3, 240], 'Slats with a black felt backing for better acoustics.'],
    ['Headboard Wall Panel', 'Fluted Panels', 44999, 'nc', 2, 4.5, [180, 3, 120], 'A wide panel that becomes a headboard behind a bed.'],
    ['TV Backdrop Panel', 'Slatted Panels', 54999, 'c', 4, 4.4, [240, 3, 240], 'Slats with a routed channel to hide TV cables.'],
    ['Ceiling Trim Panel', 'Slatted Panels', 29999, '', 1, 4.1, [120, 3, 60], 'A slim panel to frame a ceiling cove or a doorway.'],
  ],
  paintings: [
    ['Monsoon Backwaters', 'Abstract Paintings', 18999, 'tnA', 3, 4.6, [90, 4, 60], 'Layered greens and greys of a Kerala afternoon.'],
    ['Temple Bells', 'Traditional Art', 29999, 'r', 4, 4.8, [60, 4, 90], 'A Tanjore-style work with gold leaf on the bells.'],
    ['Marina Dawn', 'Abstract Paintings', 14999, 'n', 2, 4.4, [75, 4, 50], 'Soft oranges and blues of a Chennai sunrise.'],
    ['Kolam Geometry', 'Traditional Art', 9999, 'x', 3, 4.2, [50, 4, 50], 'White-on-red geometry in the kolam tradition.'],
    ['Spice Route', 'Abstract Paintings', 39999, 't', 1, 4.7, [120, 4, 80], 'A large canvas of turmeric, chilli and cardamom tones.'],
  ],
};

function buildProducts(): SeedProduct[] {
  const out: SeedProduct[] = [];
  for (const [category, rows] of Object.entries(ROWS)) {
    for (const [name, subcategory, price, flags, collection, ratings, [length, breadth, height], detail] of rows) {
      const outOfStock = flags.includes('x');
      const ready = flags.includes('M') || flags.includes('A');
      out.push({
        name,
        category,
        subcategory,
        description: `${detail} ${CATEGORY_LINES[category] ?? ''} ${CARE}`.trim(),
        price,
        collection: collection ? (`collection${collection}` as SeedProduct['collection']) : null,
        newin: flags.includes('n'),
        topselling: flags.includes('t'),
        trending: flags.includes('r'),
        customizable: flags.includes('c'),
        in_stock: !outOfStock,
        stock_kind: ready ? 'ready_stock' : 'made_to_order',
        stock_quantity: ready && !outOfStock ? 3 + ((name.length * 7) % 12) : 0,
        ratings,
        dimensions: { length, breadth, height },
        finishes: FINISHES[category] ?? ['Natural Teak'],
        ...(ready ? { readyToShip: { mostSold: flags.includes('M'), newArrival: flags.includes('A') } } : {}),
      });
    }
  }
  return out;
}

export const SEED_PRODUCTS: SeedProduct[] = buildProducts();

export const SEED_COLLECTIONS: {
  id: 'collection1' | 'collection2' | 'collection3' | 'collection4';
  title: string;
  tagline: string;
}[] = [
  { id: 'collection1', title: 'Significant Essence', tagline: 'Pieces with presence, for rooms that gather people.' },
  { id: 'collection2', title: 'Elegant Reflections', tagline: 'Quiet curves and polished grain.' },
  { id: 'collection3', title: 'Modern Minimalist', tagline: 'Clean lines, honest joinery, nothing extra.' },
  { id: 'collection4', title: 'Vintage Charm', tagline: 'Carving and craft from South Indian heritage homes.' },
];

export interface SeedBlog {
  title: string;
  content: string;
  daysAgo: number;
}

export const SEED_BLOGS: SeedBlog[] = [
  {
    title: 'Caring for teak through a Chennai monsoon',
    daysAgo: 3,
    content: `Teak is one of the few woods that shrugs off humidity, which is why our grandparents’ cots and almirahs are still standing. Its natural oils resist moisture and termites, but a little care keeps the finish looking new.

During the monsoon, keep furniture a hand’s width away from walls that take rain, so air can move behind it. Wipe spills at once with a dry cloth rather than a wet one, and never leave a damp towel on a bed rail or a chair back.

Once the rains are over, clean the surface with a soft cloth barely damp with mild soapy water, dry it, and apply a thin coat of the teak oil we send with every order. Let it soak for fifteen minutes and buff away the excess. Do this once a year and the grain will deepen into the honey colour that only old teak has.

If white rings appear from a hot cup, a warm iron over a cotton cloth for a few seconds usually lifts them. For anything more stubborn, call us: our service team visits homes across Chennai and ships care kits everywhere in India.`,
  },
  {
    title: 'Choosing a teak dining set for your family',
    daysAgo: 12,
    content: `Start with the room, not the table. Leave at least 90 cm between the table edge and the nearest wall or cabinet so chairs can slide back and people can walk behind them.

A four seater needs a table of about 120 × 80 cm; six people sit comfortably at 180 × 95 cm; eight need 220 cm or more. Round tables are friendlier for conversation and save space in square rooms, while rectangular tables suit long rooms and big festive meals.

Chair comfort matters more than the table. Sit on our chairs in the studio or ask for a sample seat: the seat height should let your feet rest flat, and the back should support you through a long lunch.

Finally, think about the finish. Natural teak brightens a dark room; walnut and espresso hide the marks of daily life. Every set we make can be finished in any of our shades, and we send small finish samples free of charge before you decide.`,
  },
  {
    title: 'Why we still build everything in teak',
    daysAgo: 25,
    content: `We are often asked why we do not offer cheaper woods or engineered boards. The answer is in the furniture you inherited: the teak pieces are the ones still in use.

Teak is dense, stable and naturally oily. It moves very little with the seasons, so joints stay tight and drawers keep running smoothly. Its oils keep termites and damp away without heavy chemical treatment.

We buy plantation teak from certified sources, season it for months in our Chennai yard until its moisture content matches the air it will live in, and only then cut it. This patience is why our pieces do not crack or warp when they reach your home in Delhi or Guwahati.

Teak is more expensive up front. Spread over the thirty or forty years a well-made bed or dining table lasts, it is the least expensive choice you can make, and the kindest one for the forests.`,
  },
  {
    title: 'Inside the workshop: how a bespoke piece is made',
    daysAgo: 40,
    content: `Every bespoke order begins with a conversation. Our design expert visits your home or meets you on a video call, measures the space and listens to how you live in it.

Within a week you receive drawings and a fixed quote. Once you approve them, the piece is assigned to one master craftsman who follows it from the first cut to the final polish, so the joinery and the carving come from the same hands.

We send photographs at the key stages: the rough frame, the finished joinery, the carving and the first coat of finish. You can visit the workshop in Chennai at any point and see your furniture on the bench.

Typical production takes six to ten weeks. When it is ready, our own delivery team brings it to your home, assembles it, places it where you want it and takes the packaging away. That is what we mean by white-glove installation.`,
  },
  {
    title: 'Designing a calm pooja corner in a modern apartment',
    daysAgo: 58,
    content: `A pooja room does not need a whole room. A quiet corner with good light and a little storage is enough to make a daily ritual feel special.

Choose a wall that faces east or north if you follow Vastu, away from the bathroom wall and the main door. A wall mandir saves floor space in a small flat, while a floor mandir with drawers keeps lamps, incense and pooja books in one place.

Think about light and air. A carved jaali back lets the diya’s glow spread softly across the wall, and a little ventilation above carries away smoke from camphor and agarbatti.

Keep the finish warm and natural: teak’s honey tone sits beautifully beside brass lamps and fresh flowers. If your space is unusual, we build mandirs to measure, with your choice of carving, bells and doors.`,
  },
];

export interface SeedTestimonial {
  title: string;
  text: string;
  name: string;
  rating: number;
}

export const SEED_TESTIMONIALS: SeedTestimonial[] = [
  {
    title: 'Chennai',
    name: 'Priya Raman',
    rating: 5,
    text: 'We ordered the Sangam dining set for our new flat in Besant Nagar. The design expert came home twice to get the size exactly right, and we received photographs from the workshop every couple of weeks. The set arrived on the promised day, the team assembled it in under an hour, and two years on it still looks new after countless family lunches.',
  },
  {
    title: 'Bengaluru',
    name: 'Arjun Mehta',
    rating: 5,
    text: 'Beautiful king bed, solid as a rock. Delivery to Bengaluru was smooth.',
  },
  {
    title: 'Hyderabad',
    name: 'Lakshmi Narayanan',
    rating: 5,
    text: 'Our floor mandir is the heart of our home now. I asked for a small change to the carving on the doors to match an old piece from my mother’s house, and they did it without any fuss. The bells have a lovely sound and the jaali glows beautifully in the evening when we light the lamp.',
  },
  {
    title: 'Mumbai',
    name: 'Farhan Sheikh',
    rating: 4,
    text: 'The TV unit is well made and the drawers run smoothly. Took a week longer than planned, but they kept me informed.',
  },
  {
    title: 'Kochi',
    name: 'Anita Thomas',
    rating: 5,
    text: 'I was worried about buying furniture online, but the team sent finish samples to Kochi before I decided, and answered every question on the phone. The fluted wall panel behind our bed is the first thing every guest notices, and the fitting team left the room cleaner than they found it.',
  },
  {
    title: 'Pune',
    name: 'Rohit Kulkarni',
    rating: 5,
    text: 'Third order from them now. The quality of the teak and the finishing is consistently excellent.',
  },
];

export const SEED_PROMO_BANNER = {
  title: 'Teak Wall Panels',
  description: 'Fluted and slatted panelling made to your wall, fitted by our own team in a day.',
  price_text: '24,999',
};

export const SEED_VIDEO_URL = 'https://www.youtube.com/watch?v=Jd6Lr3mBQfU';
