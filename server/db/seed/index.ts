import { eq, sql } from 'drizzle-orm';
import { SITE_IMAGES, type SiteImageKey } from '../../../contract/site-images';
import { drawingKey, storeDrawing, storeDrawingVariant, type DrawingSource } from '../../lib/images';
import type { ObjectStorage } from '../../lib/storage';
import { rupeesToPaise } from '../../../contract/money';
import { variantWidths } from '../../../contract/media';
import { hashPassword } from '../../lib/passwords';
import { slugify } from '../../lib/slug';
import type { Db } from '../client';
import {
  blogs,
  categories,
  homeBanners,
  latestVideos,
  productFinishImages,
  productImages,
  products,
  promoBanners,
  readyToShip,
  roomHotspots,
  roomProducts,
  rooms,
  subcategories,
  testimonials,
  users,
} from '../schema';
import { SEED_BLOGS, SEED_CATEGORIES, SEED_PRODUCTS, SEED_PROMO_BANNER, SEED_TESTIMONIALS, SEED_VIDEO_URL } from './content';
import { DEFAULT_CATEGORY_TAX, SEED_CATEGORY_TAX } from './tax';
import { finishSlug } from '../../../contract/finishes';
import { categorySvg, furnitureSvg, portraitSvg, roomSvg, workshopSvg, designSvg, type FurnitureKind } from './drawings';
import { pieceSvg, type PieceView } from './piece-drawings';
import { pieceSpec } from './piece-spec';
import { roomScene, SCENE_ROOMS } from './room-scenes';

type Log = (message: string) => void;

/** Runs jobs with at most `limit` in flight (image encoding is CPU-bound; the machine has few cores). */
async function inBatches<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await job(item);
    }
  });
  await Promise.all(workers);
}

const SITE_DRAWINGS: Record<SiteImageKey, () => string> = {
  hero1: () => roomSvg('living', 1, 1600, 900),
  hero2: () => roomSvg('bedroom', 2, 1600, 900),
  hero3: () => roomSvg('dining', 3, 1600, 900),
  hero4: () => roomSvg('study', 4, 1600, 900),
  roomTv: () => roomSvg('tv', 0, 1200, 800),
  roomKitchen: () => roomSvg('kitchen', 0, 1200, 800),
  roomBedroom: () => roomSvg('bedroom', 0, 1200, 800),
  roomStudy: () => roomSvg('study', 0, 1200, 800),
  roomLiving: () => roomSvg('living', 0, 1200, 800),
  roomDining: () => roomSvg('dining', 0, 1200, 800),
  // The Room page's Featured Bedrooms: five different bedrooms.
  bedroom1: () => roomSvg('bedroom', 21, 1200, 800),
  bedroom2: () => roomSvg('bedroom', 22, 1200, 800),
  bedroom3: () => roomSvg('bedroom', 23, 1200, 800),
  bedroom4: () => roomSvg('bedroom', 24, 1200, 800),
  collection1: () => furnitureSvg('cabinet', 7, 1200, 900),
  collection2: () => furnitureSvg('dinning', 8, 1200, 900),
  collection3: () => furnitureSvg('sofas', 9, 1200, 900),
  collection4: () => furnitureSvg('beds', 10, 1200, 900),
  featureBeds: () => furnitureSvg('beds', 11, 1200, 900),
  featureSofas: () => furnitureSvg('sofas', 12, 1200, 900),
  featureDinning: () => furnitureSvg('dinning', 13, 1200, 900),
  workshop: () => workshopSvg(0, 1600, 900),
  workshop2: () => workshopSvg(1, 1600, 900),
  design: () => designSvg(0, 1600, 900),
  banner: () => roomSvg('living', 5, 1600, 900),
};

/** Draws the storefront's fixed imagery into /media/site/ (idempotent: existing files are kept). */
export async function ensureSiteImages(storage: ObjectStorage): Promise<void> {
  await inBatches(siteDrawings(), 2, async (d) => {
    await drawOnce(storage, d);
  });
}

/** A drawn picture of the demo shop: its storage folder and name, its size, and its SVG (made when drawn). */
export type Drawing = DrawingSource;

function siteDrawings(): Drawing[] {
  return (Object.keys(SITE_IMAGES) as SiteImageKey[]).map((key) => ({ folder: 'site', name: key, ...SITE_IMAGES[key], svg: SITE_DRAWINGS[key] }));
}

