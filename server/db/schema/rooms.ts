import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './catalog';

/** Rooms: scenes with hotspots leading to products. */

/**
 * A room: a picture of furniture in place with hotspots leading to products. `kind` places it on the room
 * page: 'room' (the main picture and the "Make space for dreams" collage) or 'bedroom' (the Featured Bedrooms
 * carousel); `on_home` puts it in the home page's "Shop by Room".
 */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    image: text('image'),
    kind: text('kind').$type<'room' | 'bedroom'>().notNull().default('room'),
    onHome: boolean('on_home').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('rooms_kind_check', sql`${t.kind} in ('room', 'bedroom')`), check('rooms_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

/** A point on a room's picture (x and y in percent of its width and height) leading to a product. */
export const roomHotspots = pgTable(
  'room_hotspots',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Hundredths of a percent (0..10000), so positions stay exact. */
    xBp: integer('x_bp').notNull(),
    yBp: integer('y_bp').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('room_hotspots_room_idx').on(t.roomId, t.position),
    index('room_hotspots_product_idx').on(t.productId),
    check('room_hotspots_x_check', sql`${t.xBp} between 0 and 10000`),
    check('room_hotspots_y_check', sql`${t.yBp} between 0 and 10000`),
  ],
);

/** The products of a room shown below its picture (beside those its hotspots lead to). */
export const roomProducts = pgTable(
  'room_products',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.productId] }), index('room_products_product_idx').on(t.productId)],
);
