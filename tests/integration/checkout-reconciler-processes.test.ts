import { count, eq } from 'drizzle-orm';
import { inject, describe, expect, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse } from '../../contract/orders';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { SCHEDULED_JOBS } from '../../server/services';
import { orderEvents, orders } from '../../server/db/schema';
import type { TestApp } from '../support/app';
import { startPassesDone } from '../support/jobs';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { MEDIA_CACHE, TEST_JWT_SECRET } from '../support/paths';
import { clonePgTemplate } from '../support/pg-template';
import { newBuyer, stockedProduct } from './checkout-helpers';

const templateUrl = inject('pgTemplateUrl');

async function appOn(databaseUrl: string, fake: FakeRazorpay, env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    SEED: 'false',
    DATABASE_URL: databaseUrl,
    ...fake.env,
    RAZORPAY_TIMEOUT_MS: '1500',
    ...env,
  });
  config.mediaDir = MEDIA_CACHE;
  const database = await openDatabase({ databaseUrl });
  const { app, services } = await buildApp({ config, database });
  await app.ready();
  return { app, services, database, config, close: async () => (await app.close(), await database.close()) };
}

/** A buyer's order at the provider, paid there, whose notice never reached the shop (and made 10 minutes ago). */
async function paidButUnknown(t: TestApp, fake: FakeRazorpay, name: string) {
  const providerOrderId = await leftPending(t, name);
  fake.pay(providerOrderId);
  return providerOrderId;
}

/** A buyer's order made 10 minutes ago and not paid (yet): every reconciler pass asks the provider about it. */
async function leftPending(t: TestApp, name: string) {
  const piece = await stockedProduct(t, 3, { price: 4_000, stock: 20 });
  const buyer = await newBuyer(t, name);
  const code = newCartCode();
  const auth = { authorization: `Bearer ${buyer.token}` };
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/add_item/', headers: auth, payload: { cart_code: code, product_id: piece.id } })).statusCode,
  ).toBe(201);
  const created = await t.app.inject({ method: 'POST', url: '/api/create_order/', headers: auth, payload: { cart_code: code } });
  const order = created.json<CreateOrderResponse>();
  await t.database.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(orders.providerOrderId, order.order_id));
  return order.order_id;
}

// Several app processes share one PostgreSQL in production: the reconciler must run in one of them at a time.
describe.skipIf(!templateUrl)('the payment reconciler with several processes (PostgreSQL)', () => {
  it('two processes never reconcile at once: while one is asking the provider, the other does nothing', async () => {
    const clone = await clonePgTemplate(templateUrl);
    const fake = await startFakeRazorpay();
    // The test runs the passes itself: the shop's own (after the start, and each period) would take the order too.
    const env = { JOBS_RECONCILE_SECONDS: '86400' };
    const a = await appOn(clone.url, fake, env);
    const b = await appOn(clone.url, fake, env);
    try {
      await startPassesDone(a.database, [SCHEDULED_JOBS.reconcile]);
      const providerOrderId = await paidButUnknown(a, fake, 'Twoproc');
      const asked = () => fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/payments')).length;
      fake.hang();
      let first: Promise<number | null>;
      try {
        const before = asked();
        first = a.services.checkout.reconcilePendingOrders();
        await expect.poll(asked).toBe(before + 1);
        // A holds the lock while the provider keeps it waiting: B's pass skips at once, asking nothing.
        expect(await b.services.checkout.reconcilePendingOrders()).toBeNull();
        expect(asked()).toBe(before + 1);
      } finally {
        fake.hang(false);
      }
      expect(await first).toBe(0);
      // Both at once with the provider back: the order is completed by exactly one of them, once.
      const runs = await Promise.all([a.services.checkout.reconcilePendingOrders(), b.services.checkout.reconcilePendingOrders()]);
      const [row] = await a.database.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
      expect(row).toMatchObject({ status: 'paid' });
      expect(runs.filter((r) => r === 1)).toHaveLength(1);
      const [paidMoves] = await a.database.db.select({ n: count() }).from(orderEvents).where(eq(orderEvents.orderId, row!.id));
      expect(paidMoves!.n).toBe(2);
    } finally {
      await a.close();
      await b.close();
      await fake.close();
      await clone.drop();
    }
  });

  it('the reconciler is a scheduled job: with two processes it runs once per period, never twice', async () => {
    const clone = await clonePgTemplate(templateUrl);
    const fake = await startFakeRazorpay();
    const env = { JOBS_RECONCILE_SECONDS: '2' };
    const a = await appOn(clone.url, fake, env);
    const b = await appOn(clone.url, fake, env);
    try {
      const providerOrderId = await leftPending(a, 'Pertick');
      const asked = () => fake.calls.filter((c) => c.method === 'GET' && c.path.includes(providerOrderId)).length;
      // Both processes offer a job at every 2-second period; one is taken per period.
      const ticks = async () =>
        (
          await a.database.executeSql(
            `SELECT singleton_on::text AS period, count(*)::int AS jobs, count(*) FILTER (WHERE state = 'completed')::int AS done
               FROM pgboss.job WHERE name = $1 AND singleton_key = 'tick' GROUP BY singleton_on ORDER BY singleton_on`,
            [SCHEDULED_JOBS.reconcile],
          )
        ).rows as { period: string; jobs: number; done: number }[];
      await expect.poll(async () => (await ticks()).filter((t) => t.done === 1).length, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(4);
      const periods = await ticks();
      expect(periods.every((p) => p.jobs === 1)).toBe(true);
      // Each finished job asked the provider about the order once: never a second time in the same period.
      const [{ done } = { done: 0 }] = (
        await a.database.executeSql(`SELECT count(*)::int AS done FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [
          SCHEDULED_JOBS.reconcile,
        ])
      ).rows as { done: number }[];
      expect(asked()).toBeGreaterThanOrEqual(3);
      expect(asked()).toBeLessThanOrEqual(done + 1);
    } finally {
      await a.close();
      await b.close();
      await fake.close();
      await clone.drop();
    }
  });

  it('the reconciler runs shortly after start: a payment made while the shop was down completes without waiting five minutes', async () => {
    const clone = await clonePgTemplate(templateUrl);
    const fake = await startFakeRazorpay();
    const a = await appOn(clone.url, fake);
    let providerOrderId: string;
    try {
      providerOrderId = await paidButUnknown(a, fake, 'Restart');
    } finally {
      await a.close();
    }
    // The shop starts again (a deploy): its first pass finds the payment.
    const b = await appOn(clone.url, fake);
    try {
      await expect
        .poll(async () => (await b.database.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0]!.status, {
          timeout: 20_000,
          interval: 250,
        })
        .toBe('paid');
    } finally {
      await b.close();
      await fake.close();
      await clone.drop();
    }
  });
});
