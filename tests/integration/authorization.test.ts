import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, PromoBanner, Testimonial } from '../../contract/content';
import type { Product, ReadyToShipEntry } from '../../contract/catalog';
import { contactMessages, emailOutbox, orders, users } from '../../server/db/schema';
import { ADMIN, createAdminTestApp, CUSTOMER, CUSTOMER_ADDRESS, file, form, jpeg, login, nextAddress, type AdminTestApp } from './admin-support';

/**
 * Walks the server's route table: every write call (POST, PUT, PATCH, DELETE) under /api/ is either on
 * the short list of public or user-level writes below, or superuser-only. A superuser-only call must
 * answer 401 without a token and 403 for a customer, and succeed for a superuser; a write call that is
 * on neither list fails the test, so a new route cannot slip in unguarded.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Writes anyone may call, or any logged-in user for their own data. */
const PUBLIC_OR_USER_WRITES = new Set([
  'POST /api/user/register',
  'POST /api/token',
  'POST /api/token/refresh',
  'POST /api/token/logout',
  'POST /api/auth/google',
  'POST /rest-auth/google',
  'POST /api/password-reset',
  'POST /api/password-reset/confirm',
  'POST /api/change-password',
  'PATCH /api/profile',
  'POST /api/contact',
  'POST /api/feedback',
  // A visitor books a consultation; the slot and the form's limit are checked by the service.
  'POST /api/consultations',
  'POST /api/add_item',
  'PATCH /api/update_quantity',
  'DELETE /api/delete_cartitem',
  'POST /api/addresses',
  'DELETE /api/delete_user_address',
  'POST /api/create_order',
  'POST /api/verify_payment',
  'POST /api/cancel_payment',
  'POST /api/payments/razorpay/webhook',
  // The simulated provider's checkout dialog (no payment keys configured).
  'POST /api/payments/simulated/pay',
  'POST /api/payments/simulated/fail',
  // After the sale (decision 0038): the buyer's own order only (another customer's is a 404).
  'POST /api/orders/:id/cancel',
  'POST /api/orders/:id/returns',
  // A buyer's request for a piece in their size, and their quotes' and orders' advances and balances (decision 0039).
  'POST /api/quote-requests',
  'POST /api/quotes/:id/accept',
  'POST /api/quotes/:id/verify_payment',
  'POST /api/quotes/:id/change',
  'POST /api/orders/:id/pay_balance',
  'POST /api/orders/:id/verify_balance',
  // Reviews (decision 0050): a buyer's own, on pieces delivered to her (another buyer's review is a 404); the
  // review e-mail's signed unsubscribe line; saved pieces by cart code or account.
  'POST /api/products/:slug/reviews',
  'PATCH /api/reviews/:id',
  'DELETE /api/reviews/:id',
  'POST /api/reviews/:id/helpful',
  'POST /api/reviews/unsubscribe',
  'POST /api/saved',
  'DELETE /api/saved',
]);

interface PreparedCall {
  url: string;
  payload?: () => FormData | Record<string, unknown>;
  /** The answer a superuser gets. */
  status: number;
}

/** Lists every route of the app as `METHOD /path` from Fastify's route tree (trailing slashes dropped). */
function routeTable(app: FastifyInstance): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, path: full.replace(/\/$/, '') || '/' });
  }
  return routes;
}

let t: AdminTestApp;
let adminAuth: Record<string, string>;
let customerAuth: Record<string, string>;
let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

