import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Product } from '../../../contract/catalog';
import { leadTimeText } from '../../../contract/lead-time';
import type { SavedPiece } from '../../../contract/reviews';
import type { Db } from '../../db/client';
import { products, savedPieces } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import type { CatalogService } from '../catalog/catalog.service';

/** Whose saved pieces: a signed-in user's, or a visitor's by her cart code. */
export type SavedOwner = { userId: number } | { guestCode: string };

/** A guest's list may hold at most this many pieces (a user's as many): enough for any shopper, bounded for the table. */
export const SAVED_MAX = 200;

const ownedBy = (owner: SavedOwner) => ('userId' in owner ? eq(savedPieces.userId, owner.userId) : eq(savedPieces.guestCode, owner.guestCode));

/**
 * Saved pieces (decision 0050): a piece and its finish kept for later by a visitor (under her cart code) or a
 * user; a visitor's list moves to her account when she signs in with that code, as her cart does.
 */
export function createSavedService(db: Db, catalog: CatalogService) {
  function present(row: typeof savedPieces.$inferSelect, product: Product): SavedPiece {
    const image = product.finish_images.find((f) => f.finish === row.finish)?.image ?? product.image;
    return {
      id: row.id,
      product: {
        id: product.id,
        slug: product.slug,
        name: product.name,
        image,
        price: product.price,
        in_stock: product.in_stock,
        lead_time: leadTimeText(product, row.finish || undefined),
      },
      finish: row.finish,
      created_at: row.createdAt.toISOString(),
    };
  }

  const service = {
    /** The pieces kept, newest first, with their current price, lead time and availability. */
    async list(owner: SavedOwner): Promise<SavedPiece[]> {
      const rows = await db
        .select({ saved: savedPieces, slug: products.slug })
        .from(savedPieces)
        .innerJoin(products, eq(products.id, savedPieces.productId))
        .where(ownedBy(owner))
        .orderBy(desc(savedPieces.createdAt), desc(savedPieces.id));
      const bySlug = new Map<string, Product>();
      for (const slug of new Set(rows.map((r) => r.slug))) bySlug.set(slug, await catalog.getProduct(slug));
      return rows.map((r) => present(r.saved, bySlug.get(r.slug)!));
    },

    /** How many pieces are kept (the header's count). */
    async count(owner: SavedOwner): Promise<number> {
      const [row] = await db.select({ n: count() }).from(savedPieces).where(ownedBy(owner));
      return Number(row?.n ?? 0);
    },

    /** The products (slugs) kept, for the hearts on a page. */
    async slugs(owner: SavedOwner): Promise<string[]> {
      const rows = await db
        .selectDistinct({ slug: products.slug })
        .from(savedPieces)
        .innerJoin(products, eq(products.id, savedPieces.productId))
        .where(ownedBy(owner));
      return rows.map((r) => r.slug);
    },

    /** Keeps a piece in a finish; saving it again changes nothing. */
    async save(owner: SavedOwner, input: { product: string; finish?: string }): Promise<SavedPiece> {
      const product = await catalog.getProduct(input.product);
      const finish = input.finish ?? '';
      if (finish && !product.finishes.includes(finish)) {
        throw invalid({ finish: [`${product.name} is not made in “${finish}”. Choose one of its finishes.`] });
      }
      if ((await service.count(owner)) >= SAVED_MAX) {
        throw invalid({ product: [`You can keep at most ${SAVED_MAX} pieces. Remove one you no longer need first.`] });
      }
      const keeper = 'userId' in owner ? { userId: owner.userId } : { guestCode: owner.guestCode };
      await db
        .insert(savedPieces)
        .values({ ...keeper, productId: product.id, finish })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(savedPieces)
        .where(and(ownedBy(owner), eq(savedPieces.productId, product.id), eq(savedPieces.finish, finish)));
      return present(row!, product);
    },

    /**
     * Lets a kept piece go (by its id, or by product and finish, or by product in every finish: a heart pressed
     * again); another shopper's piece is not found.
     */
    async remove(
      owner: SavedOwner,
      which: { id: number } | { product: string; finish?: string } | { product: string; everyFinish: true },
    ): Promise<void> {
      let where;
      if ('id' in which) where = and(ownedBy(owner), eq(savedPieces.id, which.id));
      else {
        const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, which.product));
        if (!product) throw notFound('This piece');
        where =
          'everyFinish' in which
            ? and(ownedBy(owner), eq(savedPieces.productId, product.id))
            : and(ownedBy(owner), eq(savedPieces.productId, product.id), eq(savedPieces.finish, which.finish ?? ''));
      }
      const gone = await db.delete(savedPieces).where(where).returning({ id: savedPieces.id });
      if (!gone.length) throw notFound('This saved piece');
    },

    /**
     * A visitor signed in: the pieces she kept under her cart code move to her account (one she had kept on
     * both stays once). Safe to run again and from two requests at once.
     */
    async mergeGuest(guestCode: string, userId: number): Promise<number> {
      return db.transaction(async (tx) => {
        const guest = await tx
          .select()
          .from(savedPieces)
          .where(eq(savedPieces.guestCode, guestCode))
          .orderBy(asc(savedPieces.createdAt), asc(savedPieces.id));
        if (!guest.length) return 0;
        await tx
          .insert(savedPieces)
          .values(guest.map((g) => ({ userId, productId: g.productId, finish: g.finish, createdAt: g.createdAt })))
          .onConflictDoNothing();
        await tx.delete(savedPieces).where(
          inArray(
            savedPieces.id,
            guest.map((g) => g.id),
          ),
        );
        return guest.length;
      });
    },
  };
  return service;
}

export type SavedService = ReturnType<typeof createSavedService>;
