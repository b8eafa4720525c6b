import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  blogs,
  categories,
  collections,
  homeBanners,
  orderItems,
  orderPhotos,
  reviewPhotos,
  productImages,
  promoBanners,
  rooms,
  subcategories,
  testimonials,
  users,
} from '../db/schema';
import { imageKey, removeStoredImage } from './images';
import type { ObjectStorage } from './storage';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

/**
 * The images of the shop's storage and their lifetime. Writes that replace or delete images run through
 * `releasing`: the catalogue's, the content's, the rooms' and the collections' image URLs are read before and after, and each one that
 * is gone afterwards is removed from storage with its variants, unless something else still shows it (another
 * product, an order's copy of the product, a photo in an order's timeline, a profile).
 */
export interface Media {
  storage: ObjectStorage;
  /** Runs a write, then removes the images it left unused. */
  releasing<T>(write: () => Promise<T>): Promise<T>;
  /** Removes these images (with their variants) unless a row still refers to them. */
  release(urls: (string | null | undefined)[]): Promise<void>;
}

export function createMedia(db: Db, storage: ObjectStorage, log: (err: unknown) => void = () => {}): Media {
  /** The image URLs the catalogue and the content show (order copies and profiles are checked per URL). */
  async function shown(): Promise<Set<string>> {
    const rows = rowsOf<{ url: string }>(
      await db.execute(sql`
        select ${categories.image} as url from ${categories} where ${categories.image} is not null
        union select ${subcategories.image} from ${subcategories} where ${subcategories.image} is not null
        union select ${productImages.image} from ${productImages}
        union select ${blogs.image} from ${blogs} where ${blogs.image} is not null
        union select ${testimonials.image} from ${testimonials} where ${testimonials.image} is not null
        union select ${homeBanners.image} from ${homeBanners}
        union select ${promoBanners.imageLeft} from ${promoBanners}
        union select ${promoBanners.imageRight} from ${promoBanners}
        union select ${rooms.image} from ${rooms} where ${rooms.image} is not null
        union select ${collections.image} from ${collections} where ${collections.image} is not null`),
    );
    return new Set(rows.map((r) => r.url));
  }

  async function inUse(urls: string[]): Promise<Set<string>> {
    if (!urls.length) return new Set();
    const list = sql.join(
      urls.map((u) => sql`${u}`),
      sql`, `,
    );
    const rows = rowsOf<{ url: string }>(
      await db.execute(sql`
        select ${categories.image} as url from ${categories} where ${categories.image} in (${list})
        union select ${subcategories.image} from ${subcategories} where ${subcategories.image} in (${list})
        union select ${productImages.image} from ${productImages} where ${productImages.image} in (${list})
        union select ${blogs.image} from ${blogs} where ${blogs.image} in (${list})
        union select ${testimonials.image} from ${testimonials} where ${testimonials.image} in (${list})
        union select ${homeBanners.image} from ${homeBanners} where ${homeBanners.image} in (${list})
        union select ${promoBanners.imageLeft} from ${promoBanners} where ${promoBanners.imageLeft} in (${list})
        union select ${promoBanners.imageRight} from ${promoBanners} where ${promoBanners.imageRight} in (${list})
        union select ${rooms.image} from ${rooms} where ${rooms.image} in (${list})
        union select ${collections.image} from ${collections} where ${collections.image} in (${list})
        union select ${orderItems.productImage} from ${orderItems} where ${orderItems.productImage} in (${list})
        union select ${orderPhotos.image} from ${orderPhotos} where ${orderPhotos.image} in (${list})
        union select ${reviewPhotos.image} from ${reviewPhotos} where ${reviewPhotos.image} in (${list})
        union select ${users.profilePicture} from ${users} where ${users.profilePicture} in (${list})`),
    );
    return new Set(rows.map((r) => r.url));
  }

  async function release(urls: (string | null | undefined)[]): Promise<void> {
    const candidates = [...new Set(urls.filter((u): u is string => typeof u === 'string' && imageKey(u) !== null))];
    if (!candidates.length) return;
    try {
      const used = await inUse(candidates);
      await Promise.all(candidates.filter((u) => !used.has(u)).map((u) => removeStoredImage(storage, u)));
    } catch (err) {
      // The write itself succeeded; an image left behind costs storage, never a page.
      log(err);
    }
  }

  return {
    storage,
    release,
    async releasing(write) {
      const before = await shown();
      const result = await write();
      const after = await shown();
      await release([...before].filter((url) => !after.has(url)));
      return result;
    },
  };
}
