import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderCounts, Order, OrderStatus, TrackedOrder } from '../../contract/orders';
import { emailOutbox, orderEvents, orders, users } from '../../server/db/schema';
import { ADMIN, createAdminTestApp, CUSTOMER, CUSTOMER_ADDRESS, login, type AdminTestApp } from './admin-support';

let t: AdminTestApp;
let auth: Record<string, string>;
let buyerAuth: Record<string, string>;
const run = Math.random().toString(36).slice(2, 7).toUpperCase();

beforeAll(async () => {
  t = await createAdminTestApp();
  auth = await login(t, ADMIN);
  buyerAuth = await login(t, CUSTOMER);
});
afterAll(() => t.close());

const adminGet = async <T>(url: string) => {
  const res = await t.app.inject({ url, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const move = (id: number, body: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/status/`, headers: auth, payload: body });

let n = 0;
/** An order of the seeded customer, written as the payment code leaves it. */
async function placeOrder(status: OrderStatus, email = CUSTOMER.email): Promise<{ id: number; number: string }> {
  const db = t.database.db;
  const [priya] = await db.select({ id: users.id }).from(users).where(eq(users.email, CUSTOMER.email));
  const paid = status !== 'pending' && status !== 'expired';
  const number = `TW-${run}-${++n}`;
  const [row] = await db
    .insert(orders)
    .values({
      number,
      userId: priya!.id,
      status,
      paymentStatus: paid ? 'captured' : 'abandoned',
      subtotalPaise: 1_249_950,
      shippingPaise: 50_000,
      totalPaise: 1_299_950,
      shippingMethod: 'standard',
      provider: 'simulated',
      providerOrderId: `order_${run}_${n}`,
      cartFingerprint: `fp${run}${n}`,
      email,
      address: CUSTOMER_ADDRESS,
      paidAt: paid ? new Date() : null,
    })
    .returning({ id: orders.id });
  await db.insert(orderEvents).values({ orderId: row!.id, status: 'pending', note: '' });
  if (paid) await db.insert(orderEvents).values({ orderId: row!.id, status, note: '' });
  return { id: row!.id, number };
}

describe('the owner’s orders list', () => {
  it('an owner sees paid orders by default, with abandoned and expired payment attempts kept under their own filters and counted', async () => {
    const email = `list-${run.toLowerCase()}@example.in`;
    const paid = await placeOrder('paid', email);
    const shipped = await placeOrder('delivered', email);
    const cancelled = await placeOrder('cancelled', email);
    const abandoned = await placeOrder('pending', email);
    const abandonedToo = await placeOrder('pending', email);
    const expired = await placeOrder('expired', email);
    const ids = (list: AdminOrder[]) => list.map((o) => o.id).sort((a, b) => a - b);
    const sorted = (...list: { id: number }[]) => list.map((o) => o.id).sort((a, b) => a - b);

    const byDefault = await adminGet<AdminOrder[]>(`/api/admin/orders/?search=${email}`);
    expect(ids(byDefault)).toEqual(sorted(paid, shipped, cancelled));
    expect(ids(await adminGet<AdminOrder[]>(`/api/admin/orders/?view=paid&search=${email}`))).toEqual(sorted(paid, shipped, cancelled));
    expect(ids(await adminGet<AdminOrder[]>(`/api/admin/orders/?view=pending&search=${email}`))).toEqual(sorted(abandoned, abandonedToo));
    expect(ids(await adminGet<AdminOrder[]>(`/api/admin/orders/?view=expired&search=${email}`))).toEqual(sorted(expired));
    expect(ids(await adminGet<AdminOrder[]>(`/api/admin/orders/?view=all&search=${email}`))).toEqual(
      sorted(paid, shipped, cancelled, abandoned, abandonedToo, expired),
    );
    // Nothing is lost: an abandoned attempt is still found by its number.
    expect(ids(await adminGet<AdminOrder[]>(`/api/admin/orders/?view=all&search=${abandoned.number}`))).toEqual([abandoned.id]);
    expect(await adminGet<AdminOrderCounts>(`/api/admin/orders/counts/?search=${email}`)).toEqual({ paid: 3, pending: 2, expired: 1, all: 6 });
    const everything = await adminGet<AdminOrderCounts>('/api/admin/orders/counts/');
    expect(everything.all).toBe(everything.paid + everything.pending + everything.expired);

    const wrong = await t.app.inject({ url: '/api/admin/orders/?view=unpaid', headers: auth });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ detail: string }>().detail).toMatch(/Use one of: paid, pending, expired, all\./);
    expect((await t.app.inject({ url: '/api/admin/orders/counts/', headers: buyerAuth })).statusCode).toBe(403);
  });
});

describe('shipping an order', () => {
  it('an order is marked shipped only with a carrier and tracking number, which the buyer then sees', async () => {
    const order = await placeOrder('ready_to_dispatch');
    const incomplete: Record<string, string>[] = [
      { status: 'shipped' },
      { status: 'shipped', carrier: 'Blue Dart' },
      { status: 'shipped', tracking_number: '  ', carrier: ' ' },
    ];
    for (const body of incomplete) {
      const refused = await move(order.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      const answer = refused.json<{ detail: string; errors: Record<string, string[]> }>();
      expect(answer.detail).toBe('An order can be marked shipped only with its carrier and tracking number, so the buyer can follow the parcel.');
      expect(answer.errors.tracking_number).toEqual(['Enter the tracking number the carrier gave.']);
    }
    expect((await move(order.id, { status: 'shipped', carrier: 'Blue Dart', tracking_number: 'BD1', tracking_url: 'not a link' })).statusCode).toBe(
      400,
    );
    // Nothing changed.
    expect((await adminGet<AdminOrder>(`/api/admin/orders/${order.id}/`)).status).toBe('ready_to_dispatch');
    const mailsBefore = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, CUSTOMER.email));

    const shipped = await move(order.id, {
      status: 'shipped',
      carrier: ' Blue Dart ',
      tracking_number: 'BD123456789IN',
      tracking_url: 'https://www.bluedart.com/tracking?awb=BD123456789IN',
      note: 'Sent from Chennai.',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json<AdminOrder>()).toMatchObject({
      status: 'shipped',
      carrier: 'Blue Dart',
      tracking_number: 'BD123456789IN',
      tracking_url: 'https://www.bluedart.com/tracking?awb=BD123456789IN',
    });

    // The buyer's own order (additive fields), the tracking page's answer and the shipped e-mail carry them.
    const own = await t.app.inject({ url: `/api/orders/${order.id}/`, headers: buyerAuth });
    expect(own.json<Order>()).toMatchObject({
      carrier: 'Blue Dart',
      tracking_number: 'BD123456789IN',
      tracking_url: expect.stringContaining('bluedart'),
    });
    const tracked = await t.app.inject({ url: `/api/orders/track/?number=${order.number}&email=${CUSTOMER.email}` });
    expect(tracked.json<TrackedOrder>()).toMatchObject({ carrier: 'Blue Dart', tracking_number: 'BD123456789IN' });
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, CUSTOMER.email));
    const mail = mails.find((m) => !mailsBefore.some((b) => b.id === m.id) && m.subject === `Your order ${order.number}: Shipped`);
    expect(mail?.text).toContain('Carrier: Blue Dart');
    expect(mail?.text).toContain('Tracking number: BD123456789IN');
    expect(mail?.text).toContain('https://www.bluedart.com/tracking?awb=BD123456789IN');

    // Delivered later: the shipment's details stay.
    expect((await move(order.id, { status: 'delivered' })).statusCode).toBe(200);
    expect(await adminGet<AdminOrder>(`/api/admin/orders/${order.id}/`)).toMatchObject({
      status: 'delivered',
      carrier: 'Blue Dart',
      tracking_number: 'BD123456789IN',
    });
  });
});
