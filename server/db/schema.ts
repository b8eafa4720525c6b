import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Money is always integer paise (1 rupee = 100 paise); see docs/decisions/0003-money-in-paise.md. */
const paise = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** Raw bytes (PDF invoices, calendar files); PGlite reads them as Uint8Array, node-postgres as Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export type Dimensions = { length?: number; breadth?: number; height?: number };

// ── accounts ──────────────────────────────────────────────────────────────────────────────────
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender'),
    dob: date('dob'),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    profilePicture: text('profile_picture'),
    googleSub: text('google_sub'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
  ],
);

/**
 * One log-in (password, Google). Access and refresh tokens name it (`sid`); ending it (log-out, password
 * change or reset, e-mail change) ends both kinds of token at once, in every process.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** However often it is refreshed, a log-in lasts at most until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ── rate limits ───────────────────────────────────────────────────────────────────────────────
/** Fixed-window counters shared by every process of the shop (server/lib/rate-limit-store.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

// ── catalogue ─────────────────────────────────────────────────────────────────────────────────
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
    index('products_search_idx').using('gin', t.searchVector),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('products_stock_kind_check', sql`${t.stockKind} in ('made_to_order', 'ready_stock')`),
    check('products_stock_not_negative', sql`${t.stockQuantity} >= 0`),
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

// ── content ───────────────────────────────────────────────────────────────────────────────────
export const blogs = pgTable('blogs', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().default(''),
  text: text('text').notNull(),
  name: text('name').notNull(),
  rating: smallint('rating').notNull().default(5),
  image: text('image'),
  createdAt: createdAt(),
});

export const homeBanners = pgTable('home_banners', {
  id: serial('id').primaryKey(),
  image: text('image').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const promoBanners = pgTable('promo_banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  priceText: text('price_text').notNull(),
  imageLeft: text('image_left').notNull(),
  imageRight: text('image_right').notNull(),
  createdAt: createdAt(),
});

export const latestVideos = pgTable('latest_videos', {
  id: serial('id').primaryKey(),
  youtubeUrl: text('youtube_url').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  description: text('description').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const feedbackMessages = pgTable('feedback_messages', {
  id: serial('id').primaryKey(),
  userEmail: text('user_email').notNull(),
  userMessage: text('user_message').notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ── cart ──────────────────────────────────────────────────────────────────────────────────────
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

// ── addresses, orders, payments ─────────────────────────────────────────────────────────────
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull().default('India'),
    /** A business buyer's GSTIN and registered name, carried onto the tax invoice. */
    gstin: text('gstin'),
    businessName: text('business_name'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);

