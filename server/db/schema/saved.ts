import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';
import { products } from './catalog';

/**
 * Saved pieces (decision 0050): a piece with its finish kept by a visitor under her cart code, or by a user;
 * a visitor's move to her account when she signs in with that code.
 */
export const savedPieces = pgTable(
  'saved_pieces',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestCode: text('guest_code'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    finish: text('finish').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saved_pieces_user_line')
      .on(t.userId, t.productId, t.finish)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('saved_pieces_guest_line')
      .on(t.guestCode, t.productId, t.finish)
      .where(sql`${t.guestCode} is not null`),
    index('saved_pieces_product_idx').on(t.productId),
    check('saved_pieces_one_keeper', sql`(${t.userId} is null) <> (${t.guestCode} is null)`),
  ],
);
