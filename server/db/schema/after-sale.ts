import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CANCELLATION_STATUSES, RETURN_STATUSES } from '../../../contract/after-sale';
import { paise, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { orders } from './orders';

/** After the sale (decision 0038): the buyers' cancellations and returns, each a case the owner answers. */

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * A buyer's cancellation: accepted at once before the workshop starts, otherwise requested and answered by the
 * owner. An accepted one carries its refund's due date (15 days, the policy's promise). One open request per order.
 */
export const cancellations = pgTable(
  'cancellations',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CANCELLATION_STATUSES }).notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    /** The policy's fee kept back, when it applies. */
    feePaise: paise('fee_paise').notNull().default(0),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cancellations_order_idx').on(t.orderId),
    uniqueIndex('cancellations_one_open')
      .on(t.orderId)
      .where(sql`${t.status} = 'requested'`),
    check('cancellations_status_check', inList('status', CANCELLATION_STATUSES)),
  ],
);

/**
 * A piece reported with a fulfilment mistake within 7 days of delivery: reported, accepted with a pickup date,
 * received, then refunded (in full or in part) or replaced (a new order at no charge); or declined with a sentence.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('reported'),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    /** The order item ids concerned. */
    itemIds: jsonb('item_ids').$type<number[]>().notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    pickupDate: date('pickup_date'),
    decisionNote: text('decision_note'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    /** The replacement sent instead of a refund: a new order at no charge, through the workshop like any other. */
    replacementOrderId: integer('replacement_order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_order_idx').on(t.orderId),
    index('returns_status_idx').on(t.status),
    check('returns_status_check', inList('status', RETURN_STATUSES)),
  ],
);
