import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { paise, createdAt, updatedAt, tsvector, type Dimensions } from './columns';

/** The catalogue: categories, subcategories, products with their pictures, collections and the ready-to-ship range. */

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull().unique(),
    description: text('description').notNull().default(''),
    image: text('image'),
    position: integer('position').notNull().default(0),
    /** The HSN code its products are invoiced under (wooden furniture: 9403; seats: 9401). */
    hsnCode: text('hsn_code').notNull().default('9403'),
    /** Its GST rate in basis points (18% is 1800). */
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('categories_hsn_check', sql`${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check('categories_gst_rate_check', sql`${t.gstRateBp} in (0, 25, 300, 500, 1200, 1800, 2800)`),
  ],
);

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    pricePaise: paise('price_paise').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id').references(() => subcategories.id, { onDelete: 'set null' }),
    collection: text('collection'),
    trending: boolean('trending').notNull().default(false),
    topselling: boolean('topselling').notNull().default(false),
    newin: boolean('newin').notNull().default(false),
    /** The owner's switch: false takes the product off sale whatever its stock. */
    inStock: boolean('in_stock').notNull().default(true),
    /**
     * made_to_order: made after the order, no stock limit (stock_quantity is not counted);
     * ready_stock: finished pieces on the shelf, stock_quantity counted. See decision 0010.
     */
    stockKind: text('stock_kind').$type<'made_to_order' | 'ready_stock'>().notNull().default('made_to_order'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** Pieces held for buyers who are paying now (the sum of the product's held stock_holds). */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    /** Tenths of a star, 0..50, so ratings stay exact. */
    ratingTenths: smallint('rating_tenths').notNull().default(0),
    /**
     * The published reviews' count and the sum of their stars (decision 0050), kept by the database's trigger on
     * product_reviews: once a product has one, its rating is their average rounded to a half.
     */
    reviewCount: integer('review_count').notNull().default(0),
    reviewStarSum: integer('review_star_sum').notNull().default(0),
    customizable: boolean('customizable').notNull().default(false),
    dimensions: jsonb('dimensions').$type<Dimensions>().notNull().default({}),
    finishes: jsonb('finishes').$type<string[]>().notNull().default([]),
    /** Packed weight in grams (null: not given; the packed size or a default is charged). Decision 0030 (delivery). */
    shippingWeightG: integer('shipping_weight_g'),
    /** Packed size in whole cm: all three or none. */
    packedLengthCm: smallint('packed_length_cm'),
    packedWidthCm: smallint('packed_width_cm'),
    packedHeightCm: smallint('packed_height_cm'),
    /** Made to order: production time in weeks (the FAQ's 6 to 10 by default). */
    productionWeeksMin: smallint('production_weeks_min').notNull().default(6),
    productionWeeksMax: smallint('production_weeks_max').notNull().default(10),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(${products.name}, '')), 'A') || setweight(to_tsvector('english', coalesce(${products.description}, '')), 'C')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    // The list's orders, each ending on the id, so a page and the page after it (keyset) are read by index.
    index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('products_price_idx').on(t.pricePaise, t.id),
    index('products_name_idx').on(t.name, t.id),
    index('products_rating_idx').on(t.ratingTenths.desc().nullsFirst(), t.id),
    index('products_category_created_idx').on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id),
    index('products_subcategory_created_idx').on(t.subcategoryId, t.createdAt.desc().nullsFirst(), t.id),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Names holding every word of a search (its first candidates), without reading the products (decision 0041).
    index('products_name_search_idx').using('gin', sql`to_tsvector('english', ${t.name})`),
    check('products_stock_kind_check', sql`${t.stockKind} in ('made_to_order', 'ready_stock')`),
    check('products_stock_not_negative', sql`${t.stockQuantity} >= 0`),
    check('products_review_sums_not_negative', sql`${t.reviewCount} >= 0 and ${t.reviewStarSum} >= 0`),
    check('products_reserved_not_negative', sql`${t.reservedQuantity} >= 0`),
    check('products_reserved_within_stock', sql`${t.reservedQuantity} <= ${t.stockQuantity}`),
    check('products_shipping_weight_positive', sql`${t.shippingWeightG} is null or ${t.shippingWeightG} > 0`),
    check(
      'products_packed_size_whole',
      sql`num_nulls(${t.packedLengthCm}, ${t.packedWidthCm}, ${t.packedHeightCm}) in (0, 3) and coalesce(${t.packedLengthCm}, 1) > 0 and coalesce(${t.packedWidthCm}, 1) > 0 and coalesce(${t.packedHeightCm}, 1) > 0`,
    ),
    check(
      'products_production_weeks_check',
      sql`${t.productionWeeksMin} between 1 and 52 and ${t.productionWeeksMax} between 1 and 52 and ${t.productionWeeksMin} <= ${t.productionWeeksMax}`,
    ),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** The piece drawn (or photographed) in one of its finishes: the picture a shopper sees on choosing that finish. */
export const productFinishImages = pgTable(
  'product_finish_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    finish: text('finish').notNull(),
    image: text('image').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_finish_images_product_finish_idx').on(t.productId, t.finish)],
);

/**
 * A collection: the id is the one used in links (/collect?collection=collection1); its products are the
 * products whose `collection` names it. `starts_from_paise` is the owner's own "starts from"; null: the
 * cheapest product's price.
 */
export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    tagline: text('tagline').notNull().default(''),
    image: text('image'),
    startsFromPaise: paise('starts_from_paise'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('collections_id_check', sql`${t.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check('collections_starts_from_check', sql`${t.startsFromPaise} is null or ${t.startsFromPaise} >= 0`),
  ],
);

export const readyToShip = pgTable('ready_to_ship', {
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .unique()
    .references(() => products.id, { onDelete: 'cascade' }),
  mostSold: boolean('most_sold').notNull().default(false),
  newArrival: boolean('new_arrival').notNull().default(false),
  createdAt: createdAt(),
});