/** Where a drawing is served once drawn: known before it is drawn (decision 0005's names carry the size). */
export function drawingUrl(d: Pick<Drawing, 'folder' | 'name' | 'width' | 'height'>): string {
  return `/media/${drawingKey(d)}`;
}

let drawingsByKey: Map<string, Drawing> | undefined;

/** A variant's media key: the picture's key, then its width and format (`….jpg.w640.avif`). */
const VARIANT = /(\.jpg)\.w(\d+)\.(webp|avif)$/;

/**
 * The demo shop's drawing stored under a media key (the picture `folder/name-WxH.jpg`, or one of its
 * `.w640.avif`-style variants), or undefined for any other key.
 */
export function demoDrawingOf(mediaKey: string): Drawing | undefined {
  drawingsByKey ??= new Map([...siteDrawings(), ...demoDrawings()].map((d) => [drawingKey(d), d]));
  return drawingsByKey.get(mediaKey.replace(VARIANT, '$1'));
}

// Drawings under way in this process, by their address: a picture's whole set (asked for while the background
// drawer is at it, it is drawn once), and variants drawn alone.
const sets = new Map<string, Promise<string>>();
const variants = new Map<string, Promise<boolean>>();

/** Draws one picture unless it is stored already; a second request for it waits for the first. */
export function drawOnce(storage: ObjectStorage, d: Drawing): Promise<string> {
  const url = drawingUrl(d);
  return once(sets, url, async () => {
    // A variant of it being drawn alone at this moment writes the same file: the set waits for it.
    await Promise.allSettled([...variants].filter(([key]) => key.startsWith(`${url}.w`)).map(([, pending]) => pending));
    return storeDrawing(storage, d);
  });
}

/**
 * Draws what a request for the media key `key` of drawing `d` needs: one of its variants alone (`….jpg.w640.avif`,
 * the way a page asks for a picture), or the whole set when the picture itself is asked for. Resolves false when
 * the key names a variant the picture does not have (nothing is drawn).
 */
export async function drawForRequest(storage: ObjectStorage, d: Drawing, key: string): Promise<boolean> {
  const variant = VARIANT.exec(key);
  if (!variant) return drawOnce(storage, d).then(() => true);
  const width = Number(variant[2]);
  const format = variant[3] === 'webp' ? 'webp' : 'avif';
  // The whole set being drawn (the drawer of a first start got there first) brings this variant with it.
  const set = sets.get(drawingUrl(d));
  if (set) return set.then(() => variantWidths(d.width).includes(width));
  return once(variants, `/media/${key}`, () => storeDrawingVariant(storage, d, { width, format }));
}

function once<T>(underWay: Map<string, Promise<T>>, key: string, draw: () => Promise<T>): Promise<T> {
  let pending = underWay.get(key);
  if (!pending) {
    pending = draw().finally(() => underWay.delete(key));
    underWay.set(key, pending);
  }
  return pending;
}

/**
 * Draws every picture of the demo shop that is not stored yet, two at a time, telling how far it is every
 * `every` ms (first start: pages are open meanwhile, and a picture asked for first is drawn at once).
 */
