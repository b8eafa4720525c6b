import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './catalog';
import { orders } from './orders';

/** Stock holds: owned by the stock module (server/modules/stock), the only writer of stock. */

/**
 * Ready-stock pieces held for an order while its buyer pays: `held` counts in products.reserved_quantity,
 * then becomes `sold` (taken from stock with the payment) or `released` (cancelled, failed or expired).
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** held | sold | released */
    state: text('state').notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_holds_order_product_idx').on(t.orderId, t.productId),
    index('stock_holds_held_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'held'`),
    check('stock_holds_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_holds_state_check', sql`${t.state} in ('held', 'sold', 'released')`),
  ],
);