async function adminCall<T>(method: 'POST' | 'PATCH', url: string, payload: FormData | Record<string, unknown>): Promise<T> {
  const res = await t.app.inject({ method, url, headers: adminAuth, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json<T>();
}

const image = async () => file(await jpeg());
const newProduct = async () =>
  adminCall<Product>('POST', '/api/products/', form({ name: unique('Walk Product'), price: '1000', category: 'tables', images: await image() }));
const newCategory = async () => adminCall<{ slug: string }>('POST', '/api/categories/', form({ name: unique('Walk Category') }));
const newSubcategory = async () => adminCall<{ slug: string }>('POST', '/api/subcategories/', form({ name: unique('Walk Sub'), category: 'tables' }));

/** How to call each superuser-only write successfully; fixtures are made fresh for each call. */
const SUPERUSER_WRITES: Record<string, () => Promise<PreparedCall>> = {
  'POST /api/products': async () => {
    const bytes = await jpeg();
    return {
      url: '/api/products/',
      payload: () => form({ name: unique('Walk Product'), price: '10', category: 'beds', images: file(bytes) }),
      status: 201,
    };
  },
  'PATCH /api/products/:slug': async () => ({
    url: `/api/products/${(await newProduct()).slug}/`,
    payload: () => form({ price: '20' }),
    status: 200,
  }),
  'DELETE /api/products/:slug': async () => ({ url: `/api/products/${(await newProduct()).slug}/`, status: 204 }),
  'POST /api/categories': async () => ({ url: '/api/categories/', payload: () => form({ name: unique('Walk Category') }), status: 201 }),
  'PUT /api/categories/:slug': async () => ({
    url: `/api/categories/${(await newCategory()).slug}/`,
    payload: () => form({ name: unique('Walk Category') }),
    status: 200,
  }),
  'PATCH /api/categories/:slug': async () => ({
    url: `/api/categories/${(await newCategory()).slug}/`,
    payload: () => form({ description: 'x' }),
    status: 200,
  }),
  'DELETE /api/categories/:slug': async () => ({ url: `/api/categories/${(await newCategory()).slug}/`, status: 204 }),
  'POST /api/subcategories': async () => ({
    url: '/api/subcategories/',
    payload: () => form({ name: unique('Walk Sub'), category: 'beds' }),
    status: 201,
  }),
  'PUT /api/subcategories/:slug': async () => ({
    url: `/api/subcategories/${(await newSubcategory()).slug}/`,
    payload: () => form({ name: unique('Walk Sub'), category: 'tables' }),
    status: 200,
  }),
  'PATCH /api/subcategories/:slug': async () => ({
    url: `/api/subcategories/${(await newSubcategory()).slug}/`,
    payload: () => form({ description: 'x' }),
    status: 200,
  }),
  'DELETE /api/subcategories/:slug': async () => ({ url: `/api/subcategories/${(await newSubcategory()).slug}/`, status: 204 }),
  'POST /api/RTShip': async () => {
    const { slug } = await newProduct();
    return { url: '/api/RTShip/', payload: () => ({ product: slug, MostSold: true }), status: 201 };
  },
  'PATCH /api/RTShip/:id': async () => {
    const entry = await adminCall<ReadyToShipEntry>('POST', '/api/RTShip/', { product: (await newProduct()).slug });
    return { url: `/api/RTShip/${entry.id}/`, payload: () => ({ NewArrival: true }), status: 200 };
  },
  'DELETE /api/RTShip/:id': async () => {
    const entry = await adminCall<ReadyToShipEntry>('POST', '/api/RTShip/', { product: (await newProduct()).slug });
    return { url: `/api/RTShip/${entry.id}/`, status: 204 };
  },
  'POST /api/homebanner': async () => {
    const img = await image();
    return { url: '/api/homebanner/', payload: () => form({ image: img }), status: 201 };
  },
  'DELETE /api/homebanner': async () => {
    await adminCall('POST', '/api/homebanner/', form({ image: await image() }));
    return { url: '/api/homebanner/', status: 204 };
  },
  'POST /api/banners': async () => {
    const img = await image();
    return {
      url: '/api/banners/',
      payload: () => form({ title: 't', description: 'd', price_text: 'p', image_left: img, image_right: img }),
      status: 201,
    };
  },
  'PATCH /api/banners/:id': async () => {
    const img = await image();
    const banner = await adminCall<PromoBanner>(
      'POST',
      '/api/banners/',
      form({ title: 't', description: 'd', price_text: 'p', image_left: img, image_right: img }),
    );
    return { url: `/api/banners/${banner.id}/`, payload: () => form({ title: 'edited' }), status: 200 };
  },
  'DELETE /api/banners/:id': async () => {
    const img = await image();
    const banner = await adminCall<PromoBanner>(
      'POST',
      '/api/banners/',
      form({ title: 't', description: 'd', price_text: 'p', image_left: img, image_right: img }),
    );
    return { url: `/api/banners/${banner.id}/`, status: 204 };
  },
  'POST /api/latest-video': async () => ({
    url: '/api/latest-video/',
    payload: () => ({ youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    status: 201,
  }),
  'DELETE /api/latest-video': async () => {
    await adminCall('POST', '/api/latest-video/', { youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    return { url: '/api/latest-video/', status: 204 };
  },
  'POST /api/testimonials': async () => {
    const img = await image();
    return { url: '/api/testimonials/', payload: () => form({ text: 'Good', name: 'N', image: img }), status: 201 };
  },
  ...Object.fromEntries(
    (['PUT', 'PATCH', 'DELETE'] as const).map((method) => [
      `${method} /api/testimonials/:id`,
      async (): Promise<PreparedCall> => {
        const created = await adminCall<Testimonial>('POST', '/api/testimonials/', form({ text: 'Good', name: 'N', image: await image() }));
        return method === 'DELETE'
          ? { url: `/api/testimonials/${created.id}/`, status: 204 }
          : { url: `/api/testimonials/${created.id}/`, payload: () => form({ text: 'Better', name: 'N' }), status: 200 };
      },
    ]),
  ),
  'POST /api/rooms': async () => ({ url: '/api/rooms/', payload: () => form({ name: unique('Walk Room') }), status: 201 }),
  'PATCH /api/rooms/:slug': async () => {
    const room = await adminCall<{ slug: string }>('POST', '/api/rooms/', form({ name: unique('Walk Room') }));
    return { url: `/api/rooms/${room.slug}/`, payload: () => form({ name: unique('Walk Room') }), status: 200 };
  },
  'DELETE /api/rooms/:slug': async () => {
    const room = await adminCall<{ slug: string }>('POST', '/api/rooms/', form({ name: unique('Walk Room') }));
    return { url: `/api/rooms/${room.slug}/`, status: 204 };
  },
  'POST /api/collections': async () => {
    const id = `walk-${++counter}`;
    return { url: '/api/collections/', payload: () => form({ id, title: 'Walk' }), status: 201 };
  },
  'PATCH /api/collections/:id': async () => {
    const created = await adminCall<{ id: string }>('POST', '/api/collections/', form({ id: `walk-${++counter}`, title: 'Walk' }));
    return { url: `/api/collections/${created.id}/`, payload: () => form({ title: 'Walked' }), status: 200 };
  },
  'DELETE /api/collections/:id': async () => {
    const created = await adminCall<{ id: string }>('POST', '/api/collections/', form({ id: `walk-${++counter}`, title: 'Walk' }));
    return { url: `/api/collections/${created.id}/`, status: 204 };
  },
  // Search words (decision 0034).
  'POST /api/search-synonyms': async () => ({
    url: '/api/search-synonyms/',
    payload: () => ({ term: `walkword${++counter}`, means: 'bed' }),
    status: 201,
  }),
  'DELETE /api/search-synonyms/:id': async () => {
    const created = await adminCall<{ id: number }>('POST', '/api/search-synonyms/', { term: `walkword${++counter}`, means: 'bed' });
    return { url: `/api/search-synonyms/${created.id}/`, status: 204 };
  },
  // Delivery (decision 0030): the owner's exclusions and rate table.
  'POST /api/admin/delivery/exclusions': async () => {
    const from = String(850000 + ++counter * 10);
    return { url: '/api/admin/delivery/exclusions/', payload: () => ({ kind: 'range', pincode_from: from, pincode_to: from }), status: 201 };
  },
  'DELETE /api/admin/delivery/exclusions/:id': async () => {
    const from = String(850000 + ++counter * 10);
    const created = await adminCall<{ id: number }>('POST', '/api/admin/delivery/exclusions/', {
      kind: 'range',
      pincode_from: from,
      pincode_to: from,
    });
    return { url: `/api/admin/delivery/exclusions/${created.id}/`, status: 204 };
  },
  'PUT /api/admin/delivery/rates': async () => {
    const table = (await t.app.inject({ url: '/api/admin/delivery/rates/', headers: adminAuth })).json<Record<string, unknown>>();
    return { url: '/api/admin/delivery/rates/', payload: () => table, status: 200 };
  },
  'POST /api/blogs': async () => {
    const img = await image();
    return { url: '/api/blogs/', payload: () => form({ title: 'T', content: 'C', image: img }), status: 201 };
  },
  'PATCH /api/blogs/:id': async () => {
    const blog = await adminCall<Blog>('POST', '/api/blogs/', form({ title: 'T', content: 'C', image: await image() }));
    return { url: `/api/blogs/${blog.id}/`, payload: () => form({ title: 'T2' }), status: 200 };
  },
  'DELETE /api/blogs/:id': async () => {
    const blog = await adminCall<Blog>('POST', '/api/blogs/', form({ title: 'T', content: 'C', image: await image() }));
    return { url: `/api/blogs/${blog.id}/`, status: 204 };
  },
  'POST /api/admin/messages/:kind/:id/read': async () => {
    const [row] = await t.database.db
      .insert(contactMessages)
      .values({ firstName: 'A', lastName: 'B', email: 'a@example.in', phone: '9876543210', description: 'Hello' })
      .returning({ id: contactMessages.id });
    return { url: `/api/admin/messages/contact/${row!.id}/read/`, status: 200 };
  },
  // This app has no mail server: past the guard, the superuser is told why a failed e-mail cannot be sent again.
  'POST /api/admin/mail/failed/:id/retry': async () => {
    const [row] = await t.database.db
      .insert(emailOutbox)
      .values({ to: 'a@example.in', subject: 'S', text: 'T', status: 'failed', attempts: 5, error: 'refused' })
      .returning({ id: emailOutbox.id });
    return { url: `/api/admin/mail/failed/${row!.id}/retry/`, status: 409 };
  },
  'POST /api/admin/products/import': async () => ({
    url: '/api/admin/products/import/?dry_run=true',
    payload: () => form({ file: file(Buffer.from('slug,price\nwalk-x,10\n'), 'p.csv', 'text/csv') }),
    status: 200,
  }),
  'POST /api/admin/orders/:id/status': async () => {
    const [priya] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER.email));
    const n = ++counter;
    const [order] = await t.database.db
      .insert(orders)
      .values({
        number: `TW-WALK-${n}`,
        userId: priya!.id,
        status: 'paid',
        paymentStatus: 'captured',
        subtotalPaise: 100_000,
        shippingPaise: 50_000,
        totalPaise: 150_000,
        shippingMethod: 'standard',
        provider: 'simulated',
        providerOrderId: `order_walk_${n}`,
        cartFingerprint: `walk${n}`,
        email: CUSTOMER.email,
        address: CUSTOMER_ADDRESS,
        paidAt: new Date(),
      })
      .returning({ id: orders.id });
    return { url: `/api/admin/orders/${order!.id}/status/`, payload: () => ({ status: 'in_production', note: 'Started.' }), status: 200 };
  },
  // An order that is not there: past the guard, the superuser is told so.
  'POST /api/admin/orders/:id/expected-delivery': async () => ({
    url: '/api/admin/orders/999999/expected-delivery/',
    payload: () => ({ from: '2099-01-01', to: '2099-01-08', reason: 'The teak needs to season.' }),
    status: 404,
  }),
  // After the sale (decision 0038): cases and orders that are not there, past the guard.
  'POST /api/admin/orders/:id/refunds': async () => ({
    url: '/api/admin/orders/999999/refunds/',
    payload: () => ({ amount: 10, note: 'A scratch.' }),
    status: 404,
  }),
  // The owner's moderation of reviews (decision 0050): past the guard, a review that is not there.
  'POST /api/admin/reviews/:id/publish': async () => ({ url: '/api/admin/reviews/999999/publish/', status: 404 }),
  'POST /api/admin/reviews/:id/hide': async () => ({ url: '/api/admin/reviews/999999/hide/', status: 404 }),
  'POST /api/admin/reviews/:id/reply': async () => ({
    url: '/api/admin/reviews/999999/reply/',
    payload: () => ({ reply: 'Thank you for the kind words.' }),
    status: 404,
  }),
  'POST /api/admin/returns/:id/decision': async () => ({
    url: '/api/admin/returns/999999/decision/',
    payload: () => ({ decision: 'decline', note: 'Within tolerance.' }),
    status: 404,
  }),
  'POST /api/admin/returns/:id/received': async () => ({ url: '/api/admin/returns/999999/received/', payload: () => ({}), status: 404 }),
  'POST /api/admin/returns/:id/replacement': async () => ({ url: '/api/admin/returns/999999/replacement/', payload: () => ({}), status: 404 }),
  'POST /api/admin/cancellation-requests/:id/decision': async () => ({
    url: '/api/admin/cancellation-requests/999999/decision/',
    payload: () => ({ decision: 'decline', note: 'Already cut.' }),
    status: 404,
  }),
  // A request that is not there, a quote that is not there: past the guard, the superuser is told so.
  'POST /api/admin/quotes': async () => ({
    url: '/api/admin/quotes/',
    payload: () => ({ request: 999999, lines: [{ piece: 'Bed', price: 100 }], delivery: 0, production_weeks: 4 }),
    status: 404,
  }),
  'POST /api/admin/quotes/:id/send': async () => ({ url: '/api/admin/quotes/999999/send/', status: 404 }),
};

beforeAll(async () => {
  t = await createAdminTestApp();
  adminAuth = await login(t, ADMIN);
  customerAuth = await login(t, CUSTOMER);
});
afterAll(() => t.close());

describe('the route table walk', () => {
  it('finds the routes of the app, including the write calls of the catalogue and content', () => {
    const table = routeTable(t.app).map((r) => `${r.method} ${r.path}`);
    expect(table).toEqual(
      expect.arrayContaining(['GET /api/products', 'POST /api/products', 'PATCH /api/products/:slug', 'DELETE /api/blogs/:id', 'POST /api/token']),
    );
  });

  it('classifies every write call: public or user-level, or superuser-only and guarded', async () => {
    const writes = routeTable(t.app).filter(
      (r) => WRITE_METHODS.has(r.method) && (r.path.startsWith('/api/') || r.path.startsWith('/rest-auth/')) && !r.path.includes('*'),
    );
    expect(writes.length).toBeGreaterThan(30);

    const unclassified: string[] = [];
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path } of writes) {
      const key = `${method} ${path}`;
      const adminOnly = path.startsWith('/api/admin/');
      if (PUBLIC_OR_USER_WRITES.has(key) && !adminOnly) continue;
      const prepare = SUPERUSER_WRITES[key];
      if (!prepare) {
        unclassified.push(key);
        continue;
      }
      const call = await prepare();
      const inject = (headers: Record<string, string>) =>
        t.app.inject({
          method: method as 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          url: call.url,
          headers,
          remoteAddress: nextAddress(),
          ...(call.payload ? { payload: call.payload() } : {}),
        });
      const anonymous = await inject({});
      if (anonymous.statusCode !== 401) failures.push(`${key} without a token: ${anonymous.statusCode} ${anonymous.body}`);
      const customer = await inject(customerAuth);
      if (customer.statusCode !== 403) failures.push(`${key} as a customer: ${customer.statusCode} ${customer.body}`);
      else expect(customer.json()).toMatchObject({ code: 'forbidden' });
      const superuser = await inject(adminAuth);
      if (superuser.statusCode !== call.status) failures.push(`${key} as the superuser: ${superuser.statusCode} ${superuser.body}`);
      checked++;
    }
    expect(unclassified, 'write routes that are neither allow-listed as public/user-level nor in the superuser table').toEqual([]);
    expect(failures).toEqual([]);
    // A stale entry (a route renamed or removed) fails too, so the table stays the truth.
    const present = new Set(writes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(SUPERUSER_WRITES).filter((k) => !present.has(k))).toEqual([]);
    expect(checked).toBe(Object.keys(SUPERUSER_WRITES).length);
  });

  it('guards the admin panel’s reads too', async () => {
    const reads = routeTable(t.app).filter((r) => r.method === 'GET' && r.path.startsWith('/api/admin/') && !r.path.includes(':'));
    expect(reads.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/admin/messages',
        '/api/admin/outbox',
        '/api/admin/mail/failed',
        '/api/admin/overview',
        '/api/admin/products.csv',
      ]),
    );
    for (const { path } of reads) {
      expect((await t.app.inject({ url: `${path}${path.endsWith('.csv') ? '' : '/'}` })).statusCode, path).toBe(401);
      expect((await t.app.inject({ url: `${path}${path.endsWith('.csv') ? '' : '/'}`, headers: customerAuth })).statusCode, path).toBe(403);
      expect((await t.app.inject({ url: `${path}${path.endsWith('.csv') ? '' : '/'}`, headers: adminAuth })).statusCode, path).toBe(200);
    }
  });
});
