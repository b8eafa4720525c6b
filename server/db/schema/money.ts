import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CHARGE_PURPOSES, REFUND_STATUSES } from '../../../contract/money';
import { paise, createdAt, updatedAt } from './columns';
import { orders } from './orders';
import { cancellations, returns } from './after-sale';

/** The money ledger: charges, refunds and the provider events received (server/modules/money). */

/**
 * The ledger's charges (decision 0037): every payment captured for an order is one row, whatever it paid for
 * (the whole order today; an advance or a balance), with what has been refunded of it. The database keeps
 * `refunded_paise` between 0 and the amount, so no refund, however many race, takes back more than was paid.
 */
export const charges = pgTable(
  'charges',
  {
    id: serial('id').primaryKey(),
    /**
     * The order it paid; null only for a quote's advance captured when no order could be made of it (asked before
     * a delivery address was chosen): that payment is charged and refunded in full, never lost.
     */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    purpose: text('purpose', { enum: CHARGE_PURPOSES }).notNull().default('order'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    /** A provider payment is charged once, whoever records it first (the buyer's browser, the webhook, the reconciler). */
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    amountPaise: paise('amount_paise').notNull(),
    refundedPaise: paise('refunded_paise').notNull().default(0),
    /** `capture:<payment id>`: the same capture recorded twice is one row. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('charges_order_idx').on(t.orderId),
    check('charges_amount_positive', sql`${t.amountPaise} > 0`),
    check('charges_order_named', sql`${t.orderId} is not null or ${t.purpose} = 'advance'`),
    check('charges_refunded_within', sql`${t.refundedPaise} >= 0 and ${t.refundedPaise} <= ${t.amountPaise}`),
    check('charges_purpose_check', sql.raw(`purpose in (${CHARGE_PURPOSES.map((v) => `'${v}'`).join(', ')})`)),
  ],
);

/**
 * The ledger's refunds: money given back through the provider, each from one charge. A row is written (and the
 * charge's refunded sum raised, guarded) before the provider is called, so a failed call is retried by the
 * reconciler, never lost. The idempotency key makes racing writers of the same refund one row (`full:<payment>`
 * for a whole payment given back; the owner's partial refunds carry keys of their own).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    /** The order of the charge it gives back from; null with its charge's (an advance no order was made of). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerRefundId: text('provider_refund_id'),
    amountPaise: paise('amount_paise').notNull(),
    /** REFUND_STATUSES: pending (to ask the provider) | requesting (being asked) | processed | failed (refused by the provider) */
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    reason: text('reason').notNull(),
    /** The owner's sentence to the buyer, when the owner made the refund (decision 0038). */
    note: text('note'),
    /** The cancellation or return the refund settles, if any. */
    cancellationId: integer('cancellation_id').references(() => cancellations.id, { onDelete: 'restrict' }),
    returnId: integer('return_id').references(() => returns.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a `requesting` claim is considered abandoned (its process died mid-call). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_payment_idx').on(t.providerPaymentId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'requesting', 'processed', 'failed')`),
  ],
);

export const paymentEvents = pgTable('payment_events', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull().unique(),
  type: text('type').notNull(),
  providerOrderId: text('provider_order_id'),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});
