import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Category } from '../../../contract/catalog';
import type { Db } from '../../db/client';
import { type categories, products } from '../../db/schema';

type CategoryRow = typeof categories.$inferSelect;

/**
 * The products of a collection are these (in the catalogue, which owns the products table): the ones named join
 * it, the others it held leave it. An empty list empties it.
 */
export async function setCollectionMembers(exec: Db, collectionId: string, productIds: number[]): Promise<void> {
  await exec
    .update(products)
    .set({ collection: null })
    .where(and(eq(products.collection, collectionId), productIds.length ? notInArray(products.id, productIds) : undefined));
  if (productIds.length) await exec.update(products).set({ collection: collectionId }).where(inArray(products.id, productIds));
}

export function toCategory(c: CategoryRow): Category {
  return { id: c.id, slug: c.slug, name: c.name, description: c.description, image: c.image, hsn_code: c.hsnCode, gst_rate: c.gstRateBp / 100 };
}
