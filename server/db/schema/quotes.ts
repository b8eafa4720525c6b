import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { QUOTE_REQUEST_SOURCES, QUOTE_STATUSES } from '../../../contract/quotes';
import { paise, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { type AddressSnapshot } from './addresses';
import { products } from './catalog';
import { orders } from './orders';

/** A piece in the buyer's size (decision 0039): requests, quotes in versions, and the payments of advances and balances. */

export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    source: text('source', { enum: QUOTE_REQUEST_SOURCES }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's name when asked (kept if the product is later deleted). */
    productName: text('product_name'),
    description: text('description').notNull().default(''),
    lengthCm: smallint('length_cm'),
    breadthCm: smallint('breadth_cm'),
    heightCm: smallint('height_cm'),
    finish: text('finish').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** The reference photos' URLs, through the shop's image checks. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    pincode: text('pincode').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('quote_requests_user_idx').on(t.userId, t.createdAt),
    check('quote_requests_source_check', sql.raw(`source in (${QUOTE_REQUEST_SOURCES.map((v) => `'${v}'`).join(', ')})`)),
  ],
);

export type QuoteLineRow = { piece: string; dimensions: string; finish: string; price_paise: number; product_id: number | null };

/**
 * The owner's quotes, one row per version of a request. Money in paise: the lines (incl. GST), delivery, the
 * total, and the advance (its percent of the total, rounded to the rupee) asked when the buyer accepts.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('draft'),
    lines: jsonb('lines').$type<QuoteLineRow[]>().notNull(),
    deliveryPaise: paise('delivery_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    advancePercent: smallint('advance_percent').notNull(),
    advancePaise: paise('advance_paise').notNull(),
    productionWeeks: smallint('production_weeks').notNull(),
    /** The last India date the quote may be accepted. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** The buyer's note asking for a change. */
    changeNote: text('change_note'),
    /** Where the buyer wants it delivered, given on accepting (an address-book entry or typed). */
    address: jsonb('address').$type<AddressSnapshot>(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotes_request_version').on(t.requestId, t.version),
    uniqueIndex('quotes_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('quotes_status_check', sql.raw(`status in (${QUOTE_STATUSES.map((v) => `'${v}'`).join(', ')})`)),
    check('quotes_advance_within', sql`${t.advancePaise} > 0 and ${t.advancePaise} <= ${t.totalPaise}`),
  ],
);

/**
 * The provider orders of quotes' money: an advance (before the order exists) and an order's balance. A provider
 * order is asked once per quote (or order) and amount, under the quote's (or order's) row lock; the webhook and
 * the reconciler find the payment's purpose here by its provider order id.
 */
export const quotePayments = pgTable(
  'quote_payments',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    purpose: text('purpose', { enum: ['advance', 'balance'] }).notNull(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    amountPaise: paise('amount_paise').notNull(),
    providerPaymentId: text('provider_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * An advance is asked for one delivery address (decision 0046): the address, its pincode and the delivery
     * priced to it (the quote's own where the pincode is the one it was priced for, else the shop's freight).
     * Null for a balance, which pays an order that already names its address.
     */
    address: jsonb('address').$type<AddressSnapshot>(),
    deliveryPincode: text('delivery_pincode'),
    deliveryPaise: paise('delivery_paise'),
    createdAt: createdAt(),
  },
  (t) => [
    index('quote_payments_quote_idx').on(t.quoteId),

    check('quote_payments_purpose_check', sql`${t.purpose} in ('advance', 'balance')`),
    check('quote_payments_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
