import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCartCode, type Cart } from '../../contract/cart';
import type { AdminOrder, CreateOrderResponse, Order, OrderStatus, PaymentSuccess, TrackedOrder } from '../../contract/orders';
import { carts, emailOutbox, orderEvents, orders, paymentEvents, stockHolds } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ADDRESS, MAIL_WAIT, client, newBuyer, stockedProduct, stockOf, superuserToken, withPayment } from './checkout-helpers';

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

describe('checkout with Razorpay', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let table: { id: number };
  let lamp: { id: number };
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in' });
    table = await stockedProduct(t, 0, { price: 49_999, stock: 500 });
    lamp = await stockedProduct(t, 1, { price: 2_450, stock: 500 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function cartWith(buyer: Buyer, items: { product_id: number; quantity?: number; finish?: string }[]) {
    const code = newCartCode();
    for (const item of items) expect((await buyer.api.post('/api/add_item/', { cart_code: code, ...item })).statusCode).toBe(201);
    return code;
  }
  async function checkout(buyer: Buyer, code: string, body: Record<string, unknown> = {}) {
    const res = await buyer.api.post('/api/create_order/', { cart_code: code, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CreateOrderResponse>();
  }
  const verify = (buyer: Buyer, code: string, paid: PaymentSuccess, address: unknown = ADDRESS) =>
    buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address });
  const orderRow = async (providerOrderId: string) =>
    withPayment(t.database.db, (await t.database.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0]!);
  const events = async (orderId: number, status?: OrderStatus) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(orderEvents)
        .where(status ? and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, status)) : eq(orderEvents.orderId, orderId))
    )[0]!.n;
  /**
   * Waits until the refund of an order is made and its mail, the last step, sent to the buyer: the request that
   * wrote the refund may find it claimed by the shop's own reconciler (its first pass runs a few seconds after
   * the start), which then makes it after the answer.
   */
  const refundMailed = (to: string, orderNumber: string) =>
    expect
      .poll(
        async () =>
          (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).some(
            (m) => m.subject.startsWith('Refund of ') && m.subject.endsWith(`for your order ${orderNumber}`),
          ),
        MAIL_WAIT,
      )
      .toBe(true);
  const providerOrderCalls = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders');

  it('prices the cart on the server: a client amount that matches no total never reaches the provider', async () => {
    const buyer = await newBuyer(t, 'Kavya');
    const code = await cartWith(buyer, [{ product_id: table.id }]);
    const before = providerOrderCalls().length;
    const wrong = await buyer.api.post('/api/create_order/', { cart_code: code, amount: 100 });
    expect(wrong.statusCode).toBe(409);
    // The refusal says what the cart costs now, with the figures a page shows before asking again.
    expect(wrong.json()).toMatchObject({
      code: 'price_changed',
      detail: 'The price changed since it was shown: delivery is now ₹500.00, so the total is ₹50,499.00, not ₹1.00. Nothing was charged.',
      shipping_method: 'standard',
      pincode: null,
      subtotal_paise: 4_999_900,
      shipping_paise: 50_000,
      total_paise: 5_049_900,
      shown_paise: 100,
    });
    expect(providerOrderCalls().length).toBe(before);

    const standard = await checkout(buyer, code, { amount: 5_049_900 });
    expect(standard).toMatchObject({
      amount: 5_049_900,
      currency: 'INR',
      razorpay_key: fake.env.RAZORPAY_KEY_ID,
      shipping_method: 'standard',
      total_amount: '50499.00',
    });
    expect(providerOrderCalls().at(-1)!.body).toMatchObject({ amount: 5_049_900, currency: 'INR' });
    expect(providerOrderCalls().at(-1)!.authorized).toBe(true);
    // Unchanged cart: the same provider order, no new call.
    expect((await checkout(buyer, code, { amount: 5_049_900 })).order_id).toBe(standard.order_id);
    expect((await checkout(buyer, code)).order_id).toBe(standard.order_id);
    expect(providerOrderCalls().length).toBe(before + 1);

    const express = await checkout(buyer, code, { amount: 5_099_900 });
    expect(express).toMatchObject({ amount: 5_099_900, shipping_method: 'express', shipping_amount: '1000.00', subtotal_amount: '49999.00' });
    expect(express.order_id).not.toBe(standard.order_id);
    expect((await checkout(buyer, code, { shipping_method: 'express' })).order_id).toBe(express.order_id);
    const conflicting = await buyer.api.post('/api/create_order/', { cart_code: code, shipping_method: 'express', amount: 5_049_900 });
    expect(conflicting.statusCode).toBe(409);

    // A changed cart is a new order for the new total.
    await buyer.api.post('/api/add_item/', { cart_code: code, product_id: lamp.id });
    expect((await checkout(buyer, code, { amount: 5_049_900 + 245_000 })).order_id).not.toBe(standard.order_id);
    // Another buyer's cart is not found; a logged-in buyer's unknown code leads to their own open cart.
    const other = await newBuyer(t, 'Other');
    const otherCode = await cartWith(other, [{ product_id: lamp.id }]);
    expect((await buyer.api.post('/api/create_order/', { cart_code: otherCode })).statusCode).toBe(404);
    expect((await other.api.post('/api/create_order/', { cart_code: newCartCode() })).json<CreateOrderResponse>().amount).toBe(295_000);
    expect((await client(t).post('/api/create_order/', { cart_code: code })).statusCode).toBe(401);
  });

  it('refuses bad, short and non-hex signatures, and a signature of another cart, changing nothing', async () => {
    const buyer = await newBuyer(t, 'Meena');
    const code = await cartWith(buyer, [{ product_id: lamp.id, quantity: 2, finish: 'Walnut' }]);
    const order = await checkout(buyer, code);
    const { response } = fake.pay(order.order_id);
    const stock = await stockOf(t, lamp.id);

    const other = await newBuyer(t, 'Nikhil');
    const otherCode = await cartWith(other, [{ product_id: lamp.id }]);
    const otherOrder = await checkout(other, otherCode);
    const otherPaid = fake.pay(otherOrder.order_id).response;

    const bad = [
      'abc',
      'f'.repeat(63),
      'z'.repeat(64),
      'f'.repeat(64),
      response.razorpay_signature.slice(0, -1) + (response.razorpay_signature.endsWith('0') ? '1' : '0'),
      otherPaid.razorpay_signature,
    ];
    for (const signature of bad) {
      const res = await verify(buyer, code, { ...response, razorpay_signature: signature });
      expect(res.statusCode, signature).toBe(400);
      expect(res.json<{ detail: string }>().detail).toBe('Payment verification failed. Please contact support.');
    }
    // Another cart's payment, correctly signed for that cart, presented with this cart.
    expect((await verify(buyer, code, { ...otherPaid, razorpay_order_id: order.order_id })).statusCode).toBe(400);
    // Someone else's order is not found at all.
    expect((await verify(buyer, code, otherPaid)).statusCode).toBe(404);
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'created', providerPaymentId: null, address: null });
    expect(await events(row.id)).toBe(1);
    expect(await stockOf(t, lamp.id)).toBe(stock);
    expect((await buyer.api.get(`/api/get_cart/?cart_code=${code}`)).json<Cart>().num_of_items).toBe(2);

    const ok = await verify(buyer, code, response);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ detail: 'Payment verified. Your order is confirmed.', order_id: row.id });
  });

  it('pays once: 20 identical verify_payment calls give one paid order, stock taken once, cart closed, mails sent', async () => {
    const buyer = await newBuyer(t, 'Farah');
    const code = await cartWith(buyer, [{ product_id: table.id }, { product_id: lamp.id, quantity: 3, finish: 'Walnut' }]);
    const order = await checkout(buyer, code, { amount: (49_999 + 3 * 2_450 + 1000) * 100 });
    const { response } = fake.pay(order.order_id);
    const [tableStock, lampStock] = [await stockOf(t, table.id), await stockOf(t, lamp.id)];
    const mailsBefore = (await t.database.db.select({ n: count() }).from(emailOutbox))[0]!.n;

    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(buyer, code, response)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const row = await orderRow(order.order_id);
    expect(new Set(answers.map((a) => a.json<{ order_id: number }>().order_id))).toEqual(new Set([row.id]));
    expect(row).toMatchObject({ status: 'paid', paymentStatus: 'captured', providerPaymentId: response.razorpay_payment_id });
    expect(await events(row.id, 'paid')).toBe(1);
    expect([await stockOf(t, table.id), await stockOf(t, lamp.id)]).toEqual([tableStock - 1, lampStock - 3]);
    const [cart] = await t.database.db.select().from(carts).where(eq(carts.cartCode, code));
    expect(cart!.status).toBe('ordered');
    // The confirmation and the shop's notice are sent by a job, after the answer.
    // (Other mails, the buyer's welcome among them, may arrive meanwhile: this order's two are waited for.)
    const mails = await vi.waitFor(async () => {
      const all = await t.database.db.select().from(emailOutbox);
      expect(all.filter((m) => m.subject.includes(row.number))).toHaveLength(2);
      return all;
    }, MAIL_WAIT);
    expect(mails.length - mailsBefore).toBeGreaterThanOrEqual(2);
    const confirmation = mails.find((m) => m.to === buyer.email);
    expect(confirmation?.subject).toBe(`Order confirmed: ${row.number}`);
    // Ready-stock pieces only: the mail promises the dispatch from the shelf, not a place in the workshop's queue.
    expect(confirmation?.text).toContain('Your order is ready on our shelves and will be dispatched in 1–6 days.');
    expect(confirmation?.text).not.toContain('workshop');
    expect(mails.find((m) => m.to === 'studio@example.in' && m.subject.includes(row.number))?.text).toContain('Total paid: ₹58,349.00');

    const shown = (await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>();
    expect(shown).toMatchObject({
      id: row.id,
      number: row.number,
      status: 'paid',
      payment_status: 'captured',
      subtotal_amount: '57349.00',
      shipping_amount: '1000.00',
      total_amount: '58349.00',
      shipping_method: 'express',
      razorpay_order_id: order.order_id,
      address: { ...ADDRESS },
    });
    expect(shown.items.map((i) => [i.quantity, i.finish, i.unit_price, i.total])).toEqual([
      [1, 'Natural Teak', '49999.00', '49999.00'],
      [3, 'Walnut', '2450.00', '7350.00'],
    ]);
    expect(shown.cart.items).toEqual(shown.items);
    expect(shown.timeline.map((e) => e.status)).toEqual(['pending', 'paid']);
    expect((await buyer.api.get('/api/user/orders/')).json<Order[]>().map((o) => o.id)).toEqual([row.id]);
    // Replayed later: the same order, nothing changes.
    expect((await verify(buyer, code, response)).json<{ order_id: number }>().order_id).toBe(row.id);
    expect(await stockOf(t, lamp.id)).toBe(lampStock - 3);
    // The paid cart's code asked to pay again (a second tab, the API): refused with the order that paid it, nothing opened.
    const providerCalls = providerOrderCalls().length;
    const again = await buyer.api.post('/api/create_order/', { cart_code: code, shipping_method: 'express' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'cart_paid',
      detail: `This cart was paid in order ${row.number}; see your order.`,
      order_number: row.number,
      order_id: row.id,
    });
    expect(providerOrderCalls().length).toBe(providerCalls);

    const stranger = await newBuyer(t, 'Stranger');
    expect((await stranger.api.get(`/api/orders/${row.id}/`)).json()).toEqual({ detail: 'This order was not found.', code: 'not_found' });
    expect((await stranger.api.get('/api/user/orders/')).json()).toEqual([]);
  });

  it('a second create_order on a cart already paid, named by the guest code it was filled under, is 409 cart_paid naming the order', async () => {
    // The spec's client fills a cart as a guest, logs in and pays with the same code (merged into the buyer's cart).
    const buyer = await newBuyer(t, 'Ishani');
    const guestCode = newCartCode();
    expect((await client(t).post('/api/add_item/', { cart_code: guestCode, product_id: lamp.id })).statusCode).toBe(201);
    const order = await checkout(buyer, guestCode, { address: ADDRESS });
    const { response } = fake.pay(order.order_id);
    expect((await verify(buyer, guestCode, response)).statusCode).toBe(200);
    const row = await orderRow(order.order_id);
    expect(row.status).toBe('paid');
    const providerCalls = providerOrderCalls().length;
    for (const body of [{}, { shipping_method: 'standard' }, { amount: row.totalPaise }]) {
      const again = await buyer.api.post('/api/create_order/', { cart_code: guestCode, ...body });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({
        code: 'cart_paid',
        detail: `This cart was paid in order ${row.number}; see your order.`,
        order_number: row.number,
        order_id: row.id,
      });
    }
    // Another buyer sending the code finds no cart of theirs: 404, and nothing of the first buyer's order is named.
    const stranger = await newBuyer(t, 'Stranger two');
    const theirs = await stranger.api.post('/api/create_order/', { cart_code: guestCode });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(row.number);
    expect(providerOrderCalls().length).toBe(providerCalls);
  });

  it('refuses a payment that is not captured for the right amount in INR', async () => {
    const buyer = await newBuyer(t, 'Gita');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const order = await checkout(buyer, code);
    const short = fake.pay(order.order_id, { amount: 100 }).response;
    expect((await verify(buyer, code, short)).statusCode).toBe(400);
    const pending = fake.pay(order.order_id, { status: 'authorized' }).response;
    expect((await verify(buyer, code, pending)).statusCode).toBe(409);
    const failed = fake.pay(order.order_id, { status: 'failed' }).response;
    const res = await verify(buyer, code, failed);
    expect(res.json<{ detail: string }>().detail).toBe('Payment failed: Your payment has been cancelled by the bank.');
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'pending', providerPaymentId: null });
    expect(await events(row.id, 'paid')).toBe(0);
  });

  it('applies the same webhook three times as one transition, and refuses a bad signature', async () => {
    const buyer = await newBuyer(t, 'Hari');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const order = await checkout(buyer, code, { address: ADDRESS });
    const { payment } = fake.pay(order.order_id);
    const delivery = fake.webhook('payment.captured', payment);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/webhook/',
      headers: { ...delivery.headers, 'x-razorpay-signature': 'a'.repeat(64) },
      payload: delivery.body,
    });
    expect(forged.statusCode).toBe(400);
    expect((await orderRow(order.order_id)).status).toBe('pending');
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook', headers: delivery.headers, payload: delivery.body }));
    expect(answers.map((a) => [a.statusCode, a.json<{ status: string }>().status])).toEqual([
      [200, 'paid'],
      [200, 'duplicate'],
      [200, 'duplicate'],
    ]);
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'paid', address: ADDRESS });
    expect(await events(row.id, 'paid')).toBe(1);
    const stored = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.providerOrderId, order.order_id));
    expect(stored).toHaveLength(1);
  });

  it('completes a cancelled checkout when the provider later reports the payment, once', async () => {
    const buyer = await newBuyer(t, 'Imran');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const order = await checkout(buyer, code);
    const cancelled = await buyer.api.post('/api/cancel_payment/', { cart_code: code, razorpay_order_id: order.order_id });
    expect(cancelled.json()).toEqual({ detail: 'Payment was not completed. You can try again.' });
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'pending', paymentStatus: 'abandoned' });
    // Trying again with the unchanged cart reuses the open order.
    expect((await checkout(buyer, code)).order_id).toBe(order.order_id);

    const { payment, response } = fake.pay(order.order_id);
    const delivery = fake.webhook('order.paid', payment);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body })).statusCode,
    ).toBe(200);
    expect((await verify(buyer, code, response)).statusCode).toBe(200);
    const again = fake.webhook('payment.captured', payment);
    await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: again.headers, payload: again.body });
    const row = await orderRow(order.order_id);
    expect(row.status).toBe('paid');
    expect(await events(row.id, 'paid')).toBe(1);
    expect(
      (
        await t.database.db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.userId, buyer.id), eq(orders.status, 'paid')))
      )[0]!.n,
    ).toBe(1);
  });

  it('refunds at the provider a payment that arrives after the owner cancelled the order, once', async () => {
    const buyer = await newBuyer(t, 'Kiran');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const order = await checkout(buyer, code);
    const row = await orderRow(order.order_id);
    const admin = client(t, await superuserToken(t));
    expect((await admin.post(`/api/admin/orders/${row.id}/status/`, { status: 'paid' })).statusCode).toBe(409);
    expect((await admin.post(`/api/admin/orders/${row.id}/status/`, { status: 'cancelled', note: 'Buyer asked by phone.' })).statusCode).toBe(200);
    const { payment, response } = fake.pay(order.order_id);
    const delivery = fake.webhook('payment.captured', payment);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body })).json(),
    ).toEqual({ status: 'refund' });
    const late = await verify(buyer, code, response);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toBe(
      'This order was cancelled. Your payment of ₹2,950.00 is being refunded in full through our payment provider; banks usually show it within 5–7 working days.',
    );
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'cancelled', paymentStatus: 'captured', providerPaymentId: payment.id });
    // The money went back at the provider, once, and the order says so.
    await refundMailed(buyer.email, row.number);
    const atProvider = [...fake.refunds.values()].filter((r) => r.payment_id === payment.id);
    expect(atProvider).toEqual([expect.objectContaining({ amount: 295_000, status: 'processed' })]);
    const notes = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(notes.filter((n) => n.note.includes(payment.id)).map((n) => n.note)).toEqual([
      expect.stringMatching(/refunded in full through the provider/),
      expect.stringContaining(`Refund ${atProvider[0]!.id} of ₹2,950 made through the payment provider`),
    ]);
    expect(notes.some((n) => /refund due/i.test(n.note))).toBe(false);
    const own = (await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>();
    expect(own.refunds).toEqual([expect.objectContaining({ amount: '2950.00', status: 'processed', provider_refund_id: atProvider[0]!.id })]);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mails.map((m) => m.subject)).toContain(`Refund of ₹2,950 for your order ${row.number}`);
  });

  it('lets the reconciler complete an order whose webhook was lost', async () => {
    const buyer = await newBuyer(t, 'Jaya');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const order = await checkout(buyer, code, { address: ADDRESS });
    fake.pay(order.order_id);
    expect(await t.services.checkout.reconcilePendingOrders({ olderThanMs: 0 })).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'paid', paymentStatus: 'captured', address: ADDRESS });
    expect(await t.services.checkout.reconcilePendingOrders({ olderThanMs: 0 })).toBe(0);
    expect(await events(row.id, 'paid')).toBe(1);
  });

  it('answers 503 within RAZORPAY_TIMEOUT_MS when the provider hangs, and 502 when it refuses', async () => {
    const slow = await createTestApp({ ...fake.env, RAZORPAY_TIMEOUT_MS: '400' });
    try {
      const slowLamp = await stockedProduct(slow, 1, { price: 2_450, stock: 500 });
      const buyer = await newBuyer(slow, 'Lata');
      const code = newCartCode();
      expect((await client(slow, buyer.token).post('/api/add_item/', { cart_code: code, product_id: slowLamp.id, quantity: 4 })).statusCode).toBe(
        201,
      );
      const ordersBefore = (await slow.database.db.select({ n: count() }).from(orders))[0]!.n;
      fake.hang();
      try {
        const started = Date.now();
        const res = await client(slow, buyer.token).post('/api/create_order/', { cart_code: code });
        expect(Date.now() - started).toBeLessThan(3000);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'upstream_unavailable', detail: expect.stringMatching(/not answering/) });
      } finally {
        fake.hang(false);
      }
      fake.failWith({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } } });
      try {
        const res = await client(slow, buyer.token).post('/api/create_order/', { cart_code: code });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({ code: 'upstream_error', detail: 'The payment provider refused the request: Authentication failed' });
      } finally {
        fake.failWith(null);
      }
      expect((await slow.database.db.select({ n: count() }).from(orders))[0]!.n).toBe(ordersBefore);

      // The reconciler meets the same outage: it gives up after one timeout instead of one per pending
      // order, and a second run asked for meanwhile joins the first rather than queueing more calls.
      for (let i = 0; i < 3; i++) {
        const other = await newBuyer(slow, `Pending${i}`);
        const otherCode = newCartCode();
        expect((await client(slow, other.token).post('/api/add_item/', { cart_code: otherCode, product_id: slowLamp.id })).statusCode).toBe(201);
        expect((await client(slow, other.token).post('/api/create_order/', { cart_code: otherCode })).statusCode).toBe(200);
      }
      const asked = () => fake.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/payments')).length;
      const before = asked();
      fake.hang();
      try {
        const started = Date.now();
        const runs = await Promise.all([
          slow.services.checkout.reconcilePendingOrders({ olderThanMs: 0 }),
          slow.services.checkout.reconcilePendingOrders({ olderThanMs: 0 }),
        ]);
        expect(runs).toEqual([0, 0]);
        expect(asked() - before).toBe(1);
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        fake.hang(false);
      }
      // Once the provider is back, the next run asks about every pending order.
      expect(await slow.services.checkout.reconcilePendingOrders({ olderThanMs: 0 })).toBe(0);
      expect(asked() - before).toBe(1 + 3);
    } finally {
      await slow.close();
    }
  });

  it('opens one order for a cart however many create_order calls race for it', async () => {
    const buyer = await newBuyer(t, 'Dev');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => buyer.api.post('/api/create_order/', { cart_code: code, address: ADDRESS })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((a) => a.json<CreateOrderResponse>().order_id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ providerOrderId: [...ids][0], status: 'pending', address: ADDRESS });
    // And it is the order a later call for the unchanged cart gets.
    expect((await checkout(buyer, code)).order_id).toBe(rows[0]!.providerOrderId);
  });

  it('applies a webhook again when the first delivery failed half-way, instead of dropping it as a duplicate', async () => {
    const buyer = await newBuyer(t, 'Esha');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const order = await checkout(buyer, code, { address: ADDRESS });
    const { payment } = fake.pay(order.order_id);
    const delivery = fake.webhook('payment.captured', payment);
    const send = () => t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body });
    // A real database failure while the event is applied: the timeline refuses this payment's note.
    await t.database.db.execute(
      sql.raw(`alter table order_events add constraint test_block_webhook check (strpos(note, '${payment.id}') = 0) not valid`),
    );
    try {
      // Razorpay delivers again on any answer other than 2xx (a refused CHECK answers 409).
      const failed = await send();
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.database.db.execute(sql.raw('alter table order_events drop constraint test_block_webhook'));
    }
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'pending', paymentStatus: 'created' });
    // The provider retries the same event (same id): this time it is applied, once.
    expect((await send()).json()).toEqual({ status: 'paid' });
    expect((await send()).json()).toEqual({ status: 'duplicate' });
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: payment.id });
    expect(await events(row.id, 'paid')).toBe(1);
  });

  it('shows buyers and trackers the order moves without the owner-only payment notes', async () => {
    const buyer = await newBuyer(t, 'Neha');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const order = await checkout(buyer, code);
    const first = fake.pay(order.order_id);
    expect((await verify(buyer, code, first.response)).statusCode).toBe(200);
    // A second captured payment for the same order: a refund note for the owner.
    const second = fake.pay(order.order_id).payment;
    const delivery = fake.webhook('payment.captured', second);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body })).json(),
    ).toEqual({ status: 'refund' });
    const row = await orderRow(order.order_id);

    const tracked = (await client(t).get(`/api/orders/track/?number=${row.number}&email=${encodeURIComponent(buyer.email)}`)).json<TrackedOrder>();
    const own = (await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>();
    for (const timeline of [tracked.timeline, own.timeline]) {
      expect(timeline.map((e) => e.status)).toEqual(['pending', 'paid']);
      const text = JSON.stringify(timeline);
      expect(text).not.toContain(first.payment.id);
      expect(text).not.toContain(second.id);
      expect(text).not.toMatch(/refund/i);
    }
    // The owner still sees every note.
    const admin = client(t, await superuserToken(t));
    const adminView = (await admin.get(`/api/admin/orders/${row.id}/`)).json<AdminOrder>();
    expect(adminView.timeline.some((e) => e.note.includes(second.id) && /refunded in full through the provider/.test(e.note))).toBe(true);
    // Made by the request, or by the shop's reconciler if its pass held the refund's claim then.
    await expect.poll(() => [...fake.refunds.values()].filter((r) => r.payment_id === second.id), MAIL_WAIT).toHaveLength(1);
    expect(adminView.refunds).toHaveLength(1);
    // The owner's own words on a move reach the buyer.
    await admin.post(`/api/admin/orders/${row.id}/status/`, { status: 'ready_to_dispatch', note: 'Your lamp is packed.' });
    expect((await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>().timeline.at(-1)).toMatchObject({
      status: 'ready_to_dispatch',
      note: 'Your lamp is packed.',
    });
  });

  it('a buyer who cannot have the last piece is told before paying: 10 buyers race for 3 pieces, 3 hold them and pay', async () => {
    const chest = await stockedProduct(t, 3, { price: 31_000, stock: 3 });
    const refundsBefore = fake.refunds.size;
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => newBuyer(t, `Racer${i}`)));
    const carts = [];
    for (const buyer of buyers) carts.push({ buyer, code: await cartWith(buyer, [{ product_id: chest.id }]) });
    const answers = await Promise.all(carts.map((c) => c.buyer.api.post('/api/create_order/', { cart_code: c.code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json<{ detail: string }>().detail;
    expect(refused).toMatch(/sold out for now: the last 3 pieces are held for buyers who are paying/);
    // The database holds it: exactly as many holds as pieces, and nothing is charged yet.
    const holds = await t.database.db.select().from(stockHolds).where(eq(stockHolds.productId, chest.id));
    expect(holds.map((h) => h.state)).toEqual(['held', 'held', 'held']);
    // The chest is gone for the next buyer before any payment starts, and the storefront says so.
    const late = await newBuyer(t, 'Late');
    expect((await late.api.post('/api/add_item/', { cart_code: newCartCode(), product_id: chest.id })).statusCode).toBe(409);
    const shown = (await client(t).get(`/api/products/${chest.slug}/`)).json<{
      in_stock: boolean;
      stock_quantity: number;
      available_quantity: number;
    }>();
    expect(shown).toMatchObject({ in_stock: false, stock_quantity: 3, available_quantity: 0 });
    expect((await client(t).get('/api/products/?in_stock=true&limit=200')).json<{ id: number }[]>().map((p) => p.id)).not.toContain(chest.id);

    const winners = carts.flatMap((c, i) => (answers[i]!.statusCode === 200 ? [{ ...c, order: answers[i]!.json<CreateOrderResponse>() }] : []));
    const paid = await Promise.all(winners.map((w) => verify(w.buyer, w.code, fake.pay(w.order.order_id).response)));
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200, 200]);
    expect(await stockOf(t, chest.id)).toBe(0);
    expect(fake.refunds.size).toBe(refundsBefore);
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          buyers.map((b) => b.id),
        ),
      );
    expect(rows.filter((r) => r.status === 'paid')).toHaveLength(3);
    expect(rows.filter((r) => r.status === 'cancelled')).toHaveLength(0);

    // The owner cancels one paid order: its piece goes back on the shelf, the chest is for sale again and
    // the buyer's money goes back through the provider.
    const admin = client(t, await superuserToken(t));
    const sold = await withPayment(
      t.database.db,
      rows.find((r) => r.status === 'paid')!,
    );
    expect((await admin.post(`/api/admin/orders/${sold.id}/status/`, { status: 'cancelled', note: 'Buyer changed their mind' })).statusCode).toBe(
      200,
    );
    expect((await client(t).get(`/api/products/${chest.slug}/`)).json()).toMatchObject({ in_stock: true, stock_quantity: 1 });
    await expect
      .poll(() => [...fake.refunds.values()].filter((r) => r.payment_id === sold.providerPaymentId), MAIL_WAIT)
      .toEqual([expect.objectContaining({ amount: sold.totalPaise, status: 'processed' })]);
  });

  it('tracks an order by number and e-mail, and lets only the admin move it forward', async () => {
    const buyer = await newBuyer(t, 'Uma');
    const code = await cartWith(buyer, [{ product_id: lamp.id }]);
    const order = await checkout(buyer, code);
    await verify(buyer, code, fake.pay(order.order_id).response);
    const row = await orderRow(order.order_id);
    const guest = client(t);
    const tracked = await guest.get(`/api/orders/track/?number=${row.number.toLowerCase()}&email=${encodeURIComponent(buyer.email.toUpperCase())}`);
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json<TrackedOrder>()).toMatchObject({ number: row.number, status: 'paid', total_amount: '2950.00' });
    expect(tracked.json()).not.toHaveProperty('address');
    expect((await guest.get(`/api/orders/track/?number=${row.number}&email=someone@example.in`)).statusCode).toBe(404);
    expect((await guest.get(`/api/orders/track/?number=TW-000000-XXXXXX&email=${buyer.email}`)).statusCode).toBe(404);

    expect((await buyer.api.post(`/api/admin/orders/${row.id}/status/`, { status: 'in_production' })).statusCode).toBe(403);
    const admin = client(t, await superuserToken(t));
    const list = (await admin.get(`/api/admin/orders/?status=paid&search=${encodeURIComponent(buyer.email)}`)).json<AdminOrder[]>();
    expect(list.map((o) => o.id)).toEqual([row.id]);
    // A ready-to-ship lamp skips the workshop's stages.
    expect(list[0]).toMatchObject({ razorpay_payment_id: row.providerPaymentId, next_statuses: ['ready_to_dispatch', 'cancelled'] });
    expect((await admin.get(`/api/admin/orders/?search=${row.number}`)).json<AdminOrder[]>()).toHaveLength(1);

    const skip = await admin.post(`/api/admin/orders/${row.id}/status/`, { status: 'shipped' });
    expect(skip.statusCode).toBe(409);
    for (const status of ['ready_to_dispatch', 'shipped', 'delivered'] as const) {
      const res = await admin.post(`/api/admin/orders/${row.id}/status/`, {
        status,
        ...(status === 'shipped' ? { carrier: 'Blue Dart', tracking_number: 'BD123456789IN', note: 'Sent with Blue Dart.' } : {}),
      });
      expect(res.statusCode, status).toBe(200);
    }
    expect((await admin.post(`/api/admin/orders/${row.id}/status/`, { status: 'cancelled' })).statusCode).toBe(409);
    const shown = (await buyer.api.get(`/api/orders/${row.id}`)).json<Order>();
    expect(shown.timeline.map((e) => e.status)).toEqual(['pending', 'paid', 'ready_to_dispatch', 'shipped', 'delivered']);
    expect(shown).toMatchObject({ status: 'delivered', tracking_number: 'BD123456789IN' });
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email));
    expect(mails.map((m) => m.subject)).toContain(`Your order ${row.number}: Shipped`);
    expect(mails.find((m) => m.subject.endsWith('Shipped'))!.text).toContain('BD123456789IN');
  });

  it('gives the pieces of a paid order the admin cancels back to stock and refunds the payment at the provider', async () => {
    const buyer = await newBuyer(t, 'Vani');
    const before = await stockOf(t, lamp.id);
    const code = await cartWith(buyer, [{ product_id: lamp.id, quantity: 2 }]);
    const order = await checkout(buyer, code);
    await verify(buyer, code, fake.pay(order.order_id).response);
    const row = await orderRow(order.order_id);
    expect(await stockOf(t, lamp.id)).toBe(before - 2);
    const admin = client(t, await superuserToken(t));
    expect((await admin.post(`/api/admin/orders/${row.id}/status/`, { status: 'ready_to_dispatch' })).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/orders/${row.id}/status/`, { status: 'cancelled', note: 'The buyer changed their mind.' })).statusCode).toBe(
      200,
    );
    expect(await stockOf(t, lamp.id)).toBe(before);
    await refundMailed(buyer.email, row.number);
    const adminView = (await admin.get(`/api/admin/orders/${row.id}/`)).json<AdminOrder>();
    const total = `₹${(row.totalPaise / 100).toLocaleString('en-IN')}`;
    expect(adminView.timeline.map((e) => e.note).join('\n')).toContain(`is refunded in full (${total}.00) through the payment provider`);
    expect(adminView.timeline.at(-1)!.note).toMatch(new RegExp(`^Refund rfnd_\\S+ of ${total} made through the payment provider`));
    expect(adminView.refunds).toEqual([expect.objectContaining({ amount: (row.totalPaise / 100).toFixed(2), status: 'processed' })]);
    const buyerView = (await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>();
    expect(buyerView.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: 'The buyer changed their mind.' });
  });
});
