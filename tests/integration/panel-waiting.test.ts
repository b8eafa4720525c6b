import path from 'node:path';
import { eq } from 'drizzle-orm';
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReturnCase } from '../../contract/after-sale';
import { returns } from '../../server/db/schema';
import { ROOT } from '../support/paths';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ADMIN, createAdminTestApp, form, nextAddress, type AdminTestApp } from './admin-support';
import { afterSaleKit } from './after-sale-helpers';
import { newBuyer, superuserToken } from './checkout-helpers';
import { logInThroughPage } from './page-reading';

const BUILD = path.join(ROOT, 'build');

/**
 * The panel frame's badges (decision 0058, the owner's panel frame): one statement of the after-sale's and the
 * quotes' own counts, kept in the process until one of their tables changes. Each change shows on the next page.
 */
describe('the panel’s badges follow every change at once', () => {
  let t: AdminTestApp;
  let fake: FakeRazorpay;
  let kit: ReturnType<typeof afterSaleKit>;
  let owner: string;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createAdminTestApp({ ...fake.env }, { webBuildDir: BUILD });
    kit = afterSaleKit(t, fake, await superuserToken(t));
    owner = await logInThroughPage(t.app, ADMIN, { remoteAddress: nextAddress() });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The frame's badges as the owner's next page of the product list gets them (the frame's loader data). */
  async function badges(): Promise<{ returns: number; quotes: number }> {
    const res = await t.app.inject({ url: '/dashboard/products.data?_routes=routes%2Fdashboard', headers: { cookie: owner } });
    expect(res.statusCode).toBe(200);
    const decoded = (await decodeTurboStream(new Response(new Uint8Array(res.rawPayload)).body!, globalThis)).value as Record<
      string,
      { data: { waiting: Record<string, number> } }
    >;
    const waiting = decoded['routes/dashboard']!.data.waiting;
    return { returns: waiting['/dashboard/returns'] ?? 0, quotes: waiting['/dashboard/quotes'] ?? 0 };
  }

  /** The same counts from the after-sale's and the quotes' own separate queries, as the frame read them before. */
  async function separately(): Promise<{ returns: number; quotes: number }> {
    const [afterSale, quotes] = await Promise.all([t.services.afterSale.counts(), t.services.quotes.waiting()]);
    const single = await t.services.panelWaiting.read();
    // The one statement reads exactly what the separate queries read.
    expect(single).toEqual({
      cancellation_requests: afterSale.cancellation_requests,
      returns_open: afterSale.returns_open,
      to_price: quotes.to_price,
      changes_asked: quotes.changes_asked,
    });
    return { returns: afterSale.cancellation_requests + afterSale.returns_open, quotes: quotes.to_price + quotes.changes_asked };
  }

  it('a return, its answer, a quote request, a cancellation request and a change made in the database each show on the next page', async () => {
    const start = await badges();
    expect(start).toEqual(await separately());
    // The counts are kept: the same page again reads them from memory.
    const hits = t.services.shopperFacts.cache.hits;
    expect(await badges()).toEqual(start);
    expect(t.services.shopperFacts.cache.hits).toBeGreaterThan(hits);

    // A buyer reports a problem with a delivered piece: Returns counts it on the owner's next page.
    const buyer = await newBuyer(t, 'Badge');
    const { row } = await kit.paidOrder(buyer, 40, { price: 30_000 });
    await kit.moveTo(row.id, ['ready_to_dispatch', 'shipped', 'delivered']);
    const order = (await buyer.api.get(`/api/orders/${row.id}/`)).json<{ items: { id: number }[] }>();
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${row.id}/returns/`,
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: form({ reason: 'wrong_finish', description: 'The finish is lighter than the one we chose.', items: String(order.items[0]!.id) }),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const made = reported.json<ReturnCase>();
    expect(await badges()).toEqual({ ...start, returns: start.returns + 1 });
    expect(await badges()).toEqual(await separately());

    // The owner declines it: gone from the badge at once.
    const declined = await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'decline', note: 'The finish is as shown.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await badges()).toEqual(start);

    // A bespoke request to price: Quotes counts it.
    const asked = await buyer.api.post('/api/quote-requests/', {
      source: 'bespoke',
      description: 'A low teak bench for our hall.',
      pincode: '600020',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(await badges()).toEqual({ returns: start.returns, quotes: start.quotes + 1 });

    // A shipped order's cancellation, asked of the owner: Returns counts the request.
    const shipped = await kit.paidOrder(buyer, 41, { price: 20_000 });
    await kit.moveTo(shipped.row.id, ['ready_to_dispatch', 'shipped']);
    const cancel = await buyer.api.post(`/api/orders/${shipped.row.id}/cancel/`, { reason: 'changed_mind' });
    expect(cancel.statusCode, cancel.body).toBe(202);
    const now = await badges();
    expect(now).toEqual({ returns: start.returns + 1, quotes: start.quotes + 1 });
    expect(now).toEqual(await separately());

    // A change made in the database by anything else (a script, another process): the tables' trigger drops the
    // kept counts too, heard in every process (PostgreSQL: as soon as it is delivered).
    await t.database.db.update(returns).set({ status: 'reported' }).where(eq(returns.id, made.id));
    await expect.poll(badges).toEqual({ returns: start.returns + 2, quotes: start.quotes + 1 });
    expect(await badges()).toEqual(await separately());
  });
});
