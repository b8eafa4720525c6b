import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { products } from './catalog';

/** Carts and their lines. */

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    cartCode: text('cart_code').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** open | ordered | merged */
    status: text('status').notNull().default('open'),
    /** A merged guest cart: the user's cart its lines went into, which its code keeps finding. */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => carts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_user_idx').on(t.userId, t.status)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    finish: text('finish').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_line_key').on(t.cartId, t.productId, t.finish)],
);
