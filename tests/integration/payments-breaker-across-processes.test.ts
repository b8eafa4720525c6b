import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createRateLimitCounter } from '../../server/lib/rate-limit-store';
import { openDatabase } from '../../server/db/client';
import { createCircuitBreaker, memoryBreakerStore, type BreakerStore } from '../../server/lib/payments/breaker';
import { openTestDatabase, type TestApp } from '../support/app';
import { startFakeRazorpay } from '../support/fake-razorpay';
import { MEDIA_CACHE, TEST_JWT_SECRET } from '../support/paths';
import { clonePgTemplate } from '../support/pg-template';

const templateUrl = inject('pgTemplateUrl');
import { newBuyer, stockedProduct } from './checkout-helpers';

/**
 * The payment provider's circuit breaker counts in the database: once one process has found Razorpay down,
 * every other process refuses at once instead of each buyer waiting out the timeout (decision 0034). Several
 * processes share PostgreSQL only (PGlite is one process by design): `npm run test:pg` runs this story.
 */
describe.skipIf(!templateUrl)('the payment breaker is shared by every process on the database (PostgreSQL)', () => {
  let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;
  let a: TestApp;
  let b: TestApp;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    const clone = await clonePgTemplate(templateUrl);
    dispose = clone.drop;
    // Two app processes: each with its own pool of connections to the one database.
    const instance = async (): Promise<TestApp> => {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        JWT_SECRET: TEST_JWT_SECRET,
        SEED: 'false',
        DATABASE_URL: clone.url,
        ...fake.env,
        RAZORPAY_TIMEOUT_MS: '1500',
      });
      config.mediaDir = MEDIA_CACHE;
      const database = await openDatabase({ databaseUrl: clone.url });
      const { app, services } = await buildApp({ config, database });
      await app.ready();
      return { app, services, database, config, close: async () => (await app.close(), await database.close()) };
    };
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dispose?.();
    await fake?.close();
  });

  async function buyerReadyToPay(t: TestApp, productId: number, name: string) {
    const buyer = await newBuyer(t, name);
    const code = newCartCode();
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/add_item/',
      headers: { authorization: `Bearer ${buyer.token}` },
      payload: { cart_code: code, product_id: productId },
    });
    expect(added.statusCode).toBe(201);
    return () =>
      t.app.inject({ method: 'POST', url: '/api/create_order/', headers: { authorization: `Bearer ${buyer.token}` }, payload: { cart_code: code } });
  }

  it('opens in one process after the provider kept failing, and the other refuses at once without calling it; a good trial closes it for both', async () => {
    const piece = await stockedProduct(a, 3, { price: 3_000, stock: 100 });
    const inA = await Promise.all([0, 1, 2].map((i) => buyerReadyToPay(a, piece.id, `SlowA${i}`)));
    const inB = await Promise.all([0, 1].map((i) => buyerReadyToPay(b, piece.id, `SlowB${i}`)));

    fake.hang();
    try {
      for (const pay of inA) {
        const started = performance.now();
        expect((await pay()).statusCode).toBe(503);
        // Each of these waited for the timeout.
        expect(performance.now() - started).toBeGreaterThanOrEqual(1400);
      }
      const calls = fake.calls.length;
      const started = performance.now();
      const refused = await inB[0]!();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'upstream_unavailable',
        detail: 'The payment provider is not answering at the moment. Please try again in a minute.',
      });
      // At once: well under the 1.5 s timeout, and Razorpay was not asked.
      expect(performance.now() - started).toBeLessThan(1000);
      expect(fake.calls.length).toBe(calls);
    } finally {
      fake.hang(false);
    }

    // The open period over (made to end now), one trial goes out from B; it succeeds and closes the breaker for A too.
    const counter = createRateLimitCounter(a.database.db);
    await counter.clear('breaker|razorpay|open');
    expect((await inB[1]!()).statusCode).toBe(200);
    expect((await counter.peek('breaker|razorpay|failures')).count).toBe(0);
    const again = await buyerReadyToPay(a, piece.id, 'AfterA');
    expect((await again()).statusCode).toBe(200);
  });
});

describe("the payment breaker's rules", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(() => opened?.dispose());

  it.each(['database', 'memory'] as const)(
    'on the %s counters: counts failures in a row, lets one trial through when the open time is over, and a failed trial opens it again',
    async (kind) => {
      const counter: BreakerStore = kind === 'database' ? createRateLimitCounter(opened.database.db) : memoryBreakerStore();
      // Two breakers on the same counters: two processes on one database.
      const first = createCircuitBreaker(counter, 'trial-test', { failures: 2, openMs: 60_000 });
      const second = createCircuitBreaker(counter, 'trial-test', { failures: 2, openMs: 60_000 });
      await first.failed(await first.allow());
      // A success in between starts the count again.
      await second.succeeded(await second.allow());
      expect((await counter.peek('breaker|trial-test|failures')).count).toBe(0);
      await first.failed(await first.allow());
      await second.failed(await second.allow());
      expect((await first.allow()).allowed).toBe(false);
      expect((await second.allow()).allowed).toBe(false);
      // The open time over: exactly one of the two processes gets the trial.
      await counter.clear('breaker|trial-test|open');
      const tickets = [await first.allow(), await second.allow()];
      expect(tickets.map((t) => t.allowed)).toEqual([true, false]);
      expect(tickets[0]!.trial).toBe(true);
      // The trial fails: open again for both.
      await first.failed(tickets[0]!);
      expect((await second.allow()).allowed).toBe(false);
      expect((await counter.peek('breaker|trial-test|open')).count).toBe(1);
    },
  );
});
