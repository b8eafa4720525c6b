import type { OrderStatus } from '../../contract/orders';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMessage, AdminMessagesPage, ImportReport, OutboxPage, Overview } from '../../contract/admin';
import type { Product } from '../../contract/catalog';
import { charges, contactMessages, feedbackMessages, orders, products, users } from '../../server/db/schema';
import { parseCsv } from '../../server/modules/admin/csv';
import { ADMIN, createAdminTestApp, CUSTOMER, CUSTOMER_ADDRESS, file, form, login, nextAddress, snapshot, type AdminTestApp } from './admin-support';

let t: AdminTestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createAdminTestApp();
  auth = await login(t, ADMIN);
});
afterAll(() => t.close());

const adminGet = async <T>(url: string) => {
  const res = await t.app.inject({ url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('messages and outbox', () => {
  /** A contact request and a feedback, from addresses no other test uses: each test finds its own. */
  const sendMessages = async (tag: string) => {
    const contact = {
      first_name: 'Meera',
      last_name: `Iyer ${tag}`,
      email: `meera.${tag}@example.in`,
      phone: '+91 98765 43210',
      description: 'A dining set, please.',
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact/', payload: contact, remoteAddress: nextAddress() })).statusCode).toBe(201);
    const feedback = { user_email: `ravi.${tag}@example.in`, user_message: `Lovely site (${tag}).` };
    expect((await t.app.inject({ method: 'POST', url: '/api/feedback/', payload: feedback, remoteAddress: nextAddress() })).statusCode).toBe(201);
    return { contact: contact.email, feedback: feedback.user_email };
  };

  it('lists contact requests and feedback newest first, and marks them read', async () => {
    const before = await adminGet<AdminMessagesPage>('/api/admin/messages/');
    const sent = await sendMessages('messages');
    const ours = (page: AdminMessagesPage) => page.results.filter((m) => m.email === sent.contact || m.email === sent.feedback);

    const page = await adminGet<AdminMessagesPage>('/api/admin/messages/');
    expect(page.count).toBe(before.count + 2);
    expect(page.unread).toBe(before.unread + 2);
    expect(page.results.slice(0, 2).map((m) => m.kind)).toEqual(['feedback', 'contact']);
    expect(ours(page).map((m) => m.kind)).toEqual(['feedback', 'contact']);
    expect(page.results[1]).toMatchObject({
      name: 'Meera Iyer messages',
      email: sent.contact,
      phone: '+91 98765 43210',
      message: 'A dining set, please.',
      read_at: null,
    });

    const contactId = page.results[1]!.id;
    const read = await t.app.inject({ method: 'POST', url: `/api/admin/messages/contact/${contactId}/read/`, headers: auth });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<AdminMessage>().read_at).not.toBeNull();
    const unreadPage = await adminGet<AdminMessagesPage>('/api/admin/messages/?unread=true&limit=500');
    expect(ours(unreadPage).map((m) => m.kind)).toEqual(['feedback']);
    expect(unreadPage.results.every((m) => m.read_at === null)).toBe(true);
    const contacts = await adminGet<AdminMessagesPage>('/api/admin/messages/?kind=contact&limit=500');
    expect(ours(contacts).map((m) => m.id)).toEqual([contactId]);
    expect(contacts.results.every((m) => m.kind === 'contact')).toBe(true);

    const unread = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/contact/${contactId}/read/`,
      headers: auth,
      payload: { read: false },
    });
    expect(unread.json<AdminMessage>().read_at).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/messages/contact/999999/read/', headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/messages/letters/1/read/', headers: auth })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/messages/?kind=letters', headers: auth })).statusCode).toBe(400);
  });

  it('shows what the shop e-mailed, newest first', async () => {
    // Its own two mails: the feedback is written after the enquiry, so it is listed before it.
    await sendMessages('outbox');
    const outbox = await adminGet<OutboxPage>('/api/admin/outbox/?limit=500');
    expect(outbox.count).toBeGreaterThanOrEqual(2);
    const feedback = outbox.results.findIndex((m) => m.subject === 'Feedback from ravi.outbox@example.in');
    const enquiry = outbox.results.findIndex((m) => m.subject === 'New enquiry from Meera Iyer outbox');
    expect(feedback).toBeGreaterThanOrEqual(0);
    expect(enquiry).toBeGreaterThan(feedback);
    expect(outbox.results[feedback]).toMatchObject({ status: 'kept', error: null });
    expect(outbox.results[feedback]!.text).toContain('Lovely site (outbox).');
    // A page of one, at the enquiry's place in the list, is the enquiry.
    expect((await adminGet<OutboxPage>(`/api/admin/outbox/?limit=1&offset=${enquiry}`)).results[0]!.subject).toBe(
      'New enquiry from Meera Iyer outbox',
    );
  });

  it('is for superusers only', async () => {
    const customer = await login(t, CUSTOMER);
    for (const url of ['/api/admin/messages/', '/api/admin/outbox/', '/api/admin/overview/', '/api/admin/products.csv']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ url, headers: customer })).statusCode, url).toBe(403);
    }
  });
});

describe('overview', () => {
  it('counts paid orders and revenue per day over the last 30 days, and what needs attention', async () => {
    const db = t.database.db;
    const [priya] = await db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER.email));
    const day = 86_400_000;
    const now = Date.now();
    let n = 0;
    const order = (status: OrderStatus, totalPaise: number, paidAgoDays: number | null, createdAgoDays = paidAgoDays ?? 0) => ({
      number: `TW-TEST-${++n}`,
      userId: priya!.id,
      status,
      paymentStatus: paidAgoDays === null ? ('created' as const) : ('captured' as const),
      subtotalPaise: totalPaise - 50_000,
      shippingPaise: 50_000,
      totalPaise,
      shippingMethod: 'standard' as const,
      provider: 'simulated',
      providerOrderId: `order_test_${n}`,
      cartFingerprint: `fp${n}`,
      email: CUSTOMER.email,
      address: CUSTOMER_ADDRESS,
      paidAt: paidAgoDays === null ? null : new Date(now - paidAgoDays * day),
      createdAt: new Date(now - createdAgoDays * day),
    });
    const made = await db
      .insert(orders)
      .values([
        order('paid', 1_000_000, 0),
        order('in_production', 2_000_000, 0),
        order('delivered', 5_500_000, 10),
        order('shipped', 700_000, 28.5),
        order('pending', 9_900_000, null),
        order('cancelled', 8_800_000, 3),
        order('delivered', 1_234_500, 45),
      ])
      .returning();
    // Revenue is what was received less what was refunded: the order in production is part paid (an advance of
    // ₹8,000 of ₹20,000), ₹5,000 of the one delivered ten days ago was given back.
    const received: Record<number, [number, number]> = {
      0: [1_000_000, 0],
      1: [800_000, 0],
      2: [5_500_000, 500_000],
      3: [700_000, 0],
      5: [8_800_000, 8_800_000],
      6: [1_234_500, 0],
    };
    await db.insert(charges).values(
      Object.entries(received).map(([i, [amount, refunded]]) => ({
        orderId: made[Number(i)]!.id,
        purpose: Number(i) === 1 ? ('advance' as const) : ('order' as const),
        provider: 'simulated',
        providerOrderId: made[Number(i)]!.providerOrderId,
        providerPaymentId: `pay_overview_${made[Number(i)]!.id}`,
        amountPaise: amount,
        refundedPaise: refunded,
        idempotencyKey: `capture:pay_overview_${made[Number(i)]!.id}`,
      })),
    );
    await db
      .update(products)
      .set({ inStock: false })
      .where(eq(products.slug, (await db.select({ slug: products.slug }).from(products).limit(1))[0]!.slug));
    // A counted piece whose last two are held for buyers paying now has nothing left to sell: it needs attention too.
    const [counted] = await db.select({ id: products.id }).from(products).where(eq(products.inStock, true)).limit(1);
    await db.update(products).set({ stockKind: 'ready_stock', stockQuantity: 2, reservedQuantity: 2 }).where(eq(products.id, counted!.id));
    const all = await db.select().from(products);
    const outOfStock = all.filter((p) => !p.inStock || (p.stockKind === 'ready_stock' && p.stockQuantity - p.reservedQuantity <= 0)).length;
    expect(all.filter((p) => !p.inStock).length).toBeLessThan(outOfStock);
    const [{ unread } = { unread: 0 }] = await db.select({ unread: count() }).from(contactMessages);
    const [{ unreadFeedback } = { unreadFeedback: 0 }] = await db.select({ unreadFeedback: count() }).from(feedbackMessages);

    const overview = await adminGet<Overview>('/api/admin/overview/');
    expect(overview.days).toHaveLength(30);
    const today = new Date(now + 330 * 60_000).toISOString().slice(0, 10);
    expect(overview.days.at(-1)).toEqual({ date: today, orders: 2, revenue_paise: 1_800_000 });
    expect(overview.totals).toEqual({ orders: 4, revenue_paise: 7_500_000 });
    expect(overview.days.filter((d) => d.orders > 0)).toHaveLength(3);
    expect(overview.attention).toEqual({ orders_waiting: 2, unread_messages: unread + unreadFeedback, out_of_stock: outOfStock, failed_mail: 0 });
    expect(outOfStock).toBeGreaterThan(0);
  });
});

describe('product CSV', () => {
  const importCsv = (csv: string, dryRun: boolean) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/products/import/?dry_run=${dryRun}`,
      headers: auth,
      payload: form({ file: file(Buffer.from(csv), 'products.csv', 'text/csv') }),
    });

  it('exports every product and imports the export unchanged', async () => {
    const res = await t.app.inject({ url: '/api/admin/products.csv', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parseCsv(res.body);
    const [{ total } = { total: 0 }] = await t.database.db.select({ total: count() }).from(products);
    expect(records).toHaveLength(total + 1);
    expect(records[0]!.cells.slice(0, 5)).toEqual(['slug', 'name', 'description', 'price', 'category']);

    const before = await snapshot(t);
    const dry = await importCsv(res.body, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json<ImportReport>();
    expect(report).toMatchObject({ dry_run: true, applied: false, summary: { create: 0, update: 0, unchanged: total, error: 0 } });
    const real = await importCsv(res.body, false);
    expect(real.json<ImportReport>()).toMatchObject({ applied: true, summary: { unchanged: total, error: 0 } });
    expect(await snapshot(t)).toEqual(before);
  });

  it('dry-runs changes with every row’s error, refuses a file with errors whole, and applies a clean one', async () => {
    const public0 = await t.app.inject({ url: '/api/products/?category=beds' });
    const bed = public0.json<Product[]>()[0]!;
    const header = 'slug,name,price,category,subcategory,description,dimensions,finishes';
    const lines = [
      header,
      `${bed.slug},${bed.name},12345.67,beds,${bed.subcategory?.slug ?? ''},"Now with ""quotes"", commas and\na new line",{},[]`,
      `,Import Stool,999,tables,,'=SUM(A1) stays text,"{""height"": 45}","[""Natural""]"`,
      `,No Price,,tables,,,,`,
      `,Bad Json,10,tables,,,{oops,[]`,
      `,Wrong Category,10,no-such,,,,`,
    ];
    const before = await snapshot(t);
    const dry = await importCsv(lines.join('\r\n'), true);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json<ImportReport>();
    expect(report.summary).toEqual({ create: 1, update: 1, unchanged: 0, error: 3 });
    expect(report.rows[0]).toMatchObject({ line: 2, slug: bed.slug, action: 'update' });
    expect(report.rows[0]!.changes).toEqual(expect.arrayContaining(['price', 'description']));
    expect(report.rows[1]).toMatchObject({ line: 4, slug: 'import-stool', action: 'create' });
    expect(report.rows[2]).toMatchObject({ line: 5, action: 'error', errors: { price: ['Valid price is required'] } });
    expect(report.rows[3]).toMatchObject({ line: 6, action: 'error', errors: { dimensions: ['Invalid JSON format'] } });
    expect(report.rows[4]).toMatchObject({ line: 7, action: 'error', errors: { category: ['Choose an existing category.'] } });
    expect(await snapshot(t)).toEqual(before);

    const refused = await importCsv(lines.join('\n'), false);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: 'Nothing was imported: 3 rows have errors. Fix them (a dry run lists them) and import again.',
      errors: { 'line 5: price': ['Valid price is required'], 'line 6: dimensions': ['Invalid JSON format'] },
    });
    expect(await snapshot(t)).toEqual(before);
    expect((await t.app.inject({ url: `/api/products/${bed.slug}/` })).json<Product>().price).toBe(bed.price);

    const applied = await importCsv(lines.slice(0, 3).join('\n'), false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ImportReport>()).toMatchObject({ dry_run: false, applied: true, summary: { create: 1, update: 1, error: 0 } });
    // The public (cached) reads show the import at once.
    const updated = (await t.app.inject({ url: `/api/products/${bed.slug}/` })).json<Product>();
    expect(updated).toMatchObject({ price: 12345.67, description: 'Now with "quotes", commas and\na new line', images: bed.images });
    const stool = (await t.app.inject({ url: '/api/products/import-stool/' })).json<Product>();
    expect(stool).toMatchObject({
      name: 'Import Stool',
      price: 999,
      category: { slug: 'tables' },
      description: '=SUM(A1) stays text',
      dimensions: { height: 45 },
      finishes: ['Natural'],
    });
    expect((await t.app.inject({ url: '/api/products/?category=tables' })).json<Product[]>().some((p) => p.slug === 'import-stool')).toBe(true);

    // The formula guard survives the round trip.
    const csv = (await t.app.inject({ url: '/api/admin/products.csv', headers: auth })).body;
    expect(csv).toContain(`'=SUM(A1) stays text`);
    expect((await importCsv(csv, true)).json<ImportReport>().summary).toMatchObject({ update: 0, create: 0, error: 0 });
  });

  it('refuses files it cannot read, changing nothing', async () => {
    const before = await snapshot(t);
    const cases: [string | Buffer, string][] = [
      ['', 'The file is empty. Start from the CSV export.'],
      ['slug,colour\nx,red', 'Unknown column “colour”.'],
      ['slug,name\n"open', 'a quoted field is not closed'],
      [Buffer.from([0x73, 0x6c, 0x75, 0x67, 0x0a, 0xff, 0xfe]), 'not UTF-8'],
      ['slug,name', 'no product rows'],
    ];
    for (const [content, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/products/import/?dry_run=true',
        headers: auth,
        payload: form({ file: file(Buffer.from(content), 'p.csv', 'text/csv') }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ errors: { file: string[] } }>().errors.file[0]).toContain(message);
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/products/import/', headers: auth, payload: form({ dry_run: 'x' }) });
    expect(none.json()).toMatchObject({ errors: { file: ['Choose a CSV file to import.'] } });
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import/?dry_run=false',
      headers: auth,
      payload: form({ file: file(Buffer.alloc(2 * 1024 * 1024 + 1, 0x61), 'p.csv', 'text/csv') }),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(await snapshot(t)).toEqual(before);
  });
});
