import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REVIEW_STATUSES } from '../../../contract/reviews';
import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { products } from './catalog';
import { orders } from './orders';

/** What buyers say about a piece (decision 0050): reviews from verified buyers, their photos, helpful votes, the review e-mails. */

/**
 * A verified buyer's review: one per buyer and product, written once an order holding it was delivered. The
 * products' review_count and review_star_sum follow the published ones through a trigger (migration).
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered order that made her a verified buyer. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    stars: smallint('stars').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    finish: text('finish'),
    room: text('room'),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_reviews_one_per_buyer').on(t.productId, t.userId),
    index('product_reviews_product_idx').on(t.productId, t.status, t.createdAt),
    index('product_reviews_status_idx').on(t.status, t.createdAt),
    index('product_reviews_user_idx').on(t.userId),
    check('product_reviews_stars_check', sql`${t.stars} between 1 and 5`),
    check('product_reviews_status_check', sql.raw(`status in (${REVIEW_STATUSES.map((v) => `'${v}'`).join(', ')})`)),
  ],
);

export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId, t.position), index('review_photos_image_idx').on(t.image)],
);

/** One "helpful" per reader and review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** The review e-mail of a delivered order: one row per order, claimed before the mail is written. */
export const reviewRequests = pgTable('review_requests', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  sentAt: createdAt(),
});

/** Addresses that asked for no more review e-mails (lower-cased). */
export const reviewMailOptOuts = pgTable('review_mail_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});
