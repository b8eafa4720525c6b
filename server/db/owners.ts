/**
 * Every table has an owner (decision 0053): the one module that writes it (insert, update, delete), keeping its
 * rules in one place; other modules read it, or ask the owner through its service. A table may name further
 * writers only with the reason they write it. `server/db/owners.test.ts` holds the code to this list: a write from
 * any other module, or a table missing here, fails the test. The demo seed and the command-line tools
 * (`server/db/`, `server/cli.ts`) set a shop up and are not owners.
 *
 * Writers are module folders under `server/modules/`, or `lib/<file>` for the infrastructure in `server/lib/`.
 */
export interface TableOwner {
  owner: string;
  /** Other writers, each with why it writes the table. */
  also?: Record<string, string>;
}

export const TABLE_OWNERS: Record<string, TableOwner> = {
  // Accounts
  users: { owner: 'accounts' },
  sessions: { owner: 'accounts' },
  passwordResetTokens: { owner: 'accounts' },
  rateLimits: { owner: 'lib/rate-limit-store' },
  addresses: { owner: 'checkout' },
  // Catalogue and content
  categories: { owner: 'catalog' },
  subcategories: { owner: 'catalog' },
  products: { owner: 'catalog', also: { stock: 'the stock figures of ready pieces have one writer, the stock module (decision 0037)' } },
  productImages: { owner: 'catalog' },
  productFinishImages: { owner: 'catalog' },
  readyToShip: { owner: 'catalog' },
  searchSynonyms: { owner: 'catalog' },
  searchWords: { owner: 'catalog' },
  collections: { owner: 'rooms' },
  rooms: { owner: 'rooms' },
  roomHotspots: { owner: 'rooms' },
  roomProducts: { owner: 'rooms' },
  blogs: { owner: 'content' },
  testimonials: { owner: 'content' },
  homeBanners: { owner: 'content' },
  promoBanners: { owner: 'content' },
  latestVideos: { owner: 'content' },
  contactMessages: { owner: 'content', also: { admin: "the owner's inbox marks messages read and deletes them" } },
  feedbackMessages: { owner: 'content', also: { admin: "the owner's inbox marks messages read and deletes them" } },
  // The cart and delivery
  carts: { owner: 'cart' },
  cartItems: { owner: 'cart' },
  deliveryZones: { owner: 'delivery' },
  deliveryRates: { owner: 'delivery' },
  deliveryExclusions: { owner: 'delivery' },
  deliveryUnserved: { owner: 'delivery' },
  stockHolds: { owner: 'stock' },
  // Orders and money
  orders: {
    owner: 'orders',
    also: { money: "the payment status moves only through the money module's table of moves (decision 0037)" },
  },
  // Checkout, quotes and the after-sale's replacement make orders through the orders module's `makeOrder` (issue 39).
  orderItems: { owner: 'orders' },
  orderEvents: { owner: 'orders' },
  orderPhotos: { owner: 'orders' },
  charges: { owner: 'money' },
  refunds: { owner: 'money' },
  paymentEvents: {
    owner: 'checkout',
    also: { 'lib/payments': 'the simulated provider records the events it sends, as the real provider sends them to the webhook' },
  },
  invoices: { owner: 'invoices' },
  invoiceCounters: { owner: 'invoices' },
  cancellations: { owner: 'after-sale' },
  returns: { owner: 'after-sale' },
  quoteRequests: { owner: 'quotes' },
  quotes: { owner: 'quotes' },
  quotePayments: { owner: 'quotes' },
  // Consultations
  consultationKinds: { owner: 'consultations' },
  consultationHours: { owner: 'consultations' },
  consultationClosedDates: { owner: 'consultations' },
  consultationSettings: { owner: 'consultations' },
  consultationBookings: { owner: 'consultations' },
  // What buyers say, and the pieces they keep
  productReviews: { owner: 'reviews' },
  reviewPhotos: { owner: 'reviews' },
  reviewVotes: { owner: 'reviews' },
  reviewRequests: { owner: 'reviews' },
  reviewMailOptOuts: { owner: 'reviews' },
  savedPieces: { owner: 'saved' },
  // Backups
  backupRuns: { owner: 'backup' },
  // Mail
  emailOutbox: { owner: 'lib/mailer' },
  emailAttachments: { owner: 'lib/mailer' },
};
