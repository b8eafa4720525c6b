import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse, Order, PaymentSuccess } from '../../contract/orders';
import { createTestApp, type TestApp } from '../support/app';
import { ADDRESS, newBuyer, stockedProduct } from './checkout-helpers';

describe('checkout with the simulated provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await stockedProduct(t, 0, { price: 18_500, stock: 10 });
  });
  afterAll(() => t.close());

  it('runs a whole purchase offline and keeps the simulated payments to their owner', async () => {
    const buyer = await newBuyer(t, 'Sim');
    const product = await stockedProduct(t, 0, { price: 18_500, stock: 10 });
    const code = newCartCode();
    await buyer.api.post('/api/add_item/', { cart_code: code, product_id: product.id, finish: 'Walnut' });
    const address = (await buyer.api.post('/api/addresses/', ADDRESS)).json<{ id: number }>();
    const order = (await buyer.api.post('/api/create_order/', { cart_code: code, amount: 1_950_000 })).json<CreateOrderResponse>();
    expect(order).toMatchObject({ provider: 'simulated', razorpay_key: 'simulated', amount: 1_950_000, shipping_method: 'express' });

    const stranger = await newBuyer(t, 'Other');
    expect((await stranger.api.post('/api/payments/simulated/pay/', { razorpay_order_id: order.order_id })).statusCode).toBe(404);
    const failed = await buyer.api.post('/api/payments/simulated/fail/', { razorpay_order_id: order.order_id });
    expect(failed.json<{ error: { description: string } }>().error.description).toBe('The simulated bank declined the payment.');
    const paid = (await buyer.api.post('/api/payments/simulated/pay/', { razorpay_order_id: order.order_id })).json<PaymentSuccess>();
    expect(paid.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    const forged = await buyer.api.post('/api/verify_payment/', {
      cart_code: code,
      ...paid,
      razorpay_signature: 'b'.repeat(64),
      address: address.id,
    });
    expect(forged.statusCode).toBe(400);
    const res = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address: address.id });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await buyer.api.get(`/api/orders/${res.json<{ order_id: number }>().order_id}/`)).json<Order>();
    expect(shown).toMatchObject({ status: 'paid', total_amount: '19500.00', address: { city: 'Chennai' } });
    // Deleting the address later leaves the order's copy alone.
    await buyer.api.del('/api/delete_user_address/', { id: address.id });
    expect((await buyer.api.get(`/api/orders/${shown.id}/`)).json<Order>().address).toEqual(shown.address);
    expect((await buyer.api.post('/api/payments/simulated/pay/', { razorpay_order_id: order.order_id })).statusCode).toBe(409);
  });
});
