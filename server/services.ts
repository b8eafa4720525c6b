import type { Config } from './config';
import type { Database } from './db/client';
import { verifyGoogleToken } from './lib/google';
import { createJobs, type Jobs } from './lib/jobs';
import type { Media } from './lib/media';
import { createMailer, type Mailer } from './lib/mailer';
import { createRateLimitCounter, FORM_RATE_LIMIT, twinLimit } from './lib/rate-limit-store';
import { createAdminService } from './modules/admin/admin.service';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createBrowserSessions } from './modules/accounts/browser-sessions';
import { createLoginGuard } from './modules/accounts/login-guard';
import { createAccountPageLimits } from './modules/accounts/page-limits';
import { createTokenSigner } from './modules/accounts/tokens';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createAddressesService, createCheckoutService, type CheckoutService } from './modules/checkout/checkout.service';
import { createCartService } from './modules/cart/cart.service';
import { createOrdersService } from './modules/orders/orders.service';
import { createPayments } from './lib/payments';
import type { DeliveryService } from '../contract/delivery';
import type { CatalogService } from './modules/catalog/catalog.service';
import { createDeliveryService } from './modules/delivery/delivery.service';
import { createConsultationsService, type ConsultationsService } from './modules/consultations/consultations.service';
import { createContentPageLimits } from './modules/content/page-limits';
import { createContentService } from './modules/content/content.service';
import { createRoomsService } from './modules/rooms/rooms.service';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { createShopperFacts, type ShopperFacts } from './page/shopper-facts';
import { createPanelWaiting } from './page/panel-waiting';
import { createAfterSaleService } from './modules/after-sale/after-sale.service';
import { createQuotesService } from './modules/quotes/quotes.service';
import { createReviewsService, type ReviewsService } from './modules/reviews/reviews.service';
import { createSavedService } from './modules/saved/saved.service';
import { createBackupService, type BackupService } from './modules/backup/backup.service';
import { profilePictureUpload } from './modules/accounts/profile-picture';
import { bookingPhotoUpload } from './modules/consultations/booking-photo';
import { returnPhotosUpload } from './modules/after-sale/return-photos';
import { quoteRequestPhotosUpload } from './modules/quotes/request-photos';
import { reviewPhotosUpload } from './modules/reviews/review-photos';

/**
 * A service that one of its own dependencies needs in turn (checkout refunds the orders it creates; the reset-link
 * job reads the accounts that queue it): named before both, filled in once it is built, and read only when a
 * request or a job runs. The one way a service here reaches one built after it.
 */
function later<T>(what: string): { set(value: T): void; get(): T } {
  let value: T | undefined;
  return {
    set: (built) => void (value = built),
    get: () => {
      if (value === undefined) throw new Error(`${what} is used before the shop's services are built.`);
      return value;
    },
  };
}

/**
 * Cart, address book, payments, checkout and orders: composed here, where every module's service is put
 * together, so that no module builds another (decision 0037). Checkout asks the orders module's owner actions
 * to refund through the money module's refunder, which checkout's context holds.
 */
