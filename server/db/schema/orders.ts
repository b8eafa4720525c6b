import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ORDER_EVENT_KINDS, PAYMENT_STATUSES, type OrderEventData } from '../../../contract/money';
import { ORDER_STAGES, ORDER_STATUSES } from '../../../contract/orders';
import { SHIPPING_METHODS } from '../../../contract/cart';
import { paise, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { type AddressSnapshot } from './addresses';
import { carts } from './cart';
import { products } from './catalog';

/** Orders, their lines, their timeline (events with a kind and data) and the workshop photos. */

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** ORDER_STATUSES (contract/orders.ts): pending | paid | in_production | ready_to_dispatch | shipped | delivered | cancelled | expired */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /**
     * The step itself (ORDER_FLOW in contract/orders.ts): a workshop stage while the status is in_production,
     * installed once delivered. Null for orders whose stage is their status (those older than stages).
     */
    stage: text('stage', { enum: ORDER_STAGES }),
    /** The owner's revision of when the piece is expected at the buyer's door (India dates), with its reason. */
    expectedFrom: date('expected_from', { mode: 'string' }),
    expectedTo: date('expected_to', { mode: 'string' }),
    expectedReason: text('expected_reason'),
    expectedRevisedAt: timestamp('expected_revised_at', { withTimezone: true }),
    /** The delivery window promised when the order was placed (India dates), and the pincode it was priced to. */
    deliveryFrom: date('delivery_from', { mode: 'string' }),
    deliveryTo: date('delivery_to', { mode: 'string' }),
    deliveryPincode: text('delivery_pincode'),
    /** PAYMENT_STATUSES, moved only through PAYMENT_FLOW (contract/money.ts) by `movePayment` (server/modules/money). */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    subtotalPaise: paise('subtotal_paise').notNull(),
    shippingPaise: paise('shipping_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    shippingMethod: text('shipping_method', { enum: SHIPPING_METHODS }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /**
     * The payment provider and the provider order the buyer pays through (a quote's order: its advance's). Null for
     * a replacement sent at no charge: nobody pays it, so no provider is asked (orders_provider_order_named).
     */
    provider: text('provider'),
    providerOrderId: text('provider_order_id').unique(),
    // Its payments are the ledger's charges (decision 0045), each with its provider payment id: one charge per
    // payment (charges_provider_payment_id_unique), so a payment can never pay two orders.
    /** How the buyer paid, from the provider's payment: card | upi | netbanking | wallet | emi | … */
    paymentMethod: text('payment_method'),
    /** Cards only: the network (Visa, MasterCard, RuPay, …) and the last four digits. */
    cardNetwork: text('card_network'),
    cardLast4: text('card_last4'),
    /** Until when the order's pieces are held for its payment; a pending order past it becomes expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Fingerprint of the cart lines priced for this order; a changed cart gets a new order. Null for an order made
     * without a cart (a quote's, a replacement): there are no cart lines to tell apart.
     */
    cartFingerprint: text('cart_fingerprint'),
    address: jsonb('address').$type<AddressSnapshot>(),
    email: text('email').notNull(),
    /** Set when the order is shipped (required then, with the tracking number). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** The e-way bill's 12 digits, given when an order above the threshold is shipped (decision 0049). */
    ewayBillNumber: text('eway_bill_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
    check('orders_status_check', sql.raw(`status in (${ORDER_STATUSES.map((v) => `'${v}'`).join(', ')})`)),
    check('orders_payment_status_check', sql.raw(`payment_status in (${PAYMENT_STATUSES.map((v) => `'${v}'`).join(', ')})`)),
    // A stage always matches its status: the workshop's stages are in production, installed is delivered.
    check(
      'orders_stage_matches_status',
      sql`${t.stage} is null or ${t.stage} = ${t.status} or (${t.status} = 'in_production' and ${t.stage} in ('design_signoff', 'timber_selection', 'joinery', 'finishing', 'quality_check')) or (${t.status} = 'delivered' and ${t.stage} = 'installed')`,
    ),
    // An order names where it goes (decision 0046): a quote's or a replacement's from the start; a cart's payment
    // attempt may wait for the address its payment brings (the spec's client gives it only then, decision 0030).
    check('orders_eway_bill_number_check', sql`${t.ewayBillNumber} ~ '^[0-9]{12}$'`),
    check('orders_address_named', sql`${t.address} is not null or ${t.cartId} is not null`),
    // A provider order names its provider, and only an order that owes nothing (a replacement) has none.
    check(
      'orders_provider_order_named',
      sql`(${t.provider} is null) = (${t.providerOrderId} is null) and (${t.providerOrderId} is not null or ${t.totalPaise} = 0)`,
    ),
    // A revision is a whole window with its reason, or none.
    check(
      'orders_delivery_window_check',
      sql`(${t.deliveryFrom} is null and ${t.deliveryTo} is null) or (${t.deliveryFrom} is not null and ${t.deliveryTo} is not null and ${t.deliveryFrom} <= ${t.deliveryTo})`,
    ),
    check(
      'orders_expected_revision_check',
      sql`(${t.expectedFrom} is null and ${t.expectedTo} is null and ${t.expectedReason} is null) or (${t.expectedFrom} is not null and ${t.expectedTo} is not null and ${t.expectedFrom} <= ${t.expectedTo} and length(trim(${t.expectedReason})) > 0)`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** Null when the line names no catalogue product (a piece made to a buyer's size from a quote). */
    productSlug: text('product_slug'),
    productImage: text('product_image'),
    quantity: integer('quantity').notNull(),
    finish: text('finish').notNull().default(''),
    unitPricePaise: paise('unit_price_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
  },
  (t) => [
    // An order's lines are read with the order; the image index answers the media cleanup's "still shown?".
    index('order_items_order_idx').on(t.orderId),
    index('order_items_image_idx')
      .on(t.productImage)
      .where(sql`${t.productImage} is not null`),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** The order's stage at the event; null for events older than stages (their stage is their status). */
    stage: text('stage', { enum: ORDER_STAGES }),
    /** Why the event was written (ORDER_EVENT_KINDS), and its facts: sentences are made from these, never parsed from `note`. */
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull().default('note'),
    data: jsonb('data').$type<OrderEventData>().notNull().default({}),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Photos the owner added to a stage change (the workshop's pictures of the piece), in the order given. */
export const orderPhotos = pgTable(
  'order_photos',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_photos_event_idx').on(t.eventId, t.position), index('order_photos_image_idx').on(t.image)],
);
