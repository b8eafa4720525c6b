import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCartCode } from '../../contract/cart';
import { istDate } from '../../contract/consultations';
import { PINCODE_MESSAGE, type DeliveryEstimate, type Exclusion, type RateTable, type UnservedPincode } from '../../contract/delivery';
import type { Product } from '../../contract/catalog';
import type { CreateOrderResponse, Order } from '../../contract/orders';
import { carts, emailOutbox, orders, products } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { ADDRESS, MAIL_WAIT, client, newBuyer, stockedProduct, superuserToken } from './checkout-helpers';

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

const DELHI = { ...ADDRESS, city: 'New Delhi', state: 'Delhi', postal_code: '110001' };
const BENGALURU = { ...ADDRESS, city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' };
const UNSERVED = /^Sorry, we do not deliver to pincode 560001 \(Bengaluru\) yet\./;

describe('delivery to a pincode', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let owner: Record<string, string>;
  /** A light ready-to-ship piece (12 kg) and a heavy made-to-order bed (90 kg), by slug. */
  let stool: { id: number; slug: string; pricePaise: number };
  let bed: { id: number; slug: string; pricePaise: number };

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({ ...fake.env });
    owner = { authorization: `Bearer ${await superuserToken(t)}` };
    stool = await stockedProduct(t, 0, { price: 4_999, stock: 50 });
    bed = await stockedProduct(t, 1, { price: 89_999, stock: 50 });
    // The owner gives the pieces their shipping fields through the product API.
    const patch = (slug: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/products/${slug}/`, headers: owner, payload });
    const stoolRes = await patch(stool.slug, { shipping_weight_kg: '12', packed_length_cm: '50', packed_width_cm: '40', packed_height_cm: '50' });
    expect(stoolRes.statusCode, stoolRes.body).toBe(200);
    const bedRes = await patch(bed.slug, {
      stock_kind: 'made_to_order',
      shipping_weight_kg: '90',
      packed_length_cm: '200',
      packed_width_cm: '100',
      packed_height_cm: '30',
      production_weeks_min: '6',
      production_weeks_max: '10',
    });
    expect(bedRes.statusCode, bedRes.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const estimate = async (query: string) => {
    const res = await client(t).get(`/api/delivery/estimate/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DeliveryEstimate>();
  };
  const price = (e: DeliveryEstimate, code: 'standard' | 'express') => e.methods.find((m) => m.code === code)!.price;
  const providerOrders = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders').length;
  async function cartWith(buyer: Buyer, productId: number, quantity = 1) {
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: productId, quantity })).statusCode).toBe(201);
    return code;
  }

  it('the product API answers the shipping fields the owner gave; volumetric weight counts when larger', async () => {
    const res = await client(t).get(`/api/products/${bed.slug}/`);
    expect(res.statusCode).toBe(200);
    // 200 × 100 × 30 / 5000 = 120 kg of volume against 90 kg on the scales.
    expect(res.json<Product>()).toMatchObject({
      shipping_weight_kg: 90,
      packed_size: { length: 200, width: 100, height: 30 },
      chargeable_weight_kg: 120,
      production_weeks_min: 6,
      production_weeks_max: 10,
      stock_kind: 'made_to_order',
    });
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/products/${stool.slug}/`, headers: owner, payload: { packed_height_cm: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toBe('Give the packed length, width and height together, or none of them.');
  });

  it('a Chennai pincode gets the home zone’s ₹500 / ₹1,000, whatever the piece weighs', async () => {
    for (const product of [stool, bed]) {
      const e = await estimate(`pincode=600004&product=${product.slug}`);
      expect(e).toMatchObject({ pincode: '600004', serviceable: true, city: 'Chennai', state: 'Tamil Nadu', zone: 'home' });
      expect(price(e, 'standard')).toBe(500);
      expect(price(e, 'express')).toBe(1000);
      expect(e.message).toMatch(/^Delivers to 600004 \(Chennai\) (between|on) /);
    }
    const plain = await estimate('pincode=600001');
    expect(plain.methods.map((m) => [m.code, m.name, m.price])).toEqual([
      ['standard', 'Standard Delivery', 500],
      ['express', 'Express Delivery', 1000],
    ]);
  });

  it('a far pincode and a heavy piece cost more, by the owner’s table, and the owner’s change prices at once', async () => {
    const near = await estimate(`pincode=560001&product=${stool.slug}`);
    const far = await estimate(`pincode=110001&product=${stool.slug}`);
    const farHeavy = await estimate(`pincode=110001&product=${bed.slug}`);
    expect(near).toMatchObject({ city: 'Bengaluru', zone: 'south' });
    expect(far).toMatchObject({ city: 'New Delhi', zone: 'north' });
    // The default table: 12 kg (stool: 50×40×50/5000 = 20 kg by volume) is the lightest band; the bed's 120 kg the third.
    expect([price(near, 'standard'), price(near, 'express')]).toEqual([900, 1600]);
    expect([price(far, 'standard'), price(far, 'express')]).toEqual([1900, 3200]);
    expect([price(farHeavy, 'standard'), price(farHeavy, 'express')]).toEqual([5200, 8200]);
    expect(price(far, 'standard')).toBeGreaterThan(price(near, 'standard'));

    const table = (await t.app.inject({ url: '/api/admin/delivery/rates/', headers: owner })).json<RateTable>();
    const north = table.zones.find((z) => z.code === 'north')!;
    north.rates[0] = { ...north.rates[0]!, standard: 2100, express: 3500 };
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/delivery/rates/', headers: owner, payload: table });
    expect(put.statusCode, put.body).toBe(200);
    const repriced = await estimate(`pincode=110001&product=${stool.slug}`);
    expect([price(repriced, 'standard'), price(repriced, 'express')]).toEqual([2100, 3500]);

    // A table that breaks the rules is refused with a sentence, and nothing changes.
    const broken = structuredClone(table);
    broken.zones[0]!.rates = [{ up_to_kg: null, standard: 100, express: 200 }];
    const refused = await t.app.inject({ method: 'PUT', url: '/api/admin/delivery/rates/', headers: owner, payload: broken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ detail: string }>().detail).toMatch(/home zone/);
    expect(price(await estimate('pincode=600004'), 'standard')).toBe(500);
  });

  it('a made-to-order piece’s window starts weeks out, a ready-to-ship piece’s days out', async () => {
    const today = istDate(new Date());
    const made = await estimate(`pincode=560001&product=${bed.slug}`);
    const ready = await estimate(`pincode=560001&product=${stool.slug}`);
    const standard = (e: DeliveryEstimate) => e.methods.find((m) => m.code === 'standard')!;
    // Six weeks of production, then transit.
    expect(standard(made).days_min).toBeGreaterThanOrEqual(42);
    expect(standard(made).days_max).toBeGreaterThanOrEqual(70);
    expect(standard(made).date_from > today).toBe(true);
    // Dispatch in 1 to 6 working days, then 3 to 6 working days on the road: within three weeks.
    expect(standard(ready).days_min).toBeGreaterThanOrEqual(2);
    expect(standard(ready).days_max).toBeLessThanOrEqual(21);
    for (const e of [made, ready])
      for (const m of e.methods) {
        expect(m.date_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(m.date_from <= m.date_to).toBe(true);
        expect(new Date(`${m.date_from}T00:00:00Z`).getUTCDay()).not.toBe(0);
      }
    // Express is never slower than standard.
    expect(made.methods[1]!.date_to <= made.methods[0]!.date_to).toBe(true);
  });

  it('a malformed pincode is 400 with a sentence; an unknown one is 200, not serviceable, saying so', async () => {
    for (const bad of ['5600', 'abcdef', '0600001', '']) {
      const res = await client(t).get(`/api/delivery/estimate/?pincode=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ detail: string; errors: Record<string, string[]> }>()).toMatchObject({
        code: 'invalid',
        detail: expect.stringContaining(PINCODE_MESSAGE),
        errors: { pincode: [PINCODE_MESSAGE] },
      });
    }
    expect((await client(t).get('/api/delivery/estimate/')).statusCode).toBe(400);
    const unknown = await estimate('pincode=999999');
    expect(unknown).toEqual({
      pincode: '999999',
      serviceable: false,
      city: null,
      state: null,
      district: null,
      zone: null,
      methods: [],
      message: 'We could not find pincode 999999. Please check it.',
    });
    expect((await client(t).get('/api/delivery/estimate/?pincode=600004&product=no-such-piece')).statusCode).toBe(404);
  });

  it('create_order prices delivery to the address; a client-sent shipping amount is ignored; the order keeps its window and the e-mail states it', async () => {
    const buyer = await newBuyer(t, 'Farah');
    const code = await cartWith(buyer, stool.id, 2);
    const subtotal = stool.pricePaise * 2;
    const before = providerOrders();
    // The spec's client computes Rs.500 shipping: for Delhi that matches no total of the server's, so it is refused, nothing asked of the provider.
    const flat = await buyer.api.post('/api/create_order/', { cart_code: code, amount: subtotal + 500_00, address: DELHI });
    expect(flat.statusCode).toBe(409);
    expect(flat.json<{ code: string; detail: string }>()).toMatchObject({ code: 'price_changed', pincode: '110001', shown_paise: subtotal + 500_00 });
    expect(flat.json<{ detail: string }>().detail).toMatch(
      /^The price changed since it was shown: delivery to 110001 is now ₹[\d,]+\.00, so the total is/,
    );
    expect(providerOrders()).toBe(before);
    // A shipping amount in the body is not a field the call takes.
    const sneaky = await buyer.api.post('/api/create_order/', { cart_code: code, shipping_amount: 0, address: DELHI });
    expect(sneaky.statusCode).toBe(400);

    const e = await estimate(`pincode=110001&cart_code=${code}`);
    const created = await buyer.api.post('/api/create_order/', { cart_code: code, shipping_method: 'standard', address: DELHI });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<CreateOrderResponse>();
    // 2 stools: 40 kg chargeable, the second band of the (repriced) north zone.
    const table = (await t.app.inject({ url: '/api/admin/delivery/rates/', headers: owner })).json<RateTable>();
    const band = table.zones.find((z) => z.code === 'north')!.rates.find((r) => r.up_to_kg === null || 40 <= r.up_to_kg)!;
    expect(order.shipping_amount).toBe(`${band.standard}.00`);
    expect(order.amount).toBe(subtotal + band.standard * 100);
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders').at(-1)!.body).toMatchObject({
      amount: subtotal + band.standard * 100,
    });
    expect(order.delivery_window).toEqual({ from: expect.any(String), to: expect.any(String) });
    expect(e.methods[0]!.price).toBe(band.standard);

    // The amount still picks the method, against the server's own prices.
    const express = await buyer.api.post('/api/create_order/', { cart_code: code, amount: subtotal + band.express * 100, address: DELHI });
    expect(express.statusCode, express.body).toBe(200);
    expect(express.json<CreateOrderResponse>()).toMatchObject({ shipping_method: 'express', shipping_amount: `${band.express}.00` });
    const paid = fake.pay(express.json<CreateOrderResponse>().order_id).response;
    const verified = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address: DELHI });
    expect(verified.statusCode, verified.body).toBe(200);
    const orderId = verified.json<{ order_id: number }>().order_id;
    const mine = (await buyer.api.get(`/api/orders/${orderId}/`)).json<Order>();
    expect(mine.delivery_window).toEqual(express.json<CreateOrderResponse>().delivery_window);
    expect(mine.delivery_pincode).toBe('110001');
    // Until the owner revises it, the expected delivery is the promised window.
    expect(mine.expected_delivery).toEqual(mine.delivery_window);
    // Sent by a job, after the answer.
    const mail = await vi.waitFor(async () => {
      const [found] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, buyer.email), eq(emailOutbox.subject, `Order confirmed: ${mine.number}`)));
      expect(found).toBeDefined();
      return found;
    }, MAIL_WAIT);
    expect(mail!.text).toMatch(/Delivers to 110001 \(New Delhi\) (between|on) \d{1,2}/);
    // Stools in stock leave from the shelf: the mail says when, not that they wait in the workshop's queue.
    expect(mail!.text).toContain('Your order is ready on our shelves and will be dispatched in 1–6 days.');
    expect(mail!.text).not.toContain('workshop');
  });

  it('without an address the spec’s flat rates apply; the window is kept once the payment brings the address', async () => {
    const buyer = await newBuyer(t, 'Gopal');
    const code = await cartWith(buyer, bed.id);
    const res = await buyer.api.post('/api/create_order/', { cart_code: code, amount: bed.pricePaise + 1000_00 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CreateOrderResponse>()).toMatchObject({ shipping_method: 'express', shipping_amount: '1000.00', delivery_window: null });
    // The address comes with the payment: the charge stays the flat one, and the window to it is kept then.
    const paid = fake.pay(res.json<CreateOrderResponse>().order_id).response;
    const verified = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address: DELHI });
    expect(verified.statusCode, verified.body).toBe(200);
    const order = (await buyer.api.get(`/api/orders/${verified.json<{ order_id: number }>().order_id}/`)).json<Order>();
    expect(order).toMatchObject({ shipping_amount: '1000.00', delivery_pincode: '110001' });
    expect(order.delivery_window!.from >= istDate(new Date())).toBe(true);
    expect(order.expected_delivery).toEqual(order.delivery_window);
  });

  it('one answer for which methods a cart gets at a pincode: a method not offered there is refused by create_order (409), nothing asked of the provider', async () => {
    const buyer = await newBuyer(t, 'Meera');
    const code = await cartWith(buyer, bed.id);
    const mumbai = (await buyer.api.post('/api/addresses/', { ...ADDRESS, city: 'Mumbai', state: 'Maharashtra', postal_code: '400001' })).json<{
      id: number;
    }>();
    // A bed made over weeks: Express would save a few days of ~80, so the server offers Standard alone there.
    const e = await estimate(`pincode=400001&cart_code=${code}`);
    expect(e.methods.map((m) => [m.code, m.offered])).toEqual([
      ['standard', true],
      ['express', false],
    ]);
    const before = providerOrders();
    const orderRows = async () => (await t.database.db.select({ n: count() }).from(orders).where(eq(orders.userId, buyer.id)))[0]!.n;
    const standardTotal = bed.pricePaise + price(e, 'standard') * 100;
    const expressTotal = bed.pricePaise + price(e, 'express') * 100;
    // Chosen by name or picked by its amount, Express is refused with the method that is offered and its total.
    for (const body of [{ shipping_method: 'express' }, { amount: expressTotal }, { shipping_method: 'express', amount: expressTotal }]) {
      const refused = await buyer.api.post('/api/create_order/', { cart_code: code, address_id: mumbai.id, ...body });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'method_not_offered',
        shipping_method: 'express',
        pincode: '400001',
        offered_method: 'standard',
        total_paise: standardTotal,
        detail: `Express Delivery is not offered to 400001. Standard Delivery there is ₹${price(e, 'standard').toLocaleString('en-IN')}.00, so the total is ₹${(standardTotal / 100).toLocaleString('en-IN')}.00. Nothing was charged.`,
      });
    }
    expect(providerOrders()).toBe(before);
    expect(await orderRows()).toBe(0);
    // The figure the estimate gave is the figure charged.
    const ok = await buyer.api.post('/api/create_order/', { cart_code: code, address_id: mumbai.id, amount: standardTotal });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<CreateOrderResponse>()).toMatchObject({ shipping_method: 'standard', amount: standardTotal });
    expect(providerOrders()).toBe(before + 1);

    // A ready-to-ship piece to a far city: Express brings it materially sooner, so both are offered and Express is charged.
    const other = await newBuyer(t, 'Kabir');
    const stoolCart = await cartWith(other, stool.id);
    const far = await estimate(`pincode=110001&cart_code=${stoolCart}`);
    expect(far.methods.every((m) => m.offered)).toBe(true);
    const express = await other.api.post('/api/create_order/', { cart_code: stoolCart, shipping_method: 'express', address: DELHI });
    expect(express.statusCode, express.body).toBe(200);
    expect(express.json<CreateOrderResponse>().amount).toBe(stool.pricePaise + price(far, 'express') * 100);
  });

  it('an excluded district is refused at the estimate, the address and create_order, with nothing charged; the owner sees it asked for', async () => {
    const customer = await newBuyer(t, 'Harish');
    const refusedWrite = await customer.api.post('/api/admin/delivery/exclusions/', { kind: 'district', state: 'Karnataka', district: 'Bengaluru' });
    expect(refusedWrite.statusCode).toBe(403);
    expect((await client(t).post('/api/admin/delivery/exclusions/', { kind: 'state', state: 'Kerala' })).statusCode).toBe(401);

    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/exclusions/',
      headers: owner,
      payload: { kind: 'district', state: 'karnataka', district: 'bengaluru', note: 'Testing' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const exclusion = added.json<Exclusion>();
    expect(exclusion).toMatchObject({ kind: 'district', state: 'Karnataka', district: 'Bengaluru', label: 'Bengaluru, Karnataka' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/exclusions/',
      headers: owner,
      payload: { kind: 'district', state: 'Karnataka', district: 'Bengaluru' },
    });
    expect(again.statusCode).toBe(409);
    const nowhere = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/exclusions/',
      headers: owner,
      payload: { kind: 'state', state: 'Atlantis' },
    });
    expect(nowhere.statusCode).toBe(409);

    const e = await estimate(`pincode=560001&product=${stool.slug}`);
    expect(e).toMatchObject({ serviceable: false, city: 'Bengaluru', state: 'Karnataka', methods: [] });
    expect(e.message).toMatch(UNSERVED);

    const buyer = await newBuyer(t, 'Indira');
    const saved = await buyer.api.post('/api/addresses/', BENGALURU);
    expect(saved.statusCode).toBe(409);
    expect(saved.json<{ detail: string }>().detail).toBe(e.message);
    expect((await buyer.api.get('/api/get_user_addresses/')).json<unknown[]>()).toEqual([]);

    const code = await cartWith(buyer, stool.id);
    const before = providerOrders();
    const refused = await buyer.api.post('/api/create_order/', { cart_code: code, address: BENGALURU });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(e.message);
    expect(providerOrders()).toBe(before);
    const [cart] = await t.database.db.select().from(carts).where(eq(carts.cartCode, code));
    expect((await t.database.db.select({ n: count() }).from(orders).where(eq(orders.cartId, cart!.id)))[0]!.n).toBe(0);

    // A saved address whose district was excluded afterwards is refused too.
    const near = await buyer.api.post('/api/addresses/', { ...ADDRESS, postal_code: '600004' });
    expect(near.statusCode).toBe(201);
    const unserved = (await t.app.inject({ url: '/api/admin/delivery/unserved/', headers: owner })).json<UnservedPincode[]>();
    expect(unserved.find((u) => u.pincode === '560001')).toMatchObject({ city: 'Bengaluru', state: 'Karnataka', count: expect.any(Number) });
    expect(unserved.find((u) => u.pincode === '560001')!.count).toBeGreaterThanOrEqual(3);

    // A range exclusion covers its ends.
    const range = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/exclusions/',
      headers: owner,
      payload: { kind: 'range', pincode_from: '744101', pincode_to: '744304' },
    });
    expect(range.statusCode, range.body).toBe(201);
    expect((await estimate('pincode=744101')).serviceable).toBe(false);
    expect((await estimate('pincode=744301')).serviceable).toBe(false);
    const backwards = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/exclusions/',
      headers: owner,
      payload: { kind: 'range', pincode_from: '744304', pincode_to: '744101' },
    });
    expect(backwards.statusCode).toBe(400);

    // Lifting the exclusion serves the district again.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/delivery/exclusions/${exclusion.id}/`, headers: owner })).statusCode).toBe(204);
    expect((await estimate('pincode=560001')).serviceable).toBe(true);
    expect((await buyer.api.post('/api/addresses/', BENGALURU)).statusCode).toBe(201);
  });

  it('a payment with an address the shop does not deliver to is refunded in full; an order priced to one pincode keeps its address', async () => {
    const kochi = { ...ADDRESS, city: 'Kochi', state: 'Kerala', postal_code: '682001' };
    const excluded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/delivery/exclusions/',
      headers: owner,
      payload: { kind: 'range', pincode_from: '682001', pincode_to: '682001' },
    });
    expect(excluded.statusCode, excluded.body).toBe(201);

    // The spec's client opens the order without an address and names it only with the payment.
    const buyer = await newBuyer(t, 'Jaya');
    const code = await cartWith(buyer, stool.id);
    const [before] = await t.database.db
      .select({ stock: products.stockQuantity, reserved: products.reservedQuantity })
      .from(products)
      .where(eq(products.id, stool.id));
    const created = await buyer.api.post('/api/create_order/', { cart_code: code, amount: stool.pricePaise + 500_00 });
    expect(created.statusCode, created.body).toBe(200);
    const paid = fake.pay(created.json<CreateOrderResponse>().order_id).response;
    const verified = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address: kochi });
    expect(verified.statusCode, verified.body).toBe(409);
    expect(verified.json<{ detail: string }>().detail).toMatch(
      /^Sorry, we do not deliver to pincode 682001\. Your payment of ₹[\d,]+\.\d\d is being refunded in full/,
    );
    const [order] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, paid.razorpay_order_id));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'captured', deliveryFrom: null });
    expect(fake.calls.some((c) => c.method === 'POST' && c.path === `/v1/payments/${paid.razorpay_payment_id}/refund`)).toBe(true);
    // The piece is for sale again: nothing was taken from stock or left held.
    const [after] = await t.database.db
      .select({ stock: products.stockQuantity, reserved: products.reservedQuantity })
      .from(products)
      .where(eq(products.id, stool.id));
    expect(after).toEqual(before);

    // An order priced and promised to Delhi keeps the Delhi address when the payment names another pincode.
    const other = await newBuyer(t, 'Kiran');
    const otherCode = await cartWith(other, stool.id);
    const priced = await other.api.post('/api/create_order/', { cart_code: otherCode, shipping_method: 'standard', address: DELHI });
    expect(priced.statusCode, priced.body).toBe(200);
    const otherPaid = fake.pay(priced.json<CreateOrderResponse>().order_id).response;
    const otherVerified = await other.api.post('/api/verify_payment/', {
      cart_code: otherCode,
      ...otherPaid,
      address: { ...ADDRESS, postal_code: '600004' },
    });
    expect(otherVerified.statusCode, otherVerified.body).toBe(200);
    const kept = (await other.api.get(`/api/orders/${otherVerified.json<{ order_id: number }>().order_id}/`)).json<Order>();
    expect(kept).toMatchObject({ status: 'paid', delivery_pincode: '110001', address: { postal_code: '110001', city: 'New Delhi' } });

    const id = excluded.json<Exclusion>().id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/delivery/exclusions/${id}/`, headers: owner })).statusCode).toBe(204);
  });

  it('the stored product fields are guarded by the database', async () => {
    await expect(t.database.db.update(products).set({ packedLengthCm: 10, packedWidthCm: null }).where(eq(products.id, stool.id))).rejects.toThrow();
    await expect(
      t.database.db.update(products).set({ productionWeeksMin: 12, productionWeeksMax: 6 }).where(eq(products.id, bed.id)),
    ).rejects.toThrow();
  });
});
