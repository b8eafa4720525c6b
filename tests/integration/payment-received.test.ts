import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse } from '../../contract/orders';
import { orders } from '../../server/db/schema';
import { PAYMENT_RECEIVED } from '../../server/modules/checkout/pay';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ADDRESS, newBuyer, stockedProduct, withPayment } from './checkout-helpers';

/**
 * A buyer whose payment cannot be confirmed at once (here the provider does not answer the shop's check for a
 * while) is told that the payment was received and is being confirmed, and the order becomes paid afterwards,
 * without the buyer doing anything more. Not timed: it waits for outcomes, never for durations.
 */
describe('verify_payment when the confirmation cannot get through at once', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    // A short wait before the "received" answer (2 s when no rush), and a provider call given up sooner, keep the test short.
    t = await createTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in', PAYMENT_ANSWER_MS: '100', RAZORPAY_TIMEOUT_MS: '1500' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers 202 "received, being confirmed" with the order, then the order becomes paid', async () => {
    const buyer = await newBuyer(t, 'Meera');
    const chair = await stockedProduct(t, 0, { price: 18_500, stock: 5 });
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: chair.id })).statusCode).toBe(201);
    const created = await buyer.api.post('/api/create_order/', { cart_code: code });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<CreateOrderResponse>();
    const { response } = fake.pay(order.order_id);

    fake.hang();
    const answer = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...response, address: ADDRESS });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, order.order_id));
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({ detail: PAYMENT_RECEIVED, order_id: row!.id });
    expect(row!.status).toBe('pending');

    // The provider answers again: the confirmation that went on (tried again after its call was given up)
    // makes the order paid, without the buyer or the webhook.
    fake.hang(false);
    let now = row!;
    for (let i = 0; i < 300 && now.status !== 'paid'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = (await t.database.db.select().from(orders).where(eq(orders.id, row!.id)))[0]!;
    }
    expect(await withPayment(t.database.db, now)).toMatchObject({
      status: 'paid',
      paymentStatus: 'captured',
      providerPaymentId: response.razorpay_payment_id,
    });

    // Asking again now confirms it at once, as the confirmation page would show it.
    const again = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...response, address: ADDRESS });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ order_id: number }>().order_id).toBe(row!.id);
  });
});
