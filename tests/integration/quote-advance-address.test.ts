import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../../contract/orders';
import type { Quote, QuoteRequest } from '../../contract/quotes';
import { charges, orders, products, quotePayments, quotes, refunds } from '../../server/db/schema';
import { ADVANCE_REFUNDED_NO_ADDRESS, NO_ADDRESS_FOR_ADVANCE } from '../../server/modules/quotes/payments';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { form, png } from './admin-support';
import { ADDRESS, newBuyer, superuserToken } from './checkout-helpers';

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/**
 * An advance asked before a delivery address was chosen (a provider order of before decision 0046) cannot become an
 * order (issue 39): the window refuses to take it, and one paid all the same is charged and refunded once, never lost.
 */
function quoteShop(t: () => TestApp) {
  let owner: Record<string, string>;
  let slug = '';
  const as = (buyer: Buyer) => ({ authorization: `Bearer ${buyer.token}` });
  let calls = 0;
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers,
      remoteAddress: `10.41.${Math.floor(++calls / 250)}.${calls % 250}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, string> }),
    });

  async function setUp() {
    owner = { authorization: `Bearer ${await superuserToken(t())}` };
    const [first] = await t().database.db.select().from(products).orderBy(products.id).limit(1);
    await t()
      .database.db.update(products)
      .set({ customizable: true, stockKind: 'made_to_order', dimensions: { length: 200, breadth: 160, height: 90 }, finishes: ['Walnut'] })
      .where(eq(products.id, first!.id));
    slug = first!.slug;
    t().services.catalog.invalidate();
  }

  /** A quote accepted for the buyer's Chennai address, then left as an advance of before decision 0046: no address anywhere. */
  async function advanceWithoutAddress(buyer: Buyer): Promise<{ quote: Quote; accepted: CreateOrderResponse }> {
    const asked = await inject(
      'POST',
      '/api/quote-requests/',
      as(buyer),
      form({
        product: slug,
        length: '180',
        breadth: '160',
        height: '90',
        finish: 'Walnut',
        pincode: '600004',
        photos: { bytes: await png(), filename: 'room.png', type: 'image/png' },
      }),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const priced = await inject('POST', '/api/admin/quotes/', owner, {
      request: asked.json<QuoteRequest>().id,
      lines: [{ piece: 'A bed in your size', finish: 'Walnut', price: 60_000 }],
      delivery: 2_000,
      production_weeks: 6,
    });
    expect(priced.statusCode, priced.body).toBe(201);
    const sent = await inject('POST', `/api/admin/quotes/${priced.json<Quote>().id}/send/`, owner);
    expect(sent.statusCode, sent.body).toBe(200);
    const quote = sent.json<Quote>();
    const saved = await inject('POST', '/api/addresses/', as(buyer), ADDRESS);
    const accepted = await inject('POST', `/api/quotes/${quote.id}/accept/`, as(buyer), { address: saved.json<{ id: number }>().id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const db = t().database.db;
    await db.update(quotes).set({ address: null }).where(eq(quotes.id, quote.id));
    await db.update(quotePayments).set({ address: null, deliveryPincode: null, deliveryPaise: null }).where(eq(quotePayments.quoteId, quote.id));
    return { quote, accepted: accepted.json<CreateOrderResponse>() };
  }

  return { setUp, advanceWithoutAddress, inject, as, addressOf: (buyer: Buyer) => inject('POST', '/api/addresses/', as(buyer), ADDRESS) };
}

describe('an advance with no delivery address, paid through Razorpay', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  const shop = quoteShop(() => t);

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp(fake.env);
    await shop.setUp();
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const hook = (payment: Parameters<FakeRazorpay['webhook']>[1]) => {
    const delivery = fake.webhook('payment.captured', payment);
    return t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body });
  };

  it('a capture for it is charged and refunded in full once, whether the webhook or the buyer comes first; no order is made', async () => {
    const buyer = await newBuyer(t, 'Nowhere');
    const { quote, accepted } = await shop.advanceWithoutAddress(buyer);
    const paid = fake.pay(accepted.order_id);
    const answers = await Promise.all([
      hook(paid.payment),
      shop.inject('POST', `/api/quotes/${quote.id}/verify_payment/`, shop.as(buyer), paid.response),
      hook(paid.payment),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json<{ detail: string }>().detail).toBe(ADVANCE_REFUNDED_NO_ADDRESS('₹31,000.00'));
    // And once more after it all settled: the buyer's retry and a late notice change nothing.
    expect((await shop.inject('POST', `/api/quotes/${quote.id}/verify_payment/`, shop.as(buyer), paid.response)).statusCode).toBe(409);
    expect((await hook(paid.payment)).statusCode).toBe(200);
    await t.services.checkout.retryRefunds();

    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    const [charge] = await t.database.db.select().from(charges).where(eq(charges.providerPaymentId, paid.payment.id));
    expect(charge).toMatchObject({ orderId: null, purpose: 'advance', amountPaise: 3_100_000, refundedPaise: 3_100_000 });
    // Made by the request, or by the shop's reconciler if its pass held the refund's claim then.
    const given = () => t.database.db.select().from(refunds).where(eq(refunds.providerPaymentId, paid.payment.id));
    await expect
      .poll(async () => (await given()).map((r) => [r.orderId, r.amountPaise, r.status]), { timeout: 20_000 })
      .toEqual([[null, 3_100_000, 'processed']]);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === paid.payment.id).map((r) => r.amount)).toEqual([3_100_000]);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: 'accepted', orderId: null });

    // Accepting again with an address asks a new provider order, and that advance becomes the order.
    const again = await shop.inject('POST', `/api/quotes/${quote.id}/accept/`, shop.as(buyer), {
      address: (await shop.addressOf(buyer)).json<{ id: number }>().id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<CreateOrderResponse>().order_id).not.toBe(accepted.order_id);
    const second = fake.pay(again.json<CreateOrderResponse>().order_id);
    const verified = await shop.inject('POST', `/api/quotes/${quote.id}/verify_payment/`, shop.as(buyer), second.response);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ payment_status: 'part_paid', amount_paid: 31_000 });
  });

  it('the reconciler finds such a payment and gives it back too', async () => {
    const buyer = await newBuyer(t, 'Lost');
    const { quote, accepted } = await shop.advanceWithoutAddress(buyer);
    const paid = fake.pay(accepted.order_id);
    await t.database.db
      .update(quotePayments)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(quotePayments.quoteId, quote.id));
    await t.services.checkout.reconcilePendingOrders({ olderThanMs: 0 });
    await t.services.checkout.retryRefunds();
    await expect
      .poll(() => [...fake.refunds.values()].filter((r) => r.payment_id === paid.payment.id).map((r) => r.amount), { timeout: 20_000 })
      .toEqual([3_100_000]);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
  });
});

describe('an advance with no delivery address, in the simulated window', () => {
  let t: TestApp;
  const shop = quoteShop(() => t);
  beforeAll(async () => {
    t = await createTestApp();
    await shop.setUp();
  });
  afterAll(() => t?.close());

  it('is refused with 409 and a sentence, and nothing is taken', async () => {
    const buyer = await newBuyer(t, 'Window');
    const { quote, accepted } = await shop.advanceWithoutAddress(buyer);
    const pay = await buyer.api.post('/api/payments/simulated/pay/', { razorpay_order_id: accepted.order_id });
    expect(pay.statusCode, pay.body).toBe(409);
    expect(pay.json<{ detail: string }>().detail).toBe(NO_ADDRESS_FOR_ADVANCE);
    const [row] = await t.database.db.select().from(quotePayments).where(eq(quotePayments.quoteId, quote.id));
    expect(row!.providerPaymentId).toBeNull();
    expect(await t.database.db.select().from(charges).where(eq(charges.providerOrderId, accepted.order_id))).toEqual([]);
  });
});
