import { eq } from 'drizzle-orm';
import { newCartCode } from '../../contract/cart';
import { products, users } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import type { TestApp } from '../support/app';
import { keptPaymentId } from '../../server/modules/money/money.service';

/** The payment an order was bought with: its first charge for the order or its advance (the order row keeps none). */
export const keptPayment = (t: TestApp, orderId: number) => keptPaymentId(t.database.db, orderId);

/** An order's row with the payment it was bought with, from the ledger (decision 0045). */
export async function withPayment<T extends { id: number }>(db: Db, row: T): Promise<T & { providerPaymentId: string | null }> {
  return { ...row, providerPaymentId: await keptPaymentId(db, row.id) };
}

let addressCounter = 0;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A client of the API: a guest, or a buyer with an access token; each has its own client address. */
/**
 * How long a test waits for a paid order's e-mails: they are a queued job, which a worker on PostgreSQL picks up
 * at its next poll (every 2 s), not at once.
 */
export const MAIL_WAIT = { timeout: 20_000, interval: 100 };

export function client(t: TestApp, token?: string) {
  const remoteAddress = `10.6.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    patch: (url: string, payload: unknown) => call('PATCH', url, payload),
    del: (url: string, payload: unknown) => call('DELETE', url, payload),
  };
}

/** A customer account made directly in the database (no password hashing: tests need many). */
export async function newBuyer(t: TestApp, name: string) {
  const email = `${name.toLowerCase()}-${newCartCode(6)}@example.in`;
  const [user] = await t.database.db
    .insert(users)
    .values({ username: `${name}${newCartCode(6)}`, email })
    .returning();
  const { access: token } = await t.services.accounts.openSession(user!);
  return { id: user!.id, email, token, api: client(t, token) };
}

/** The test template holds the catalogue only: the shop owner is made here. */
export async function superuserToken(t: TestApp) {
  const [admin] = await t.database.db
    .insert(users)
    .values({ username: `owner${newCartCode(6)}`, email: `owner-${newCartCode(6)}@teakwood.local`, isSuperuser: true })
    .returning();
  return (await t.services.accounts.openSession(admin!)).access;
}

/** A seeded product set to a known price (rupees), stock and finishes. */
export async function stockedProduct(t: TestApp, index: number, options: { price: number; stock: number; finishes?: string[] }) {
  const rows = await t.database.db
    .select()
    .from(products)
    .orderBy(products.id)
    .limit(index + 1)
    .offset(index);
  const product = rows[0]!;
  const [updated] = await t.database.db
    .update(products)
    .set({
      pricePaise: options.price * 100,
      stockKind: 'ready_stock',
      stockQuantity: options.stock,
      reservedQuantity: 0,
      inStock: true,
      finishes: options.finishes ?? ['Natural Teak', 'Walnut'],
    })
    .where(eq(products.id, product.id))
    .returning();
  t.services.catalog.invalidate();
  return updated!;
}

export async function stockOf(t: TestApp, productId: number) {
  const [row] = await t.database.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export const ADDRESS = {
  first_name: 'Ananya',
  last_name: 'Rao',
  email: 'ananya@example.in',
  phone: '+919876543210',
  address_line1: '12 Temple Street',
  address_line2: 'Mylapore',
  city: 'Chennai',
  state: 'Tamil Nadu',
  postal_code: '600004',
  country: 'India',
};