export type AddressSnapshot = {
  /** A business buyer's GSTIN and registered name, for the tax invoice (optional). */
  gstin?: string;
  business_name?: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
};

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    /** pending | paid | in_production | ready_to_dispatch | shipped | delivered | cancelled | expired */
    status: text('status').notNull().default('pending'),
    /**
     * The step itself (ORDER_FLOW in contract/orders.ts): a workshop stage while the status is in_production,
     * installed once delivered. Null for orders whose stage is their status (those older than stages).
     */
    stage: text('stage'),
    /** The owner's revision of when the piece is expected at the buyer's door (India dates), with its reason. */
    expectedFrom: date('expected_from', { mode: 'string' }),
    expectedTo: date('expected_to', { mode: 'string' }),
    expectedReason: text('expected_reason'),
    expectedRevisedAt: timestamp('expected_revised_at', { withTimezone: true }),
    /** The delivery window promised when the order was placed (India dates), and the pincode it was priced to. */
    deliveryFrom: date('delivery_from', { mode: 'string' }),
    deliveryTo: date('delivery_to', { mode: 'string' }),
    deliveryPincode: text('delivery_pincode'),
    /** created | attempted | abandoned | captured | failed */
    paymentStatus: text('payment_status').notNull().default('created'),
    subtotalPaise: paise('subtotal_paise').notNull(),
    shippingPaise: paise('shipping_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    shippingMethod: text('shipping_method').notNull(),
    currency: text('currency').notNull().default('INR'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    providerPaymentId: text('provider_payment_id'),
    /** How the buyer paid, from the provider's payment: card | upi | netbanking | wallet | emi | … */
    paymentMethod: text('payment_method'),
    /** Cards only: the network (Visa, MasterCard, RuPay, …) and the last four digits. */
    cardNetwork: text('card_network'),
    cardLast4: text('card_last4'),
    /** Until when the order's pieces are held for its payment; a pending order past it becomes expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Fingerprint of the cart lines priced for this order; a changed cart gets a new order. */
    cartFingerprint: text('cart_fingerprint').notNull(),
    address: jsonb('address').$type<AddressSnapshot>(),
    email: text('email').notNull(),
    /** Set when the order is shipped (required then, with the tracking number). */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status),
    // One order per provider payment: a payment can never pay two orders.
    uniqueIndex('orders_provider_payment_idx')
      .on(t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    // A stage always matches its status: the workshop's stages are in production, installed is delivered.
    check(
      'orders_stage_matches_status',
      sql`${t.stage} is null or ${t.stage} = ${t.status} or (${t.status} = 'in_production' and ${t.stage} in ('design_signoff', 'timber_selection', 'joinery', 'finishing', 'quality_check')) or (${t.status} = 'delivered' and ${t.stage} = 'installed')`,
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

/**
 * Money given back through the provider: one refund per provider payment, whoever asks first. A row is
 * written before the provider is called, so a failed call is retried by the reconciler, never lost.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    providerRefundId: text('provider_refund_id'),
    amountPaise: paise('amount_paise').notNull(),
    /** pending (to ask the provider) | requesting (being asked) | processed | failed (refused by the provider) */
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a `requesting` claim is considered abandoned (its process died mid-call). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'requesting', 'processed', 'failed')`),
  ],
);

// ── tax invoices ───────────────────────────────────────────────────────────────────────────────

export type InvoiceParty = { name: string; gstin: string | null; address: string; state: string; stateCode: string | null };
export type InvoiceLineRow = {
  description: string;
  hsn: string;
  quantity: number;
  unit_price_paise: number;
  rate_bp: number;
  amount_paise: number;
  shipping_share_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
};

/**
 * GST tax invoices and credit notes. Numbers are consecutive per series (kind and financial year), drawn from
 * `invoice_counters` in the transaction that marks the order paid (or cancels it), so a failed payment leaves
 * no gap and concurrent payments never share a number.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** invoice | credit_note */
    kind: text('kind').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    invoiceId: integer('invoice_id'),
    number: text('number').notNull().unique(),
    financialYear: text('financial_year').notNull(),
    seq: integer('seq').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    intraState: boolean('intra_state').notNull(),
    lines: jsonb('lines').$type<InvoiceLineRow[]>().notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    shippingPaise: paise('shipping_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_series_seq').on(t.kind, t.financialYear, t.seq),
    uniqueIndex('invoices_one_per_order').on(t.orderId, t.kind),
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_number_length', sql`char_length(${t.number}) <= 16`),
    check('invoices_reconcile', sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.totalPaise}`),
  ],
);

export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
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
    productSlug: text('product_slug').notNull(),
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
    status: text('status').notNull(),
    /** The order's stage at the event; null for events older than stages (their stage is their status). */
    stage: text('stage'),
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

export const paymentEvents = pgTable('payment_events', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull().unique(),
  type: text('type').notNull(),
  providerOrderId: text('provider_order_id'),
  payload: jsonb('payload').notNull(),
  createdAt: createdAt(),
});

