import { asc, eq, inArray } from 'drizzle-orm';
import type {
  Collection,
  CollectionFormInput,
  CollectionPatchInput,
  HotspotInput,
  Room,
  RoomFormInput,
  RoomPatchInput,
  ShowcaseProduct,
} from '../../../contract/rooms';
import type { Db } from '../../db/client';
import { collections, productImages, products, roomHotspots, roomProducts, rooms } from '../../db/schema';
import { invalid, notFound } from '../../lib/errors';
import { paiseToRupees } from '../../../contract/money';
import { READ_CACHE_LIMITS, ReadCache } from '../../lib/read-cache';
import { uniqueSlug } from '../../lib/slug';
import { availableStock } from '../../../contract/stock';
import { setCollectionMembers } from '../catalog/catalog.service';

type RoomRow = typeof rooms.$inferSelect;
type CollectionRow = typeof collections.$inferSelect;
type ProductInfo = ShowcaseProduct & { id: number };

/** An admin's view of a room: every hotspot, also those whose product cannot be bought now (marked). */
export type AdminRoom = Omit<Room, 'hotspots' | 'products'> & {
  hotspots: { x: number; y: number; product: ShowcaseProduct }[];
  products: ShowcaseProduct[];
};

const percent = (bp: number) => bp / 100;
const basisPoints = (p: number) => Math.round(p * 100);

/**
 * Rooms (pictures with hotspots leading to products) and collections. Reads are cached and drop on any
 * catalogue or content change (a product deleted or sold out must not leave a hotspot that leads nowhere).
 * Writes are for superusers (checked by the routes and pages) and tell the shop through `onInvalidate`.
 */