export function createCommerceServices(
  config: Pick<Config, 'razorpay' | 'jwtSecret' | 'publicUrl' | 'mail' | 'seller'> & Partial<Pick<Config, 'paymentAnswerMs'>>,
  db: Database['db'],
  catalog: CatalogService,
  mailer: Mailer,
  log: (err: unknown) => void = () => {},
  exclusive?: <T>(key: number, fn: () => Promise<T>) => Promise<T | null>,
  delivery: DeliveryService = createDeliveryService(db),
  /** Durable jobs: a paid order's e-mails are sent by one, after the buyer's answer. */
  jobs?: Jobs,
  /** Told after a buyer's addresses changed (her kept cart page shows them, decision 0042). */
  addressesChanged?: (userId: number) => Promise<void>,
) {
  const payments = createPayments(config, db);
  const cart = createCartService(db, catalog);
  const addresses = createAddressesService(db, delivery, addressesChanged);
  // Orders and quotes are refunded through checkout, which needs the quotes' payments: wired through `later`.
  const refunds = later<(orderId: number) => ReturnType<CheckoutService['refundOrder']>>('Checkout’s refunds');
  const refundNowOf = later<(refundId: number) => ReturnType<CheckoutService['refundNow']>>('Checkout’s refund of one payment');
  const orders = createOrdersService(
    db,
    mailer,
    config.publicUrl,
    (err) => log(err),
    () => catalog.invalidate(),
    (orderId) => refunds.get()(orderId),
    config.seller.ewayBillThresholdPaise,
  );
  /** A piece in the buyer's size (decision 0039): its advance and balance are confirmed by checkout's webhook and reconciler. */
  const quotes = createQuotesService(db, {
    payments,
    delivery,
    addresses,
    mailer,
    shopEmail: config.mail.shopEmail,
    publicUrl: config.publicUrl,
    seller: config.seller,
    log: (err) => log(err),
    orderFor: (userId, orderId) => orders.getForUser(userId, orderId),
    refundOrder: (orderId) => refunds.get()(orderId),
    refundNow: (refundId) => refundNowOf.get()(refundId),
  });
  const paidMailsOf = later<(orderId: number) => Promise<void>>('The paid orders’ e-mails');
  const paidMails = jobs?.queue<{ orderId: number }>(
    PAID_MAILS_QUEUE,
    // Woken once the buyer has been answered (decision 0058): the invoice's PDF does not share the answer's CPU.
    { retryLimit: 2, retryDelaySeconds: 30, timeoutSeconds: 120, wakeAfterMs: 500 },
    ({ orderId }) => paidMailsOf.get()(orderId),
  );
  const checkout = createCheckoutService(db, {
    otherPayments: quotes.otherPayments,
    queuePaidMails: paidMails && ((orderId) => paidMails.send({ orderId })),
    payments,
    cart,
    addresses,
    delivery,
    mailer,
    shopEmail: config.mail.shopEmail,
    publicUrl: config.publicUrl,
    log: (err) => log(err),
    stockChanged: () => catalog.invalidate(),
    seller: config.seller,
    exclusive,
    paymentAnswerMs: config.paymentAnswerMs,
  });
  refunds.set((orderId) => checkout.refundOrder(orderId));
  refundNowOf.set((refundId) => checkout.refundNow(refundId));
  paidMailsOf.set((orderId) => checkout.sendPaidMails(orderId));
  /** After the sale (decision 0038): cancellations, returns and the owner's refunds, over the ledger and stock. */
  const afterSale = createAfterSaleService(db, {
    mailer,
    shopEmail: config.mail.shopEmail,
    publicUrl: config.publicUrl,
    log: (err) => log(err),
    stockChanged: () => catalog.invalidate(),
    refundOrder: (orderId) => checkout.refundOrder(orderId),
  });
  return { payments, cart, addresses, orders, checkout, afterSale, quotes };
}

/** The queue of paid orders' e-mails (the buyer's confirmation with its invoice, the shop's notice). */
export const PAID_MAILS_QUEUE = 'order-paid-mails';

/** The PostgreSQL channel on which app processes tell each other that the catalogue or the content changed. */
export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * The tag of the owner's delivery tables (zones, rates, exclusions) on the channel `shopper_changed`: their
 * triggers send it on any change (migration 0039), in every process. The estimates keep what they read of them
 * in the shopper facts' cache (decision 0063) until it is heard.
 */
export const DELIVERY_TAG = 'd';
/** A backstop only: any change of the three tables drops them at once. */
const DELIVERY_KEPT_MS = 60_000;

/** Jobs run on a schedule, once per period across all the shop's processes (see README, "Background work"). */
export const SCHEDULED_JOBS = {
  reconcile: 'payments-reconcile',
  holds: 'stock-holds-expire',
  consultationReminders: 'consultation-reminders',
  reviewMails: 'review-request-mails',
  backup: 'backup-nightly',
} as const;
/** The queue of password reset requests: the job looks the e-mail up and sends the link. */
export const RESET_LINK_QUEUE = 'password-reset-link';
/** How often the day-before consultation reminders are looked for (each booking gets one). */
const CONSULTATION_REMINDERS_SECONDS = 15 * 60;
/** The first reconciler pass runs soon after a start: payments that landed while no process was running are not left waiting. */
const RECONCILE_AT_START_SECONDS = 5;

