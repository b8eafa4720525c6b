import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCartCode } from '../../contract/cart';
import { PAYMENT_FLOW, PAYMENT_STATUSES } from '../../contract/money';
import type { CreateOrderResponse, PaymentSuccess } from '../../contract/orders';
import { charges, orderEvents, orders, refunds } from '../../server/db/schema';
import { movePayment, orderMoney, recordRefund } from '../../server/modules/money/money.service';
import { AppError } from '../../server/lib/errors';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ADDRESS, newBuyer, stockedProduct, stockOf, withPayment } from './checkout-helpers';

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/** The ledger of charges and refunds and the payment-status table (decision 0037), on PGlite and PostgreSQL. */
describe('the money ledger', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in' });
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  async function paidOrder(buyer: Buyer, productIndex: number, price: number) {
    const piece = await stockedProduct(t, productIndex, { price, stock: 5 });
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: piece.id })).statusCode).toBe(201);
    const res = await buyer.api.post('/api/create_order/', { cart_code: code });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<CreateOrderResponse>();
    return { piece, code, order };
  }
  const verify = (buyer: Buyer, code: string, paid: PaymentSuccess) =>
    buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address: ADDRESS });
  const rowOf = async (providerOrderId: string) =>
    withPayment(t.database.db, (await t.database.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId)))[0]!);

  it('a paid order is one charge of its total; its paid and refundable sums come from the ledger', async () => {
    const buyer = await newBuyer(t, 'Ledger');
    const { code, order } = await paidOrder(buyer, 30, 8_000);
    expect((await verify(buyer, code, fake.pay(order.order_id).response)).statusCode).toBe(200);
    const row = await rowOf(order.order_id);
    expect(await t.database.db.select().from(charges).where(eq(charges.orderId, row.id))).toEqual([
      expect.objectContaining({ purpose: 'order', amountPaise: row.totalPaise, refundedPaise: 0, providerPaymentId: row.providerPaymentId }),
    ]);
    expect(await orderMoney(t.database.db, row.id)).toEqual({ capturedPaise: row.totalPaise, refundedPaise: 0, refundablePaise: row.totalPaise });
  });

  it('two refunds of the remainder racing make one refund, and refunds never exceed what was captured', async () => {
    const buyer = await newBuyer(t, 'Racer');
    const { code, order } = await paidOrder(buyer, 31, 9_000);
    expect((await verify(buyer, code, fake.pay(order.order_id).response)).statusCode).toBe(200);
    const row = await rowOf(order.order_id);
    // A part first, then two owners each give back the rest at the same moment, with keys of their own.
    expect(
      await recordRefund(t.database.db, {
        orderId: row.id,
        paymentId: row.providerPaymentId!,
        amountPaise: 100_000,
        reason: 'a scratch',
        key: 'part-1',
      }),
    ).toBe(true);
    const rest = row.totalPaise - 100_000;
    const race = await Promise.allSettled(
      ['owner-a', 'owner-b'].map((key) =>
        t.database.db.transaction((tx) =>
          recordRefund(tx, { orderId: row.id, paymentId: row.providerPaymentId!, amountPaise: rest, reason: 'returned', key }),
        ),
      ),
    );
    expect(race.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = race.find((r) => r.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(AppError);
    expect((refused!.reason as AppError).status).toBe(409);
    expect((refused!.reason as AppError).detail).toBe('This payment has already been refunded in full.');
    const written = await t.database.db.select().from(refunds).where(eq(refunds.orderId, row.id));
    expect(written.map((r) => r.amountPaise).sort((a, b) => a - b)).toEqual([100_000, rest].sort((a, b) => a - b));
    expect(await orderMoney(t.database.db, row.id)).toEqual({ capturedPaise: row.totalPaise, refundedPaise: row.totalPaise, refundablePaise: 0 });
    // A paisa more is refused with a sentence, and nothing is written.
    await expect(
      recordRefund(t.database.db, { orderId: row.id, paymentId: row.providerPaymentId!, amountPaise: 1, reason: 'x', key: 'over' }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(2);
    // The database itself refuses a refunded sum above the charge, whoever writes it.
    await expect(
      t.database.db
        .update(charges)
        .set({ refundedPaise: row.totalPaise + 1 })
        .where(eq(charges.orderId, row.id)),
    ).rejects.toThrow();
  });

  it('two payments of one order racing make one paid order and one refunded payment', async () => {
    const buyer = await newBuyer(t, 'Twice');
    const { piece, code, order } = await paidOrder(buyer, 32, 6_500);
    const before = await stockOf(t, piece.id);
    const first = fake.pay(order.order_id);
    const second = fake.pay(order.order_id);
    const answers = await Promise.all([verify(buyer, code, first.response), verify(buyer, code, second.response)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const row = await rowOf(order.order_id);
    expect(row.status).toBe('paid');
    expect([first.payment.id, second.payment.id]).toContain(row.providerPaymentId);
    const other = row.providerPaymentId === first.payment.id ? second.payment.id : first.payment.id;
    // Both payments are charges of the ledger; the one that did not buy the order is refunded in full, once.
    const ledger = await t.database.db.select().from(charges).where(eq(charges.orderId, row.id));
    expect(ledger.map((c) => [c.providerPaymentId, c.refundedPaise]).sort()).toEqual(
      [
        [row.providerPaymentId, 0],
        [other, row.totalPaise],
      ].sort(),
    );
    // Made by the request, or by the shop's reconciler if its pass held the refund's claim then.
    await expect.poll(() => [...fake.refunds.values()].filter((r) => r.payment_id === other), { timeout: 20_000 }).toHaveLength(1);
    expect([...fake.refunds.values()].filter((r) => r.payment_id === row.providerPaymentId)).toHaveLength(0);
    expect(await stockOf(t, piece.id)).toBe(before - 1);
    const late = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(late.filter((e) => e.kind === 'late_payment').map((e) => e.data)).toEqual([
      expect.objectContaining({ payment_id: other, late: 'paid_already' }),
    ]);
  });

  it('two checkouts of one cart at once (two tabs, each its method), both paid: one paid order, the other payment refunded once', async () => {
    const buyer = await newBuyer(t, 'Two tabs');
    const piece = await stockedProduct(t, 33, { price: 7_000, stock: 5 });
    const before = await stockOf(t, piece.id);
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: piece.id })).statusCode).toBe(201);
    const opened = await Promise.all(
      (['standard', 'express'] as const).map((method) => buyer.api.post('/api/create_order/', { cart_code: code, shipping_method: method })),
    );
    expect(opened.map((r) => r.statusCode)).toEqual([200, 200]);
    const [a, b] = opened.map((r) => r.json<CreateOrderResponse>());
    expect(a!.order_id).not.toBe(b!.order_id);
    const paid = [fake.pay(a!.order_id), fake.pay(b!.order_id)];
    const answers = await Promise.all(paid.map((p) => verify(buyer, code, p.response)));
    // Each tab is answered with a sentence, never a server error: one with its order, the other told its payment comes back.
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const cartOrders = await t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.providerOrderId, [a!.order_id, b!.order_id]));
    const kept = cartOrders.filter((o) => o.status === 'paid');
    expect(kept).toHaveLength(1);
    const keptPayment = paid.find((p) => p.payment.order_id === kept[0]!.providerOrderId)!.payment.id;
    const other = paid.find((p) => p.payment.id !== keptPayment)!.payment;
    const ledger = await t.database.db
      .select()
      .from(charges)
      .where(
        inArray(
          charges.orderId,
          cartOrders.map((o) => o.id),
        ),
      );
    expect(ledger.map((c) => [c.providerPaymentId, c.refundedPaise]).sort()).toEqual(
      [
        [keptPayment, 0],
        [other.id, other.amount],
      ].sort(),
    );
    await vi.waitFor(() => expect([...fake.refunds.values()].filter((r) => r.payment_id === other.id)).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect([...fake.refunds.values()].filter((r) => r.payment_id === keptPayment)).toHaveLength(0);
    expect(await stockOf(t, piece.id)).toBe(before - 1);
    // Asked to pay again (a third tab), the cart names the order that paid it.
    const again = await buyer.api.post('/api/create_order/', { cart_code: code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'cart_paid', order_id: kept[0]!.id });
  });

  it('the payment status moves only as PAYMENT_FLOW allows, once however many callers race', async () => {
    expect(PAYMENT_FLOW.captured).toEqual([]);
    for (const from of PAYMENT_STATUSES) for (const to of PAYMENT_FLOW[from]) expect(PAYMENT_STATUSES).toContain(to);
    const buyer = await newBuyer(t, 'Flow');
    const { code, order } = await paidOrder(buyer, 33, 4_000);
    const row = await rowOf(order.order_id);
    const moves = await Promise.all([1, 2, 3].map(() => movePayment(t.database.db, row.id, 'attempted')));
    expect(moves.filter(Boolean)).toHaveLength(1);
    expect((await rowOf(order.order_id)).paymentStatus).toBe('attempted');
    expect((await verify(buyer, code, fake.pay(order.order_id).response)).statusCode).toBe(200);
    // A captured payment never moves back.
    expect(await movePayment(t.database.db, row.id, 'failed')).toBeNull();
    expect(await movePayment(t.database.db, row.id, 'abandoned')).toBeNull();
    expect((await rowOf(order.order_id)).paymentStatus).toBe('captured');
    // The database refuses a status outside the vocabulary.
    await expect(t.database.executeSql(`update orders set payment_status = 'paid-ish' where id = $1`, [row.id])).rejects.toThrow();
  });
});
