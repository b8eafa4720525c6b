import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, QuoteRequest } from '../../contract/quotes';
import type { Order } from '../../contract/orders';
import { blogs, categories, collections, emailOutbox, products, rooms, subcategories } from '../../server/db/schema';
import routes from '../../web/routes';
import { ROOT } from '../support/paths';
import { cookieOf, visible, withoutAddresses } from './page-reading';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ADMIN, CUSTOMER, createAdminTestApp, form, png, type AdminTestApp } from './admin-support';
import { afterSaleKit } from './after-sale-helpers';
import { client, superuserToken } from './checkout-helpers';

/**
 * Every page the shop renders, walked as a guest, a buyer with orders of each shape and the owner (issue 40): no
 * sum in the old "Rs." format outside the spec's own sentences, no ISO date, no internal id. The pages are read from
 * `web/routes.ts` itself, so a page added later is walked too, or named below with the reason it is not.
 */

/** The spec's own sentences that write "Rs." (storefront.md: the home page's category banners). */
const SPEC_RS = [/Bed sets start from Rs\. 49,999/g, /Single Chair Sofa starts from Rs\. 8,999/g, /Dining Table sets start from Rs\. 49,999/g];
const RS = /Rs\.?\s?\d/;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
/** Our own rows' numbers ("return 12", "quote 5", "id 7"); the provider's references (pay_…, rfnd_…) are the owner's to quote. */
const INTERNAL_ID =
  /\b(order|Order|return|Return|quote|Quote|request|payment) (id )?#?\d+\b(?! (January|February|March|April|May|June|July|August|September|October|November|December)\b)|\bid:? \d+\b/;

/** A phone's browser, as the shop's visitors ask (a crawler is always sent the whole page). */
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/** Routes that are not pages a person reads: actions without a page, data-only answers, the log-out's redirect. */
const NOT_PAGES: Record<string, string> = {
  'routes/dashboard.product-choices.ts': "data for the owner's product picker (JSON)",
  'routes/dashboard.product.ts': "the whole product for the owner's editor (JSON)",
  'routes/checkout.tsx': 'the payment step: an action',
  'routes/quote-pay.tsx': "a quote's payment step: an action",
  'routes/saved-slugs.ts': "the hearts' save and let-go: an action",
  'routes/logout.tsx': 'a redirect to the home page',
};

interface RouteEntry {
  path?: string;
  file: string;
  index?: boolean;
  children?: RouteEntry[];
}

/** Every route's full path and file, from the app's own route table. */
function walk(entries: RouteEntry[], prefix = ''): { path: string; file: string }[] {
  return entries.flatMap((r) => {
    const here = r.path ? `${prefix}/${r.path}`.replace(/\/+/g, '/') : prefix || '/';
    const self = r.path !== undefined || r.index ? [{ path: here || '/', file: r.file }] : [];
    return [...self, ...walk(r.children ?? [], r.path ? here : prefix)];
  });
}

function misread(text: string): string | null {
  const spoken = SPEC_RS.reduce((s, re) => s.replace(re, ''), withoutAddresses(text));
  for (const [what, re] of [
    ['a sum in Rs.', RS],
    ['an ISO date', ISO_DATE],
    ['an internal id', INTERNAL_ID],
  ] as const) {
    const m = spoken.match(re);
    if (m) return `${what}: “…${spoken.slice(Math.max(0, m.index! - 60), m.index! + 60)}…”`;
  }
  return null;
}