/** Every business service, built once per process and shared by the API routes and the page loaders. */
export function createServices(
  config: Config,
  database: Database,
  options: {
    mailer?: Mailer;
    log?: (err: unknown, message?: string) => void;
    /** Called in this process after any catalogue or content write (the page cache is dropped here). */
    onCatalogChange?: () => void;
    /** Where images are stored (profile pictures). */
    media: Media;
  },
) {
  const log = options.log ?? (() => {});
  // A write drops this process's caches at once and tells the other processes through PostgreSQL. Rooms show
  // products: a product sold out or deleted must drop the rooms' cached hotspots too (their cache joins below).
  const showProducts: { clearCache(): void }[] = [];
  // A buyer's kept cart page shows her addresses, and her kept pages her saved pieces by their slugs (decision
  // 0042, 0050): a change of her addresses, or of the catalogue, drops them.
  const shopper = later<ShopperFacts>('The shopper’s facts');
  const changed = () => {
    for (const cache of showProducts) cache.clearCache();
    shopper.get().catalogChanged();
    options.onCatalogChange?.();
    void database.notify?.(CATALOG_CHANNEL);
  };
  /** Background jobs in the database (e-mail, the reconciler, hold expiry); started and stopped by the app. */
  const jobs = createJobs(database, { sweepSeconds: config.jobs.sweepSeconds, log });
  const mailer = options.mailer ?? shopMailer(config, database, jobs, log);
  const rateLimits = createRateLimitCounter(database.db);
  const catalog = createCatalogService(database.db, { onInvalidate: changed });
  // A collection's write moves products between collections: the catalogue's cached lists drop too.
  const rooms = createRoomsService(database.db, {
    onInvalidate: () => {
      catalog.clearCache();
      changed();
    },
  });
  showProducts.push(rooms);
  /** Delivery to a pincode: serviceability, freight and windows (the estimate API, pages, checkout, addresses). */
  // The owner's rates and exclusions are on kept pages (a product's delivery window, the cart): a write drops them.
  const delivery = createDeliveryService(database.db, {
    onChange: () => {
      // Dropped here at once; the tables' triggers tell every process, this one included.
      shopper.get().cache.heardChange(DELIVERY_TAG);
      changed();
    },
    keep: async (key, read) => {
      const kept = await shopper.get().cache.read(`delivery ${key}`, async () => ({
        value: await read(),
        tags: [DELIVERY_TAG],
        expires: Date.now() + DELIVERY_KEPT_MS,
      }));
      return kept ?? read();
    },
  });
  const commerce = createCommerceServices(
    config,
    database.db,
    catalog,
    mailer,
    log,
    (key, fn) => database.exclusive(key, fn),
    delivery,
    jobs,
    (userId) => shopper.get().addressesChanged(userId),
  );
  const consultations = createConsultationsService(database.db, mailer, { publicUrl: config.publicUrl, shopEmail: config.mail.shopEmail });
  /** Reviews from verified buyers (decision 0050): a published, hidden or answered one drops the catalogue's reads and the kept pages. */
  const reviews = createReviewsService(database.db, {
    mailer,
    publicUrl: config.publicUrl,
    secret: config.jwtSecret,
    mailAfterDays: config.reviews.mailAfterDays,
    waitForOwner: config.reviews.waitForOwner,
    published: () => catalog.invalidate(),
  });
  // Reset requests are answered once queued; the job looks the e-mail up and sends the link (decision 0034).
  const resetLinkOf = later<(email: string) => Promise<void>>('The reset link’s sender');
  const resetLinks = jobs.queue<{ email: string }>(
    RESET_LINK_QUEUE,
    { retryLimit: 5, retryDelaySeconds: config.jobs.mailRetrySeconds, timeoutSeconds: config.jobs.mailTimeoutSeconds },
    ({ email }) => resetLinkOf.get()(email),
  );
  const accounts = createAccountsService(
    database.db,
    createTokenSigner(config.jwtSecret, config.publicUrl),
    mailer,
    config.publicUrl,
    rateLimits,
    (email) => resetLinks.send({ email }),
  );
  resetLinkOf.set((email) => accounts.sendResetLink(email));
  /** The whole shop copied into one archive every night (decision 0051), and by `npm run backup`. */
  const backups = createBackupService({
    database,
    storage: options.media.storage,
    mediaDir: config.mediaDir,
    settings: config.backup,
    mailer,
    shopEmail: config.mail.shopEmail,
    log,
  });
  const browserSessions = createBrowserSessions(database.db, { secret: config.jwtSecret, secure: config.publicUrl.startsWith('https://') });
  const saved = createSavedService(database.db, catalog);
  const shopperFacts = createShopperFacts({ sessions: browserSessions, cart: commerce.cart, saved, notify: database.notify });
  shopper.set(shopperFacts);
  scheduleJobs(jobs, config, { checkout: commerce.checkout, consultations, reviews, backups });
  return {
    // The settings pages may see (never a secret): the public origin, Google's client id, the social links.
    config: {
      publicUrl: config.publicUrl,
      googleClientId: config.google.clientId ?? null,
      social: config.social,
      /** Where pages load images from (a CDN); null: the shop's own /media/. */
      mediaBaseUrl: config.media.publicUrl ?? null,
    },
    jobs,
    mailer,
    backups,
    /** Runs a write and deletes the images it left unshown (a page action deleting a product, a room, a blog…). */
    releasing: <T>(write: () => Promise<T>): Promise<T> => options.media.releasing(write),
    /** Rate-limit counters shared by every process (PostgreSQL): every limit of the shop counts here. */
    rateLimits,
    catalog,
    /** Rooms with hotspots leading to products, and collections (owner-edited). */
    rooms,
    ...commerce,
    /** Delivery to a pincode: `delivery.estimate({pincode, productSlug?, cartCode?})` for loaders; the owner's exclusions and rates. */
    delivery,
    /** GST tax invoices and credit notes (issued by checkout and refunds), their PDFs and the month's CSV. */
    invoices: createInvoicesService(database.db, config.seller),
    /** The admin panel's own reads and writes: inbox, outbox, overview, product CSV (superusers only, checked by callers). */
    admin: createAdminService(database.db, catalog),
    /** Consultation booking: kinds, hours, slots, bookings and their e-mails (with calendar files), reminders. */
    consultations,
    content: createContentService(database.db, mailer, config.mail.shopEmail, { onInvalidate: changed }),
    /** Checks a Google token with Google (or the configured stand-in) for the pages' sign-in and proofs. */
    verifyGoogle: (token: { id_token?: string; access_token?: string }) => verifyGoogleToken(config.google, token),
    // The pages' uploads, each in its module: photos checked by their bytes, stored, and let go when refused.
    ...profilePictureUpload(options.media, accounts),
    ...bookingPhotoUpload(options.media, consultations),
    ...returnPhotosUpload(options.media, commerce.afterSale),
    ...quoteRequestPhotosUpload(options.media, commerce.quotes),
    ...reviewPhotosUpload(options.media, reviews),
    reviews,
    /** The review page's form, counted with its API twin (five in ten minutes). */
    reviewPageLimit: twinLimit(rateLimits, 'POST', '/api/products/:slug/reviews/', FORM_RATE_LIMIT),
    /** Saved pieces (decision 0050): a visitor's under her cart code, a user's on her account. */
    saved,
    /** Log-in limits of the API and the log-in page alike, counted in the shared store. */
    loginGuard: createLoginGuard(rateLimits),
    /** The sign-up and password-reset pages' limits, counted with their API twins. */
    accountPageLimits: createAccountPageLimits(rateLimits),
    contentPageLimits: createContentPageLimits(rateLimits),
    /** The browser sessions of the shop's own pages (HttpOnly cookie, server-side row). */
    browserSessions,
    /** A shopper's session and cart facts kept in memory for her browsing pages (server/page/shopper-facts.ts). */
    shopperFacts,
    /** What waits for the owner, the panel frame's badges: one statement, kept until one of its tables changes. */
    panelWaiting: createPanelWaiting({ db: database.db, afterSale: commerce.afterSale, quotes: commerce.quotes, cache: shopperFacts.cache }),
    accounts,
  };
}

