import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse, PaymentSuccess } from '../../contract/orders';
import { charges, emailOutbox, invoices, orderEvents, orders, paymentEvents, products, refunds, stockHolds } from '../../server/db/schema';
import { SCHEDULED_JOBS } from '../../server/services';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ADDRESS, MAIL_WAIT, newBuyer, stockedProduct } from './checkout-helpers';

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/**
 * The provider's webhook for a payment that verify_payment has already completed (decision 0058): one statement
 * finds the payment in the ledger, writes nothing and does nothing more. A webhook that comes first, or at the
 * same moment as verify, still completes the order once (the database's guards: one charge per payment id).
 */
describe('the webhook after, before and alongside verify_payment', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let piece: { id: number };
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in' });
    piece = await stockedProduct(t, 3, { price: 3_200, stock: 100 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;
  async function openOrder(name: string): Promise<{ buyer: Buyer; code: string; order: CreateOrderResponse }> {
    const buyer = await newBuyer(t, name);
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: piece.id })).statusCode).toBe(201);
    const res = await buyer.api.post('/api/create_order/', { cart_code: code });
    expect(res.statusCode, res.body).toBe(200);
    return { buyer, code, order: res.json<CreateOrderResponse>() };
  }
  const verify = (buyer: Buyer, code: string, paid: PaymentSuccess) =>
    buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address: ADDRESS });
  const webhook = (delivery: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body });
  const orderOf = async (providerOrderId: string) => (await db().select().from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0]!;
  const n = async (table: PgTable, where?: SQL) => (await db().select({ n: count() }).from(table).where(where))[0]!.n;
  /** Everything a completion writes, for one order: rows counted, the order's and its piece's columns as they are. */
  async function state(orderId: number, providerOrderId: string) {
    // The jobs a completion could start: not the shop's own schedule (the reconciler's first pass comes a few seconds
    // after the start, whenever the machine gets there) nor pg-boss's housekeeping.
    const scheduled = Object.values(SCHEDULED_JOBS);
    const jobs = (await db().execute(
      sql`select count(*)::int as n from pgboss.job where name not like '\_\_pgboss%' and name not in (${sql.join(
        scheduled.map((name) => sql`${name}`),
        sql`, `,
      )})`,
    )) as { rows: { n: number }[] };
    return {
      order: await orderOf(providerOrderId),
      piece: (await db().select().from(products).where(eq(products.id, piece.id)))[0],
      holds: await db().select().from(stockHolds).where(eq(stockHolds.orderId, orderId)),
      events: await n(orderEvents, eq(orderEvents.orderId, orderId)),
      charges: await n(charges, eq(charges.orderId, orderId)),
      refunds: await n(refunds, eq(refunds.orderId, orderId)),
      invoices: await n(invoices, eq(invoices.orderId, orderId)),
      providerEvents: await n(paymentEvents),
      mails: await n(emailOutbox),
      jobs: jobs.rows[0]!.n,
    };
  }
  /** The paid order's two e-mails, sent by their job. */
  const mailsSent = (orderNumber: string) =>
    vi.waitFor(async () => {
      const sent = await db()
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.subject} like ${'%' + orderNumber + '%'}`);
      expect(sent.map((m) => m.to).sort()).toEqual(expect.arrayContaining(['studio@example.in']));
      expect(sent).toHaveLength(2);
      return sent;
    }, MAIL_WAIT);

  it('after verify completed the payment, the webhook answers "already" and changes nothing, however often it comes', async () => {
    const { buyer, code, order } = await openOrder('Meera');
    const paid = fake.pay(order.order_id);
    expect((await verify(buyer, code, paid.response)).statusCode).toBe(200);
    const row = await orderOf(order.order_id);
    expect(row.status).toBe('paid');
    await mailsSent(row.number);
    const before = await state(row.id, order.order_id);
    expect(before).toMatchObject({ events: 2, charges: 1, refunds: 0, invoices: 1 });

    for (const type of ['payment.captured', 'order.paid', 'payment.captured'] as const) {
      const answer = await webhook(fake.webhook(type, paid.payment));
      expect([answer.statusCode, answer.json()]).toEqual([200, { status: 'already' }]);
    }
    // No event kept, no timeline entry, no job, no mail, not a column of the order or of the piece touched.
    expect(await state(row.id, order.order_id)).toEqual(before);
    expect(await n(paymentEvents, eq(paymentEvents.providerOrderId, order.order_id))).toBe(0);
  });

  it('a webhook that comes first completes the order; verify then answers paid, and nothing is done twice', async () => {
    const { buyer, code, order } = await openOrder('Nikhil');
    const paid = fake.pay(order.order_id);
    const delivery = fake.webhook('payment.captured', paid.payment);
    expect((await webhook(delivery)).json()).toEqual({ status: 'paid' });
    // The same delivery again is a duplicate (its event was kept); another event for the payment finds its charge.
    expect((await webhook(delivery)).json()).toEqual({ status: 'duplicate' });
    expect((await webhook(fake.webhook('order.paid', paid.payment))).json()).toEqual({ status: 'already' });
    const answer = await verify(buyer, code, paid.response);
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await orderOf(order.order_id);
    expect(row.status).toBe('paid');
    await mailsSent(row.number);
    expect(await state(row.id, order.order_id)).toMatchObject({ events: 2, charges: 1, refunds: 0, invoices: 1 });
    expect(await n(orderEvents, and(eq(orderEvents.orderId, row.id), eq(orderEvents.status, 'paid')))).toBe(1);
    expect(await n(paymentEvents, eq(paymentEvents.providerOrderId, order.order_id))).toBe(1);
  });

  it('a webhook at the same moment as verify: the order is paid once, in every round', async () => {
    const start = (await db().select().from(products).where(eq(products.id, piece.id)))[0]!;
    const rounds = 6;
    for (let round = 0; round < rounds; round++) {
      const { buyer, code, order } = await openOrder(`Racer${round}`);
      const paid = fake.pay(order.order_id);
      const answers = await Promise.all([
        webhook(fake.webhook('payment.captured', paid.payment)),
        verify(buyer, code, paid.response),
        webhook(fake.webhook('order.paid', paid.payment)),
      ]);
      expect(
        answers.map((a) => a.statusCode),
        answers.map((a) => a.body).join('\n'),
      ).toEqual([200, 200, 200]);
      // Exactly one of the three completed it (the webhooks answer "paid" or "already").
      const statuses = [answers[0], answers[2]].map((a) => a.json<{ status: string }>().status);
      expect(statuses.every((s) => s === 'paid' || s === 'already')).toBe(true);
      expect(statuses.filter((s) => s === 'paid').length).toBeLessThanOrEqual(1);
      const row = await orderOf(order.order_id);
      expect(row.status).toBe('paid');
      await mailsSent(row.number);
      expect(await state(row.id, order.order_id)).toMatchObject({ events: 2, charges: 1, refunds: 0, invoices: 1 });
    }
    const end = (await db().select().from(products).where(eq(products.id, piece.id)))[0]!;
    expect([end.stockQuantity, end.reservedQuantity]).toEqual([start.stockQuantity - rounds, start.reservedQuantity]);
  });
});