describe('every page the shop renders reads ₹, India dates and no internal id', () => {
  const BUILD = path.join(ROOT, 'build');
  let t: AdminTestApp;
  let fake: FakeRazorpay;
  beforeAll(async () => {
    if (!existsSync(path.join(BUILD, 'server', 'index.js'))) throw new Error('These pages render the built web app: run `npm run build` first.');
    fake = await startFakeRazorpay();
    t = await createAdminTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in' }, { webBuildDir: BUILD });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('as a guest, a buyer with a paid, a cancelled, a returned and a quoted order, and the owner', async () => {
    const token = await superuserToken(t);
    const kit = afterSaleKit(t, fake, token);
    const access = (await t.app.inject({ method: 'POST', url: '/api/token/', payload: CUSTOMER })).json<{ access: string }>().access;
    const priya = { id: 0, email: CUSTOMER.email, token: access, api: client(t, access) };

    // Orders of each shape: paid and in the workshop, cancelled with a fee, delivered and returned with a refund.
    const paid = await kit.paidOrder(priya, 40, { price: 42_500, madeToOrder: true });
    const cancelled = await kit.paidOrder(priya, 41, { price: 3_000, hsn: '6302' });
    expect((await priya.api.post(`/api/orders/${cancelled.row.id}/cancel/`, { reason: 'changed_mind' })).statusCode).toBeLessThan(300);
    const returned = await kit.paidOrder(priya, 42, { price: 18_000 });
    await kit.moveTo(returned.row.id, ['ready_to_dispatch', 'shipped', 'delivered']);
    const delivered = (await priya.api.get(`/api/orders/${returned.row.id}/`)).json<Order>();
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${returned.row.id}/returns/`,
      headers: { authorization: `Bearer ${access}` },
      payload: form({ reason: 'wrong_piece', description: 'Not what I ordered.', items: String(delivered.items[0]!.id) }) as unknown as Record<
        string,
        string
      >,
    });
    expect(made.statusCode, made.body).toBe(201);
    const decided = await kit.owner.post(`/api/admin/returns/${made.json<{ id: number }>().id}/decision/`, {
      decision: 'accept',
      note: 'Sorry.',
      piece: 'keep',
    });
    expect(decided.statusCode, decided.body).toBe(200);

    // A quote asked for, priced and sent.
    const [bed] = await t.database.db
      .update(products)
      .set({ customizable: true, stockKind: 'made_to_order', dimensions: { length: 200, breadth: 160, height: 90 }, finishes: ['Walnut'] })
      .where(eq(products.id, paid.piece.id))
      .returning();
    t.services.catalog.invalidate();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests/',
      headers: { authorization: `Bearer ${access}` },
      payload: form({
        product: bed!.slug,
        length: '180',
        breadth: '160',
        height: '90',
        finish: 'Walnut',
        pincode: '600004',
        photos: { bytes: await png(), filename: 'room.png', type: 'image/png' },
      }) as unknown as Record<string, string>,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const priced = await kit.owner.post('/api/admin/quotes/', {
      request: asked.json<QuoteRequest>().id,
      lines: [{ piece: 'The bed in your size', dimensions: '180 × 160 × 90 cm', finish: 'Walnut', price: 60_000 }],
      delivery: 2_000,
      production_weeks: 6,
    });
    expect(priced.statusCode, priced.body).toBe(201);
    const quote = priced.json<Quote>();
    expect((await kit.owner.post(`/api/admin/quotes/${quote.id}/send/`, {})).statusCode).toBe(200);

    // The values each page's address needs, from the shop's own rows.
    const db = t.database.db;
    const [category] = await db.select().from(categories).orderBy(categories.id).limit(1);
    const [subcategory] = await db.select().from(subcategories).orderBy(subcategories.id).limit(1);
    const [room] = await db.select().from(rooms).orderBy(rooms.id).limit(1);
    const [collection] = await db.select().from(collections).orderBy(collections.id).limit(1);
    const [blog] = await db.select().from(blogs).orderBy(blogs.id).limit(1);
    const piece = bed!.slug;
    const addresses: Record<string, string[]> = {
      '/': ['/'],
      '/shop': ['/shop', `/shop?category=${category!.slug}`],
      '/search': ['/search?q=teak'],
      '/RDship': ['/RDship'],
      '/Category/:category': [`/Category/${category!.slug}`],
      '/Subcategory': [`/Subcategory?subcategory=${subcategory?.slug ?? ''}`],
      '/product/:slug': [`/product/${piece}`, `/product/${returned.piece.slug}`],
      '/product/:slug/review': [`/product/${returned.piece.slug}/review`],
      '/saved': ['/saved'],
      '/reviews/unsubscribe': ['/reviews/unsubscribe'],
      '/room/:slug?': ['/room', ...(room ? [`/room/${room.slug}`] : [])],
      '/collect': [`/collect?collection=${collection?.id ?? ''}`],
      '/collections': ['/collections'],
      '/blogs/:id': [`/blogs/${blog?.id ?? 1}`],
      '/contact': ['/contact'],
      '/design_solution': ['/design_solution'],
      '/Bfurniture': ['/Bfurniture'],
      '/book-consultation': ['/book-consultation'],
      '/consultation': ['/consultation'],
      '/page': ['/page', '/page?target=terms', '/page?target=store'],
      '/faq': ['/faq'],
      '/shipping-delivery': ['/shipping-delivery'],
      '/terms': ['/terms'],
      '/orderstatus': ['/orderstatus', `/orderstatus?number=${paid.row.number}&email=${encodeURIComponent(CUSTOMER.email)}`],
      '/cart': ['/cart'],
      '/orderaddress': ['/orderaddress'],
      '/order-confirmation/:orderId?': [`/order-confirmation/${paid.row.id}`],
      '/orderdetails': ['/orderdetails'],
      '/request-quote': [`/request-quote?product=${piece}`],
      '/quotes/:id?': ['/quotes', `/quotes/${quote.id}`],
      '/signup': ['/signup'],
      '/login': ['/login'],
      '/forgot-password': ['/forgot-password'],
      '/reset-password': ['/reset-password'],
      '/profile': ['/profile'],
      '/*': ['/no-such-page'],
      '/dashboard': ['/dashboard'],
      '/dashboard/orders/:id': [paid, cancelled, returned].map((o) => `/dashboard/orders/${o.row.id}`),
      '/dashboard/*': ['/dashboard/no-such-section'],
    };
    const table = walk(routes);
    const pages: string[] = [];
    const unwalked: string[] = [];
    for (const r of table) {
      if (NOT_PAGES[r.file]) continue;
      const urls = addresses[r.path] ?? (r.path.startsWith('/dashboard/') && !r.path.includes(':') ? [r.path] : null);
      if (!urls) unwalked.push(`${r.path} (${r.file})`);
      else pages.push(...urls);
    }
    // A page added to the app is walked here too: give it an address above, or a reason in NOT_PAGES.
    expect(unwalked).toEqual([]);
    expect(pages.length).toBeGreaterThan(55);

    const buyer = await cookieOf(t, CUSTOMER);
    const owner = await cookieOf(t, ADMIN);
    const found: string[] = [];
    const streamed: string[] = [];
    for (const url of pages) {
      const who: [string, string | undefined][] = url.startsWith('/dashboard')
        ? [['the owner', owner]]
        : [
            ['a guest', undefined],
            ['the buyer', buyer],
          ];
      for (const [name, cookie] of who) {
        const res = await t.app.inject({ url, headers: { 'user-agent': PHONE, ...(cookie ? { cookie } : {}) } });
        // A page answers, sends to the log-in, or says it is not there; never an error of the shop's own.
        expect([200, 302, 303, 404], `${url} as ${name}: ${res.statusCode}`).toContain(res.statusCode);
        if (res.statusCode !== 200 && res.statusCode !== 404) continue;
        // No page waits on data: each is rendered whole and goes out in one piece, with its length (decision 0064).
        if (res.headers['content-length'] === undefined) streamed.push(`${url} as ${name}`);
        const wrong = misread(visible(res.body));
        if (wrong) found.push(`${url} as ${name}: ${wrong}`);
      }
    }
    const mails = await db.select().from(emailOutbox);
    expect(mails.length).toBeGreaterThan(5);
    for (const m of mails) {
      const wrong = misread(`${m.subject}\n${m.text}`);
      if (wrong) found.push(`e-mail “${m.subject}”: ${wrong}`);
    }
    expect(found).toEqual([]);
    expect(streamed).toEqual([]);
    // Orders of every shape, then every page as four people: 21 s alone, past 30 s beside another file on a busy machine.
  }, 120_000);
});