// ── e-mail ────────────────────────────────────────────────────────────────────────────────────
export const MAIL_STATUSES = ['kept', 'queued', 'sent', 'failed'] as const;

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** With its secrets (reset and sign-up links) replaced by "[link removed]". */
    text: text('text').notNull(),
    /** kept (no SMTP configured) | queued (a job sends it) | sent | failed (five attempts failed) */
    status: text('status').notNull(),
    /** The last failure's message. */
    error: text('error'),
    /** Tries at the SMTP server so far. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * The whole message (subject and text with their secrets), encrypted with a key derived from JWT_SECRET,
     * while it still has to be sent; null once sent, and for messages without secrets (the row's text is whole).
     */
    sealed: text('sealed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('email_outbox_status_known', sql`${t.status} in ('kept', 'queued', 'sent', 'failed')`),
    check('email_outbox_attempts_not_negative', sql`${t.attempts} >= 0`),
    index('email_outbox_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/** Files sent with an outbox message (an invoice, a calendar entry); dropped once the message is sent. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: serial('id').primaryKey(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
);

// ── consultations ─────────────────────────────────────────────────────────────────────────────
/** A kind of consultation a visitor can book (showroom visit, video call, home visit); its slots are its length long. */
export const consultationKinds = pgTable(
  'consultation_kinds',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('consultation_kinds_slug_key').on(t.slug),
    check('consultation_kinds_duration_check', sql`${t.durationMinutes} between 15 and 240`),
  ],
);