export async function drawDemoPictures(
  storage: ObjectStorage,
  log: Log = () => {},
  options: { every?: number; signal?: AbortSignal; demo?: boolean } = {},
): Promise<void> {
  const { every = 10_000, signal, demo = true } = options;
  // Without the demo shop (SEED=false) only the storefront's own pictures are drawn.
  const all = demo ? [...siteDrawings(), ...demoDrawings()] : siteDrawings();
  const missing: Drawing[] = [];
  for (const d of all) if (!(await storage.exists(drawingKey(d)))) missing.push(d);
  // A later start: every picture is there, nothing to say.
  if (missing.length === 0) return;
  const started = Date.now();
  log(`Drawing ${missing.length} pictures of the demo shop in the background (first start only).`);
  let done = 0;
  let told = started;
  await inBatches(missing, 2, async (d) => {
    if (signal?.aborted) return;
    await drawOnce(storage, d);
    done++;
    if (Date.now() - told >= every) {
      told = Date.now();
      log(
        `Drawing the demo shop’s pictures: ${done} of ${missing.length} ready. The shop is open; a picture not drawn yet is drawn when first asked for.`,
      );
    }
  });
  if (!signal?.aborted) log(`All ${missing.length} pictures of the demo shop drawn in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

/** One flagship piece has a full gallery (its views plus room scenes), more than the 8 thumbnails a product page shows. */
const GALLERY_PRODUCT = 'kaveri-three-seater-sofa';
const GALLERY_ROOM_SCENES = 5;
/** The gallery of every product: the piece from the front (in its first finish), at three-quarters, up close, in a room. */
const GALLERY_VIEWS: readonly PieceView[] = ['front', 'angle', 'detail', 'room'];

/** Drawn pieces live under /media/drawings/: uploaded photos (elsewhere) replace them (catalog-writes.ts). */
export const DRAWINGS_FOLDER = 'drawings';
/** The demo rooms' pictures, drawn from the pieces their hotspots lead to (room-scenes.ts). */
const SCENES_FOLDER = 'room-scenes';

function pieceImageName(slug: string, view: PieceView, finish?: string): string {
  return finish ? `${slug}-${view}-${finishSlug(finish)}` : `${slug}-${view}`;
}

/**
 * Creates the demo shop when the catalogue is empty: categories, subcategories, products with their
 * generated images, ready-to-ship entries and the home page content. Returns false when there was
 * already a catalogue.
 */
export async function seedDemoShop(db: Db, storage: ObjectStorage, log: Log = () => {}, options: { drawLater?: boolean } = {}): Promise<boolean> {
  const [existing] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing) return false;

  const started = Date.now();
  const drawings = demoDrawings();
  if (!options.drawLater) {
    log('Drawing the demo shop’s images (first start only)…');
    await ensureSiteImages(storage);
    await inBatches(drawings, 2, async (d) => {
      await drawOnce(storage, d);
    });
    log(`Images ready in ${((Date.now() - started) / 1000).toFixed(1)} s; filling the catalogue…`);
  }
  // Each picture's address is known before it is drawn: the rows can name them at once.
  const urls = new Map(drawings.map((d) => [`${d.folder}/${d.name}`, drawingUrl(d)]));
  const url = (key: string) => {
    const u = urls.get(key);
    if (!u) throw new Error(`Seed image ${key} is not one of the demo shop's drawings.`);
    return u;
  };
  await fillDemoShop(db, url);
  log(`Demo shop seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

/** Every drawn picture of the demo shop's catalogue and content (the storefront's own are `siteDrawings`). */
function demoDrawings(): Drawing[] {
  const drawings: Drawing[] = [];
  for (const c of SEED_CATEGORIES) {
    const kind = c.slug as FurnitureKind;
    drawings.push({ folder: 'categories', name: c.slug, width: 800, height: 800, svg: () => categorySvg(kind, 0, 800, 800) });
    c.subcategories.forEach((_, i) =>
      drawings.push({
        folder: 'subcategories',
        name: `${c.slug}-${i + 1}`,
        width: 600,
        height: 600,
        svg: () => categorySvg(kind, i + 1, 600, 600),
      }),
    );
  }
  // Every product drawn as itself, from its own words and dimensions: each finish from the front, and the other views.
  for (const p of SEED_PRODUCTS) {
    const slug = slugify(p.name);
    const spec = pieceSpec(p);
    const finishes = p.finishes.length ? p.finishes : [''];
    for (const finish of finishes) {
      drawings.push({
        folder: DRAWINGS_FOLDER,
        name: pieceImageName(slug, 'front', finish || 'natural-teak'),
        width: 1200,
        height: 900,
        svg: () => pieceSvg(spec, finish, 'front'),
      });
    }
    for (const view of GALLERY_VIEWS.slice(1)) {
      drawings.push({
        folder: DRAWINGS_FOLDER,
        name: pieceImageName(slug, view),
        width: 1200,
        height: 900,
        svg: () => pieceSvg(spec, finishes[0]!, view),
      });
    }
  }
  for (const slug of SCENE_ROOMS) {
    drawings.push({ folder: SCENES_FOLDER, name: slug, width: 1200, height: 800, svg: () => roomScene(slug)!.svg });
  }
  for (let k = 0; k < GALLERY_ROOM_SCENES; k++) {
    drawings.push({ folder: 'products', name: `sofas-room-${k}`, width: 1600, height: 900, svg: () => roomSvg('living', 10 + k, 1600, 900) });
  }
  SEED_TESTIMONIALS.forEach((_, i) =>
    drawings.push({ folder: 'testimonials', name: `person-${i}`, width: 400, height: 400, svg: () => portraitSvg(i, 400) }),
  );
  const blogScenes = [
    () => workshopSvg(2, 1600, 900),
    () => roomSvg('dining', 6, 1600, 900),
    () => workshopSvg(3, 1600, 900),
    () => roomSvg('living', 7, 1600, 900),
    () => roomSvg('bedroom', 8, 1600, 900),
  ];
  SEED_BLOGS.forEach((_, i) =>
    drawings.push({ folder: 'blogs', name: `blog-${i}`, width: 1600, height: 900, svg: blogScenes[i % blogScenes.length]! }),
  );
  drawings.push(
    { folder: 'banners', name: 'home', width: 1600, height: 700, svg: () => roomSvg('living', 9, 1600, 700) },
    { folder: 'banners', name: 'promo-left', width: 900, height: 900, svg: () => furnitureSvg('wall-panels', 1, 900, 900) },
    { folder: 'banners', name: 'promo-right', width: 900, height: 900, svg: () => furnitureSvg('wall-panels', 4, 900, 900) },
  );

  return drawings;
}

async function fillDemoShop(db: Db, url: (key: string) => string): Promise<boolean> {
  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>();
    const subcategoryIds = new Map<string, number>();
    for (const [position, c] of SEED_CATEGORIES.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({
          slug: c.slug,
          name: c.name,
          description: c.description,
          image: url(`categories/${c.slug}`),
          position,
          ...(SEED_CATEGORY_TAX[c.slug] ?? DEFAULT_CATEGORY_TAX),
        })
        .returning({ id: categories.id });
      categoryIds.set(c.slug, row!.id);
      for (const [i, s] of c.subcategories.entries()) {
        const [sub] = await tx
          .insert(subcategories)
          .values({
            slug: slugify(s.name),
            name: s.name,
            description: s.description,
            image: url(`subcategories/${c.slug}-${i + 1}`),
            categoryId: row!.id,
          })
          .returning({ id: subcategories.id });
        subcategoryIds.set(`${c.slug}/${s.name}`, sub!.id);
      }
    }

    const now = Date.now();
    for (const [i, p] of SEED_PRODUCTS.entries()) {
      const slug = slugify(p.name);
      // Spread the dates so the newest pieces come from every category, not just the last one listed.
      const createdAt = new Date(now - (((i * 17) % SEED_PRODUCTS.length) + 1) * 36e5 * (p.newin ? 1 : 24));
      const [row] = await tx
        .insert(products)
        .values({
          slug,
          name: p.name,
          description: p.description,
          pricePaise: rupeesToPaise(p.price),
          categoryId: categoryIds.get(p.category)!,
          subcategoryId: subcategoryIds.get(`${p.category}/${p.subcategory}`) ?? null,
          collection: p.collection,
          trending: p.trending,
          topselling: p.topselling,
          newin: p.newin,
          inStock: p.in_stock,
          stockKind: p.stock_kind,
          stockQuantity: p.stock_quantity,
          ratingTenths: Math.round(p.ratings * 10),
          customizable: p.customizable,
          dimensions: p.dimensions,
          finishes: p.finishes,
          shippingWeightG: (SEED_SHIPPING_KG[p.category] ?? 20) * 1000,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: products.id });
      const first = p.finishes[0] || 'natural-teak';
      const views = GALLERY_VIEWS.map((v) => `${DRAWINGS_FOLDER}/${pieceImageName(slug, v, v === 'front' ? first : undefined)}`);
      const images =
        slug === GALLERY_PRODUCT ? [...views, ...Array.from({ length: GALLERY_ROOM_SCENES }, (_, k) => `products/sofas-room-${k}`)] : views;
      await tx.insert(productImages).values(images.map((key, position) => ({ productId: row!.id, image: url(key), position })));
      if (p.finishes.length) {
        await tx
          .insert(productFinishImages)
          .values(
            p.finishes.map((finish) => ({ productId: row!.id, finish, image: url(`${DRAWINGS_FOLDER}/${pieceImageName(slug, 'front', finish)}`) })),
          );
      }
      if (p.readyToShip) {
        await tx.insert(readyToShip).values({
          productId: row!.id,
          mostSold: p.readyToShip.mostSold,
          newArrival: p.readyToShip.newArrival,
        });
      }
    }

    for (const [i, b] of SEED_BLOGS.entries()) {
      const at = new Date(now - b.daysAgo * 864e5);
      await tx.insert(blogs).values({ title: b.title, content: b.content, image: url(`blogs/blog-${i}`), createdAt: at, updatedAt: at });
    }
    await tx.insert(testimonials).values(SEED_TESTIMONIALS.map((t, i) => ({ ...t, image: url(`testimonials/person-${i}`) })));
    await tx.insert(homeBanners).values({ image: url('banners/home') });
    await tx.insert(promoBanners).values({
      title: SEED_PROMO_BANNER.title,
      description: SEED_PROMO_BANNER.description,
      priceText: SEED_PROMO_BANNER.price_text,
      imageLeft: url('banners/promo-left'),
      imageRight: url('banners/promo-right'),
    });
    await tx.insert(latestVideos).values({ youtubeUrl: SEED_VIDEO_URL });
    await seedRoomHotspots(tx, url);
  });
  return true;
}

/** The demo pieces' packed weights by category (kg), so that far and heavy pieces cost more from the start. */
const SEED_SHIPPING_KG: Record<string, number> = {
  sofas: 65,
  beds: 90,
  tables: 35,
  'book-shelf': 45,
  cabinet: 50,
  dinning: 75,
  bar: 55,
  pooja: 40,
  'tv-units': 45,
  wardrobe: 120,
  'wall-panels': 15,
  paintings: 5,
};

/**
 * The rooms' hotspots, products and pictures, from one layout per room (room-scenes.ts): each hotspot sits on
 * the drawn piece it leads to. The rooms themselves come from a migration (every shop starts with them, with
 * generic pictures); the demo shop gives them its own.
 */
async function seedRoomHotspots(db: Db, url: (key: string) => string): Promise<void> {
  const ids = new Map((await db.select({ id: products.id, slug: products.slug }).from(products)).map((p) => [p.slug, p.id]));
  const roomRows = await db.select({ id: rooms.id, slug: rooms.slug }).from(rooms);
  for (const room of roomRows) {
    const scene = roomScene(room.slug);
    if (!scene) continue;
    await db
      .update(rooms)
      .set({ image: url(`${SCENES_FOLDER}/${room.slug}`) })
      .where(eq(rooms.id, room.id));
    // Listed (and reached with Tab) from left to right.
    const spots = [...scene.pieces]
      .sort((a, b) => a.dot.x - b.dot.x)
      .map((piece, position) => ({
        roomId: room.id,
        productId: ids.get(piece.product)!,
        xBp: Math.round(piece.dot.x * 100),
        yBp: Math.round(piece.dot.y * 100),
        position,
      }));
    if (spots.length) await db.insert(roomHotspots).values(spots);
    const listed = scene.products.map((slug, position) => ({ roomId: room.id, productId: ids.get(slug)!, position }));
    if (listed.length) await db.insert(roomProducts).values(listed);
  }
}

export const DEVELOPMENT_USERS = [
  { role: 'superuser', username: 'admin', email: 'admin@teakwood.local', password: 'Teak#Admin2026', isSuperuser: true },
  { role: 'customer', username: 'priya', email: 'priya@example.com', password: 'Teak#Shop2026', isSuperuser: false },
] as const;

/** Development convenience: a superuser and a customer with known log-ins. Never called in production. */
export async function ensureDevelopmentUsers(db: Db): Promise<{ role: string; email: string; password: string }[]> {
  for (const u of DEVELOPMENT_USERS) {
    const [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, u.email.toLowerCase()))
      .limit(1);
    if (found) continue;
    await db.insert(users).values({
      username: u.username,
      email: u.email,
      passwordHash: await hashPassword(u.password),
      isSuperuser: u.isSuperuser,
      firstName: u.isSuperuser ? 'Shop' : 'Priya',
      lastName: u.isSuperuser ? 'Owner' : 'Raman',
    });
  }
  return DEVELOPMENT_USERS.map(({ role, email, password }) => ({ role, email, password }));
}
