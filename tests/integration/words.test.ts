import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelledStory, returnStory, type ReturnCase } from '../../contract/after-sale';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse, Order } from '../../contract/orders';
import type { Quote, QuoteRequest } from '../../contract/quotes';
import { emailOutbox, orders, products } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { ROOT } from '../support/paths';
import { cookieOf, visible, withoutAddresses } from './page-reading';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ADMIN, CUSTOMER, createAdminTestApp, form, png, type AdminTestApp } from './admin-support';
import { afterSaleKit, type Buyer } from './after-sale-helpers';
import { ADDRESS, client, newBuyer, stockedProduct, superuserToken } from './checkout-helpers';

const DAY = 86_400_000;
/** What no sentence the shop writes may hold: the old money format, an ISO date, an internal id. */
const RS = /Rs\.?\s?\d/;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const INTERNAL_ID = /\b(return|Return|quote|request) \d+\b|\bid \d+/;

/** Every figure, date and word as a person reads it (issue 40): refunds told whole, the owner told what waits. */
describe('how the shop writes sums, dates and decisions', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let kit: ReturnType<typeof afterSaleKit>;
  let owner: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in' });
    const token = await superuserToken(t);
    owner = { authorization: `Bearer ${token}` };
    kit = afterSaleKit(t, fake, token);
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  /** A delivered order of two pieces: a chair at 30,000 and a table at 50,000. */
  async function deliveredPair(buyer: Buyer) {
    const chair = await stockedProduct(t, 60, { price: 30_000, stock: 5 });
    const table = await stockedProduct(t, 61, { price: 50_000, stock: 5 });
    const code = newCartCode();
    for (const piece of [chair, table]) {
      const added = await buyer.api.post('/api/add_item/', { cart_code: code, product_id: piece.id, quantity: 1 });
      expect(added.statusCode, added.body).toBe(201);
    }
    const created = (await buyer.api.post('/api/create_order/', { cart_code: code })).json<CreateOrderResponse>();
    const paid = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...fake.pay(created.order_id).response, address: ADDRESS });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, created.order_id));
    await kit.moveTo(row!.id, ['ready_to_dispatch', 'shipped', 'delivered']);
    const order = (await buyer.api.get(`/api/orders/${row!.id}/`)).json<Order>();
    return { row: row!, order, chairLine: order.items.find((i) => i.product.name === chair.name)!.id! };
  }

  /** The buyer's report as her browser sends it: multipart. */
  const report = (buyer: Buyer, orderId: number, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns/`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: form(fields) as unknown as Record<string, string>,
    });

  it('a return of one piece of two refunds at most that piece, amounts typed as Indian write them, and the buyer who keeps the piece reads no pickup', async () => {
    const buyer = await newBuyer(t, 'Keeps');
    const { row, chairLine } = await deliveredPair(buyer);
    const reported = await report(buyer, row.id, {
      reason: 'wrong_finish',
      description: 'The chair came in the wrong finish.',
      items: String(chairLine),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const made = reported.json<ReturnCase>();

    // Accepted, and kept: no pickup date asked, none shown, nothing to mark received.
    const accepted = await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'accept', piece: 'keep', note: 'Please keep it.' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<ReturnCase>()).toMatchObject({ piece: 'keep', pickup_date: null, worth: 30_000, refundable: 30_000 });
    expect((await kit.owner.post(`/api/admin/returns/${made.id}/received/`, {})).statusCode).toBe(409);
    const [mail] = await kit.mails(row.email, `Your return for order ${row.number} is accepted`);
    expect(mail!.text).toContain('Please keep the piece: nothing will be collected.');
    expect(mail!.text).not.toMatch(/collect the piece on/);

    // The cap is the chair's price, not the order's: the server refuses more, with the sum in words.
    const tooMuch = await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, { return_id: made.id, amount: '35,000', note: 'All of it.' });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json<{ detail: string }>().detail).toBe('The returned pieces come to ₹30,000: at most ₹30,000 is left to refund on this return.');
    const refunded = await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, {
      return_id: made.id,
      amount: '25,000',
      note: 'We kept ₹5,000 for the touch-up kit we sent.',
    });
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);

    const closed = (await kit.owner.get('/api/admin/returns/?status=closed')).json<ReturnCase[]>();
    const settled = closed.find((r) => r.id === made.id)!;
    expect(settled).toMatchObject({ status: 'refunded', worth: 30_000, refunded: 25_000, refundable: 5_000, piece: 'keep' });
    expect((await kit.owner.get('/api/admin/returns/')).json<ReturnCase[]>().map((r) => r.id)).not.toContain(made.id);

    const view = await t.services.afterSale.buyerView(buyer.id, row.id);
    const story = view.returns.map((r) => returnStory(r)).join(' ');
    expect(story).toBe(
      'Problem reported (Wrong finish): ₹25,000 refunded for the returned pieces (₹30,000); the studio kept ₹5,000, as its note with the refund says. You keep the piece; nothing will be collected.',
    );
    expect(view.refunds[0]!.note).toBe('We kept ₹5,000 for the touch-up kit we sent.');
  });

  it('a return accepted for collection names its pickup day as India writes it', async () => {
    const buyer = await newBuyer(t, 'Collect');
    const { row, chairLine } = await deliveredPair(buyer);
    const made = (
      await report(buyer, row.id, { reason: 'damaged_in_transit', description: 'Split leg.', items: String(chairLine) })
    ).json<ReturnCase>();
    const noDate = await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'accept', note: 'Sorry.' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.body).toContain('Give the pickup date, or let the buyer keep the piece.');
    const pickup = new Date(Date.now() + 3 * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const accepted = await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'accept', note: 'Sorry.', pickup_date: pickup });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [y, m, d] = pickup.split('-').map(Number) as [number, number, number];
    const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
    expect(returnStory(accepted.json<ReturnCase>())).toBe(
      `Problem reported (Damaged in transit): return accepted. We will collect the piece on ${d} ${month} ${y}. Sorry.`,
    );
  });

  it('a cancelled order tells what was paid, refunded and kept, and why', () => {
    expect(cancelledStory({ paid: 4_000, refunded: 3_500, fee: 500, note: null })).toBe(
      'Of the ₹4,000 you paid, ₹3,500 is refunded; the studio kept ₹500: the cancellation fee our policy states.',
    );
    expect(cancelledStory({ paid: 80_000, refunded: 60_000, fee: 0, note: 'The wood was already cut for you.' })).toBe(
      'Of the ₹80,000 you paid, ₹60,000 is refunded; the studio kept ₹20,000: as the studio wrote: The wood was already cut for you.',
    );
    expect(cancelledStory({ paid: 80_000, refunded: 80_000, fee: 0, note: null })).toBe('Of the ₹80,000 you paid, ₹80,000 is refunded in full.');
  });

  it('quote requests to price and changes asked are counted for the owner', async () => {
    const [first] = await t.database.db.select().from(products).orderBy(products.id).limit(1);
    const [bed] = await t.database.db
      .update(products)
      .set({ customizable: true, stockKind: 'made_to_order', dimensions: { length: 200, breadth: 160, height: 90 }, finishes: ['Walnut'] })
      .where(eq(products.id, first!.id))
      .returning();
    t.services.catalog.invalidate();
    const before = await t.services.quotes.waiting();
    const buyer = await newBuyer(t, 'Quote');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/quote-requests/',
      headers: { authorization: `Bearer ${buyer.token}` },
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
    const request = asked.json<QuoteRequest>();
    expect(await t.services.quotes.waiting()).toEqual({ to_price: before.to_price + 1, changes_asked: before.changes_asked });

    const priced = await kit.owner.post('/api/admin/quotes/', {
      request: request.id,
      lines: [{ piece: 'The bed in your size', dimensions: '180 × 160 × 90 cm', finish: 'Walnut', price: 60_000 }],
      delivery: 2_000,
      production_weeks: 6,
    });
    expect(priced.statusCode, priced.body).toBe(201);
    // A draft is not priced yet for the buyer: the request still waits until it is sent.
    expect((await t.services.quotes.waiting()).to_price).toBe(before.to_price + 1);
    const quote = priced.json<Quote>();
    expect((await kit.owner.post(`/api/admin/quotes/${quote.id}/send/`, {})).statusCode).toBe(200);
    expect(await t.services.quotes.waiting()).toEqual(before);
    const changed = await buyer.api.post(`/api/quotes/${quote.id}/change/`, { note: 'Could it be lower?' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await t.services.quotes.waiting()).toEqual({ to_price: before.to_price, changes_asked: before.changes_asked + 1 });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/returns/', headers: owner })).statusCode).toBe(200);
  });

  it('every e-mail written for these orders and quotes reads ₹ and India dates, and names no internal id', async () => {
    // Its own order, delivered, with a return accepted for collection and refunded: the mails of each step.
    const buyer = await newBuyer(t, 'Mails');
    const { row, chairLine } = await deliveredPair(buyer);
    const made = (await report(buyer, row.id, { reason: 'wrong_finish', description: 'Wrong finish.', items: String(chairLine) })).json<ReturnCase>();
    const pickup = new Date(Date.now() + 3 * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10);
    expect(
      (await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'accept', note: 'Sorry.', pickup_date: pickup })).statusCode,
    ).toBe(200);
    expect((await kit.owner.post(`/api/admin/returns/${made.id}/received/`, {})).statusCode).toBeLessThan(300);
    const refunded = await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, { return_id: made.id, amount: '30,000', note: 'In full.' });
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);
    // Some are written by jobs just after the answers: her confirmation, the shop's notice, each step's.
    const ours = (all: (typeof emailOutbox.$inferSelect)[]) => all.filter((m) => m.to === row.email || m.subject.includes(row.number));
    await expect.poll(async () => ours(await t.database.db.select().from(emailOutbox)).length, { timeout: 15_000 }).toBeGreaterThan(5);
    // Every mail of the shop's outbox: its own, and those of the other tests when they ran before it.
    const mails = await t.database.db.select().from(emailOutbox);
    for (const m of mails) {
      const text = withoutAddresses(`${m.subject}\n${m.text}`);
      expect(text, m.subject).not.toMatch(RS);
      expect(text, m.subject).not.toMatch(ISO_DATE);
      expect(text, m.subject).not.toMatch(INTERNAL_ID);
    }
  });
});

describe('every page the buyer and the owner read of these orders', () => {
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

  it('a paid, a cancelled, a kept-return and a collected-return order read ₹, India dates and no internal id on every page', async () => {
    const token = await superuserToken(t);
    const kit = afterSaleKit(t, fake, token);
    const access = (await t.app.inject({ method: 'POST', url: '/api/token/', payload: CUSTOMER })).json<{ access: string }>().access;
    const priya = { id: 0, email: CUSTOMER.email, token: access, api: client(t, access) };
    const paid = await kit.paidOrder(priya, 40, { price: 42_500 });
    const cancelled = await kit.paidOrder(priya, 41, { price: 3_000, hsn: '6302' });
    expect((await priya.api.post(`/api/orders/${cancelled.row.id}/cancel/`, { reason: 'changed_mind' })).statusCode).toBeLessThan(300);
    const kept = await kit.paidOrder(priya, 42, { price: 18_000 });
    const collected = await kit.paidOrder(priya, 43, { price: 26_000 });
    for (const [o, piece] of [
      [kept, 'keep'],
      [collected, 'collect'],
    ] as const) {
      await kit.moveTo(o.row.id, ['ready_to_dispatch', 'shipped', 'delivered']);
      const order = (await priya.api.get(`/api/orders/${o.row.id}/`)).json<Order>();
      const made = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${o.row.id}/returns/`,
        headers: { authorization: `Bearer ${access}` },
        payload: form({ reason: 'wrong_piece', description: 'Not what I ordered.', items: String(order.items[0]!.id) }) as unknown as Record<
          string,
          string
        >,
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json<ReturnCase>().id;
      const pickup = new Date(Date.now() + 2 * DAY + 5.5 * 3_600_000).toISOString().slice(0, 10);
      const decided = await kit.owner.post(`/api/admin/returns/${id}/decision/`, { decision: 'accept', note: 'Sorry.', piece, pickup_date: pickup });
      expect(decided.statusCode, decided.body).toBe(200);
      if (piece === 'keep') {
        const refunded = await kit.owner.post(`/api/admin/orders/${o.row.id}/refunds/`, {
          return_id: id,
          amount: '15,000',
          note: 'The rest is the polish kit.',
        });
        expect(refunded.statusCode, refunded.body).toBeLessThan(300);
      }
    }

    const buyer = await cookieOf(t, CUSTOMER);
    const owner = await cookieOf(t, ADMIN);
    const pages: [string, string][] = [
      ['/orderdetails', buyer],
      ['/quotes', buyer],
      ['/terms', buyer],
      ['/dashboard', owner],
      ['/dashboard/orders', owner],
      ['/dashboard/returns', owner],
      ['/dashboard/quotes', owner],
      ...[paid, cancelled, kept, collected].map((o): [string, string] => [`/dashboard/orders/${o.row.id}`, owner]),
    ];
    const read: Record<string, string> = {};
    for (const [url, cookie] of pages) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      const text = withoutAddresses(visible(res.body));
      read[url] = text;
      expect(text, url).not.toMatch(RS);
      expect(text, url).not.toMatch(ISO_DATE);
      expect(text, url).not.toMatch(INTERNAL_ID);
    }
    // The buyer reads each decision; no sentence about collecting the piece she keeps.
    expect(read['/orderdetails']).toContain(
      'Problem reported (Wrong piece delivered): ₹15,000 refunded for the returned pieces (₹18,000); the studio kept ₹3,000, as its note with the refund says. You keep the piece; nothing will be collected.',
    );
    expect(read['/orderdetails']).toMatch(
      /Problem reported \(Wrong piece delivered\): return accepted\. We will collect the piece on \d{1,2} \w+ \d{4}\. Sorry\./,
    );
    expect(read['/orderdetails']).toMatch(
      /Of the ₹[\d,]+ you paid, ₹[\d,]+ is refunded; the studio kept ₹500: the cancellation fee our policy states\./,
    );
    expect(read['/dashboard/returns']).toContain('Note for the buyer (required)');
    expect(read['/dashboard/returns']).toMatch(/Closed \(\d+\)/);
    expect(read['/terms']).toContain('orders under ₹5,000 that have not shipped may be cancelled for a fee of ₹500');
  });
});