/** The weekly hours in India time, as minutes after midnight; a weekday without a row is closed (0 = Sunday). */
export const consultationHours = pgTable(
  'consultation_hours',
  {
    weekday: smallint('weekday').primaryKey(),
    opensMinute: integer('opens_minute').notNull(),
    closesMinute: integer('closes_minute').notNull(),
  },
  (t) => [
    check('consultation_hours_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('consultation_hours_order_check', sql`0 <= ${t.opensMinute} and ${t.opensMinute} < ${t.closesMinute} and ${t.closesMinute} <= 1440`),
  ],
);

/** Days (India time) on which no consultation can be booked: festivals, stocktaking. */
export const consultationClosedDates = pgTable('consultation_closed_dates', {
  day: date('day').primaryKey(),
  reason: text('reason').notNull().default(''),
});

/** The one row of booking settings: how many days ahead a visitor may book. */
export const consultationSettings = pgTable(
  'consultation_settings',
  {
    id: integer('id').primaryKey().default(1),
    horizonDays: integer('horizon_days').notNull().default(30),
  },
  (t) => [
    check('consultation_settings_single_row', sql`${t.id} = 1`),
    check('consultation_settings_horizon_check', sql`${t.horizonDays} between 1 and 365`),
  ],
);

/**
 * A booked consultation. Two active bookings of one kind never overlap: an exclusion constraint
 * (`consultation_bookings_no_overlap`, btree_gist) in the hand-written migration `*_booking_no_overlap.sql`,
 * which drizzle cannot express.
 */
export const consultationBookings = pgTable(
  'consultation_bookings',
  {
    id: serial('id').primaryKey(),
    kindId: integer('kind_id')
      .notNull()
      .references(() => consultationKinds.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    note: text('note').notNull().default(''),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    photo: text('photo'),
    status: text('status').notNull().default('booked'),
    /** Counts the booking's changes (moves, cancellation): the calendar file's SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    /** SHA-256 of the secret manage token sent in the e-mail; the token itself is never stored. */
    manageTokenHash: text('manage_token_hash').notNull(),
    /** When the day-before reminder went out (once per booking). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consultation_bookings_token_key').on(t.manageTokenHash),
    index('consultation_bookings_starts_idx').on(t.startsAt),
    check('consultation_bookings_status_check', sql`${t.status} in ('booked', 'confirmed', 'cancelled')`),
    check('consultation_bookings_order_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

// ── delivery (decision 0030, delivery) ──────────────────────────────────────────────────────────

/** What the owner does not deliver to: a state, a district of a state, or a pincode range (ends included). */
export const deliveryExclusions = pgTable(
  'delivery_exclusions',
  {
    id: serial('id').primaryKey(),
    /** state | district | range */
    kind: text('kind').$type<'state' | 'district' | 'range'>().notNull(),
    state: text('state'),
    district: text('district'),
    pincodeFrom: text('pincode_from'),
    pincodeTo: text('pincode_to'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'delivery_exclusions_shape',
      sql`(${t.kind} = 'state' and ${t.state} is not null and ${t.district} is null and ${t.pincodeFrom} is null and ${t.pincodeTo} is null) or (${t.kind} = 'district' and ${t.state} is not null and ${t.district} is not null and ${t.pincodeFrom} is null and ${t.pincodeTo} is null) or (${t.kind} = 'range' and ${t.state} is null and ${t.district} is null and ${t.pincodeFrom} is not null and ${t.pincodeTo} is not null and ${t.pincodeFrom} ~ '^[1-9][0-9]{5}$' and ${t.pincodeTo} ~ '^[1-9][0-9]{5}$' and ${t.pincodeFrom} <= ${t.pincodeTo})`,
    ),
    uniqueIndex('delivery_exclusions_unique').on(
      t.kind,
      sql`lower(coalesce(${t.state}, ''))`,
      sql`lower(coalesce(${t.district}, ''))`,
      sql`coalesce(${t.pincodeFrom}, '')`,
      sql`coalesce(${t.pincodeTo}, '')`,
    ),
  ],
);

/** Pincodes buyers asked about that the shop does not serve (excluded), with how often and when last. */
export const deliveryUnserved = pgTable(
  'delivery_unserved',
  {
    pincode: text('pincode').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    count: integer('count').notNull().default(1),
    firstAskedAt: timestamp('first_asked_at', { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('delivery_unserved_count_positive', sql`${t.count} > 0`), index('delivery_unserved_last_idx').on(t.lastAskedAt)],
);

/** The owner's zones, near to far: distance bands (km, straight line) from the Chennai workshop. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: serial('id').primaryKey(),
    position: smallint('position').notNull(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** Null: the last zone, all farther pincodes. */
    maxKm: integer('max_km'),
    transitDaysMin: smallint('transit_days_min').notNull(),
    transitDaysMax: smallint('transit_days_max').notNull(),
    expressDaysMin: smallint('express_days_min').notNull(),
    expressDaysMax: smallint('express_days_max').notNull(),
  },
  (t) => [
    uniqueIndex('delivery_zones_position_key').on(t.position),
    check(
      'delivery_zones_days_check',
      sql`${t.transitDaysMin} between 1 and ${t.transitDaysMax} and ${t.expressDaysMin} between 1 and ${t.expressDaysMax}`,
    ),
    check('delivery_zones_km_positive', sql`${t.maxKm} is null or ${t.maxKm} > 0`),
  ],
);

/** A zone's price per weight band (chargeable kg up to up_to_kg; null: any heavier), in paise. */
export const deliveryRates = pgTable(
  'delivery_rates',
  {
    id: serial('id').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
    upToKg: integer('up_to_kg'),
    standardPaise: paise('standard_paise').notNull(),
    expressPaise: paise('express_paise').notNull(),
  },
  (t) => [
    uniqueIndex('delivery_rates_band_key').on(t.zoneId, sql`coalesce(${t.upToKg}, 0)`),
    check('delivery_rates_prices_check', sql`${t.standardPaise} >= 0 and ${t.expressPaise} >= 0`),
    check('delivery_rates_kg_positive', sql`${t.upToKg} is null or ${t.upToKg} > 0`),
  ],
);

// ── Search synonyms (decision 0034) ──────────────────────────────────────────────────────────────────
/**
 * A word buyers type for what the catalogue calls otherwise ("mandap" for mandir, "almirah" for wardrobe):
 * search looks for `means` as well as the word typed. The owner keeps the list in the admin panel.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  /** The word typed, in lower case, one word. */
  term: text('term').notNull().unique(),
  /** What it stands for: one or more catalogue words, in lower case. */
  means: text('means').notNull(),
  createdAt: createdAt(),
});