/** The shop's e-mail: queued in the database and sent by a job, its links signed with the shop's secret. */
function shopMailer(config: Config, database: Database, jobs: Jobs, log: (err: unknown, message?: string) => void): Mailer {
  return createMailer(
    database.db,
    jobs,
    {
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      secret: config.jwtSecret,
      retrySeconds: config.jobs.mailRetrySeconds,
      timeoutSeconds: config.jobs.mailTimeoutSeconds,
    },
    log,
  );
}

/** The jobs run on a schedule, once per period across all the shop's processes (`SCHEDULED_JOBS`). */
function scheduleJobs(
  jobs: Jobs,
  config: Config,
  {
    checkout,
    consultations,
    reviews,
    backups,
  }: { checkout: CheckoutService; consultations: ConsultationsService; reviews: ReviewsService; backups: BackupService },
) {
  jobs.every(SCHEDULED_JOBS.reconcile, config.jobs.reconcileSeconds, () => checkout.reconcilePendingOrders(), {
    atStartAfterSeconds: RECONCILE_AT_START_SECONDS,
  });
  jobs.every(SCHEDULED_JOBS.holds, config.jobs.holdsSeconds, () => checkout.expireHolds(), { timeoutSeconds: 5 * 60 });
  jobs.every(SCHEDULED_JOBS.consultationReminders, CONSULTATION_REMINDERS_SECONDS, () => consultations.sendReminders(), {
    atStartAfterSeconds: RECONCILE_AT_START_SECONDS,
  });
  jobs.every(SCHEDULED_JOBS.reviewMails, config.jobs.reviewMailsSeconds, () => reviews.sendReviewRequests(), {
    atStartAfterSeconds: RECONCILE_AT_START_SECONDS,
  });
  jobs.every(SCHEDULED_JOBS.backup, 24 * 3600, () => backups.nightly(), { offsetSeconds: config.backup.atSecondsUtc, timeoutSeconds: 3 * 3600 });
}

export type Services = ReturnType<typeof createServices>;
export type { AccountUser } from './modules/accounts/accounts.service';
export type { ShellFacts } from './page/facts';