export function createRoomsService(db: Db, options: { onInvalidate?: () => void } = {}) {
  const cache = new ReadCache({ ...READ_CACHE_LIMITS, bytes: 8 * 1024 * 1024 });
  const changed = () => {
    cache.clear();
    options.onInvalidate?.();
  };

  async function productInfo(exec: Db, ids: number[]): Promise<Map<number, ProductInfo>> {
    if (!ids.length) return new Map();
    const rows = await exec
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        pricePaise: products.pricePaise,
        inStock: products.inStock,
        stockKind: products.stockKind,
        stockQuantity: products.stockQuantity,
        reservedQuantity: products.reservedQuantity,
      })
      .from(products)
      .where(inArray(products.id, ids));
    // Each product's first picture, in the order the catalogue shows them. (A subquery in the select list would
    // be rendered with bare column names, and "id" there would be the picture's own id, not the product's.)
    const pictures = await exec
      .select({ productId: productImages.productId, image: productImages.image })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
    const firstPicture = new Map<number, string>();
    for (const p of pictures) if (!firstPicture.has(p.productId)) firstPicture.set(p.productId, p.image);
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          slug: r.slug,
          name: r.name,
          price: paiseToRupees(r.pricePaise),
          image: firstPicture.get(r.id) ?? null,
          in_stock: availableStock(r) > 0,
        },
      ]),
    );
  }

  const publicProduct = ({ slug, name, price, image, in_stock }: ProductInfo): ShowcaseProduct => ({ slug, name, price, image, in_stock });

  async function buildRooms(exec: Db, rows: RoomRow[], all: boolean): Promise<AdminRoom[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [spots, members] = await Promise.all([
      exec.select().from(roomHotspots).where(inArray(roomHotspots.roomId, ids)).orderBy(asc(roomHotspots.position), asc(roomHotspots.id)),
      exec.select().from(roomProducts).where(inArray(roomProducts.roomId, ids)).orderBy(asc(roomProducts.position)),
    ]);
    const info = await productInfo(exec, [...new Set([...spots.map((s) => s.productId), ...members.map((m) => m.productId)])]);
    // A hotspot or a listed piece whose product cannot be bought now is not shown to visitors.
    const shown = (id: number) => {
      const p = info.get(id);
      return p && (all || p.in_stock) ? p : undefined;
    };
    return rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      image: r.image,
      kind: r.kind,
      on_home: r.onHome,
      position: r.position,
      hotspots: spots.flatMap((s) => {
        const p = s.roomId === r.id ? shown(s.productId) : undefined;
        return p ? [{ x: percent(s.xBp), y: percent(s.yBp), product: all ? publicProduct(p) : { slug: p.slug, name: p.name, price: p.price } }] : [];
      }) as AdminRoom['hotspots'],
      products: members.flatMap((m) => {
        const p = m.roomId === r.id ? shown(m.productId) : undefined;
        return p ? [publicProduct(p)] : [];
      }),
    }));
  }

  const roomRows = () => db.select().from(rooms).orderBy(asc(rooms.position), asc(rooms.id));

  async function buildCollections(exec: Db, rows: CollectionRow[]): Promise<Collection[]> {
    if (!rows.length) return [];
    const members = await exec
      .select({ id: products.id, collection: products.collection })
      .from(products)
      .where(
        inArray(
          products.collection,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(products.pricePaise), asc(products.id));
    const info = await productInfo(
      exec,
      members.map((m) => m.id),
    );
    return rows.map((r) => {
      const list = members.filter((m) => m.collection === r.id).map((m) => publicProduct(info.get(m.id)!));
      const cheapest = list.length ? Math.min(...list.map((p) => p.price)) : null;
      const set = r.startsFromPaise === null ? null : paiseToRupees(r.startsFromPaise);
      return {
        id: r.id,
        title: r.title,
        tagline: r.tagline,
        image: r.image,
        starts_from: set ?? cheapest,
        starts_from_set: set,
        position: r.position,
        products: list,
      };
    });
  }

  const collectionRows = () => db.select().from(collections).orderBy(asc(collections.position), asc(collections.id));

  /** Product slugs to ids; an unknown slug is refused with a sentence on the field that named it. */
  async function productIds(exec: Db, slugs: string[], field: string): Promise<Map<string, number>> {
    if (!slugs.length) return new Map();
    const found = await exec.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, slugs));
    const bySlug = new Map(found.map((p) => [p.slug, p.id]));
    const unknown = slugs.filter((s) => !bySlug.has(s));
    if (unknown.length)
      throw invalid({
        [field]: [
          unknown.length === 1
            ? `There is no product “${unknown[0]}”. Choose a product from the list.`
            : `There are no products ${unknown.map((s) => `“${s}”`).join(', ')}. Choose products from the list.`,
        ],
      });
    return bySlug;
  }

  async function writeHotspots(exec: Db, roomId: number, spots: HotspotInput[]) {
    const ids = await productIds(
      exec,
      spots.map((s) => s.product),
      'hotspots',
    );
    await exec.delete(roomHotspots).where(eq(roomHotspots.roomId, roomId));
    if (spots.length)
      await exec
        .insert(roomHotspots)
        .values(spots.map((s, position) => ({ roomId, productId: ids.get(s.product)!, xBp: basisPoints(s.x), yBp: basisPoints(s.y), position })));
  }

  async function writeRoomProducts(exec: Db, roomId: number, slugs: string[]) {
    const ids = await productIds(exec, slugs, 'products');
    await exec.delete(roomProducts).where(eq(roomProducts.roomId, roomId));
    if (slugs.length) await exec.insert(roomProducts).values(slugs.map((s, position) => ({ roomId, productId: ids.get(s)!, position })));
  }

  async function writeCollectionProducts(exec: Db, id: string, slugs: string[]) {
    await setCollectionMembers(exec, id, [...(await productIds(exec, slugs, 'products')).values()]);
  }

  async function findRoom(exec: Db, slug: string): Promise<RoomRow> {
    const [row] = await exec.select().from(rooms).where(eq(rooms.slug, slug)).limit(1);
    if (!row) throw notFound('Room');
    return row;
  }

  async function roomSlug(exec: Db, input: { slug?: string; name?: string }, selfId?: number): Promise<string | undefined> {
    const taken = async (slug: string) => {
      const [row] = await exec.select({ id: rooms.id }).from(rooms).where(eq(rooms.slug, slug)).limit(1);
      return row !== undefined && row.id !== selfId;
    };
    if (input.slug) {
      if (await taken(input.slug)) throw invalid({ slug: ['This slug is already used by another room.'] });
      return input.slug;
    }
    return selfId === undefined ? uniqueSlug(input.name!, taken) : undefined;
  }

  const adminRoom = async (exec: Db, slug: string) => (await buildRooms(exec, [await findRoom(exec, slug)], true))[0]!;

  return {
    /** Drops this process's cached reads only: another process changed the catalogue. */
    clearCache(): void {
      cache.clear();
    },

    listRooms(): Promise<Room[]> {
      return cache.get('rooms', async () => (await buildRooms(db, await roomRows(), false)) as Room[]);
    },

    async getRoom(slug: string): Promise<Room> {
      const room = (await this.listRooms()).find((r) => r.slug === slug);
      if (!room) throw notFound('Room');
      return room;
    },

    /** Every room with all its hotspots, also those leading to products that cannot be bought now (the admin). */
    async adminRooms(): Promise<AdminRoom[]> {
      return buildRooms(db, await roomRows(), true);
    },

    listCollections(): Promise<Collection[]> {
      return cache.get('collections', async () => buildCollections(db, await collectionRows()));
    },

    async getCollection(id: string): Promise<Collection> {
      const collection = (await this.listCollections()).find((c) => c.id === id);
      if (!collection) throw notFound('Collection');
      return collection;
    },

    async createRoom(input: RoomFormInput, image?: string): Promise<AdminRoom> {
      try {
        return await db.transaction(async (tx) => {
          const slug = (await roomSlug(tx, input))!;
          const [row] = await tx
            .insert(rooms)
            .values({
              slug,
              name: input.name,
              image: image ?? null,
              kind: input.kind ?? 'room',
              onHome: input.on_home ?? false,
              position: input.position ?? 0,
            })
            .returning();
          if (input.hotspots) await writeHotspots(tx, row!.id, input.hotspots);
          if (input.products) await writeRoomProducts(tx, row!.id, input.products);
          return adminRoom(tx, slug);
        });
      } finally {
        changed();
      }
    },

    async updateRoom(currentSlug: string, input: RoomPatchInput, image?: string): Promise<AdminRoom> {
      try {
        return await db.transaction(async (tx) => {
          const current = await findRoom(tx, currentSlug);
          const slug = input.slug !== undefined ? await roomSlug(tx, input, current.id) : undefined;
          await tx
            .update(rooms)
            .set({
              ...(slug !== undefined ? { slug } : {}),
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.kind !== undefined ? { kind: input.kind } : {}),
              ...(input.on_home !== undefined ? { onHome: input.on_home } : {}),
              ...(input.position !== undefined ? { position: input.position } : {}),
              ...(image !== undefined ? { image } : {}),
              updatedAt: new Date(),
            })
            .where(eq(rooms.id, current.id));
          if (input.hotspots) await writeHotspots(tx, current.id, input.hotspots);
          if (input.products) await writeRoomProducts(tx, current.id, input.products);
          return adminRoom(tx, slug ?? current.slug);
        });
      } finally {
        changed();
      }
    },

    async deleteRoom(slug: string): Promise<void> {
      try {
        const deleted = await db.delete(rooms).where(eq(rooms.slug, slug)).returning({ id: rooms.id });
        if (!deleted.length) throw notFound('Room');
      } finally {
        changed();
      }
    },

    async createCollection(input: CollectionFormInput, image?: string): Promise<Collection> {
      try {
        return await db.transaction(async (tx) => {
          const [taken] = await tx.select({ id: collections.id }).from(collections).where(eq(collections.id, input.id)).limit(1);
          if (taken) throw invalid({ id: [`The id “${input.id}” is already used by another collection. Choose another id.`] });
          await tx.insert(collections).values({
            id: input.id,
            title: input.title,
            tagline: input.tagline ?? '',
            image: image ?? null,
            startsFromPaise: input.starts_from ?? null,
            position: input.position ?? 0,
          });
          if (input.products) await writeCollectionProducts(tx, input.id, input.products);
          return (await buildCollections(tx, await tx.select().from(collections).where(eq(collections.id, input.id))))[0]!;
        });
      } finally {
        changed();
      }
    },

    /** The id stays: links to /collect?collection={id} are out in the world. */
    async updateCollection(id: string, input: Omit<CollectionPatchInput, 'id'>, image?: string): Promise<Collection> {
      try {
        return await db.transaction(async (tx) => {
          const updated = await tx
            .update(collections)
            .set({
              ...(input.title !== undefined ? { title: input.title } : {}),
              ...(input.tagline !== undefined ? { tagline: input.tagline } : {}),
              ...(input.starts_from !== undefined ? { startsFromPaise: input.starts_from } : {}),
              ...(input.position !== undefined ? { position: input.position } : {}),
              ...(image !== undefined ? { image } : {}),
              updatedAt: new Date(),
            })
            .where(eq(collections.id, id))
            .returning();
          if (!updated.length) throw notFound('Collection');
          if (input.products) await writeCollectionProducts(tx, id, input.products);
          return (await buildCollections(tx, updated))[0]!;
        });
      } finally {
        changed();
      }
    },

    /** Its products stay in the shop, in no collection. */
    async deleteCollection(id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const deleted = await tx.delete(collections).where(eq(collections.id, id)).returning({ id: collections.id });
          if (!deleted.length) throw notFound('Collection');
          await setCollectionMembers(tx, id, []);
        });
      } finally {
        changed();
      }
    },

    /** Whether a collection of this id exists (the product form's check). */
    async collectionExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, id)).limit(1);
      return row !== undefined;
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
