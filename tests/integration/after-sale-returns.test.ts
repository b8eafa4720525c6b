import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETURN_WINDOW_SENTENCE, type AfterSaleCounts, type Refund, type ReturnCase } from '../../contract/after-sale';
import type { Order } from '../../contract/orders';
import { orderEvents, orders, products, returns } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { afterSaleKit } from './after-sale-helpers';
import { newBuyer, superuserToken } from './checkout-helpers';

const DAY = 86_400_000;
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#6b4423' } })
    .jpeg()
    .toBuffer();

/** Returning a piece within 7 days of delivery, as the shop's policy promises (issue 31, decision 0038). */
describe('after the sale: returns', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let kit: ReturnType<typeof afterSaleKit>;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in' });
    kit = afterSaleKit(t, fake, await superuserToken(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  async function delivered(name: string, index: number) {
    const buyer = await newBuyer(t, name);
    const { row } = await kit.paidOrder(buyer, index, { price: 80_000 });
    await kit.moveTo(row.id, ['ready_to_dispatch', 'shipped', 'delivered']);
    const order = (await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>();
    return { buyer, row, order };
  }

  /** The buyer's report as a browser sends it: multipart with the pieces and photos. */
  async function report(token: string, orderId: number, fields: Record<string, string | string[]>, photos: Buffer[] = []) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    for (const bytes of photos) form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'damage.jpg');
    return t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/returns/`,
      headers: { authorization: `Bearer ${token}` },
      payload: form as unknown as Record<string, string>,
    });
  }

  it('a return inside 7 days is reported with a photo, accepted with a pickup date, received and partly refunded with a credit note of that amount', async () => {
    const { buyer, row, order } = await delivered('Return', 50);
    const itemId = order.items[0]!.id!;
    const res = await report(
      buyer.token,
      row.id,
      { reason: 'damaged_in_transit', description: 'A corner of the top is split.', items: [String(itemId)] },
      [await photo()],
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<ReturnCase>();
    expect(made).toMatchObject({ status: 'reported', reason: 'damaged_in_transit', items: [expect.objectContaining({ id: itemId })] });
    expect(made.photos).toHaveLength(1);
    expect(await kit.mails('studio@example.in', `Problem reported on order ${row.number}`)).toHaveLength(1);

    const queue = (await kit.owner.get('/api/admin/returns/')).json<ReturnCase[]>();
    expect(queue.map((r) => r.id)).toContain(made.id);
    const pickup = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const noDate = await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'accept', note: 'Sorry about this.' });
    expect(noDate.statusCode).toBe(400);
    const accepted = await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, {
      decision: 'accept',
      note: 'We are sorry.',
      pickup_date: pickup,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<ReturnCase>()).toMatchObject({ status: 'accepted', pickup_date: pickup, refund_due_on: expect.any(String) });
    const counts = (await kit.owner.get('/api/admin/after-sale/counts/')).json<AfterSaleCounts>();
    expect(counts.refunds_due).toBeGreaterThanOrEqual(1);

    expect((await kit.owner.post(`/api/admin/returns/${made.id}/received/`, {})).statusCode).toBe(200);
    expect((await kit.owner.post(`/api/admin/returns/${made.id}/received/`, {})).statusCode).toBe(409);

    const refund = await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, {
      amount: 12_500.5,
      note: 'For the split corner.',
      return_id: made.id,
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const given = refund.json<Refund>();
    expect(given).toMatchObject({ amount: 12_500.5, status: 'processed', note: 'For the split corner.' });
    expect(kit.providerRefunds(row.paymentId).map((r) => [r.id, r.amount])).toEqual([[given.provider_refund_id, 1_250_050]]);
    const notes = await kit.creditNotes(row.id);
    expect(notes.map((n) => n.totalPaise)).toEqual([1_250_050]);
    expect(notes[0]!.taxablePaise + notes[0]!.cgstPaise + notes[0]!.sgstPaise + notes[0]!.igstPaise).toBe(1_250_050);
    // Tax taken out at the line's rate (18% on furniture).
    expect(notes[0]!.taxablePaise).toBe(Math.round((1_250_050 * 100) / 118));
    expect((await buyer.api.get(given.credit_note_url!)).statusCode).toBe(200);

    const [after] = await t.database.db.select().from(returns).where(eq(returns.id, made.id));
    expect(after!.status).toBe('refunded');
    const timeline = (await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>().timeline.map((e) => e.note);
    expect(timeline).toEqual(
      expect.arrayContaining([
        'You reported a problem: damaged in transit.',
        expect.stringMatching(/^Return accepted: we will collect the piece on \d+ \w+ \d{4}\. We are sorry\.$/),
        'We received the returned piece.',
        'Refund of ₹12,500.50 initiated. For the split corner.',
      ]),
    );
    expect((await buyer.api.get(`/api/orders/${row.id}/returns/`)).json<ReturnCase[]>()).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect(await kit.mails(buyer.email, `Your return for order ${row.number} is accepted`)).toHaveLength(1);
    // Written once the refund is made, by whichever process made it: waited for.
    await expect
      .poll(() => kit.mails(buyer.email, `for your order ${row.number}`), { timeout: 20_000 })
      .toEqual([expect.objectContaining({ subject: expect.stringMatching(/^Refund of /) })]);
  });

  it('a return on day 8 is refused with the policy’s sentence and nothing is stored; a declined return is answered with a sentence', async () => {
    const { buyer, row, order } = await delivered('Late', 51);
    await t.database.db
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(orderEvents.orderId, row.id));
    const res = await report(
      buyer.token,
      row.id,
      { reason: 'wrong_finish', description: 'Walnut, not natural.', items: [String(order.items[0]!.id)] },
      [await photo()],
    );
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(RETURN_WINDOW_SENTENCE);
    expect(await t.database.db.select().from(returns).where(eq(returns.orderId, row.id))).toHaveLength(0);

    const fresh = await delivered('Declined', 52);
    const wrongItem = await report(fresh.buyer.token, fresh.row.id, { reason: 'wrong_piece', description: 'x', items: ['999999'] });
    expect(wrongItem.statusCode).toBe(400);
    const tooMany = await report(
      fresh.buyer.token,
      fresh.row.id,
      { reason: 'wrong_piece', description: 'Six photos.', items: [String(fresh.order.items[0]!.id)] },
      await Promise.all([1, 2, 3, 4, 5, 6].map(() => photo())),
    );
    expect(tooMany.statusCode).toBe(413);
    const notImage = new FormData();
    notImage.append('reason', 'wrong_piece');
    notImage.append('description', 'x');
    notImage.append('items', String(fresh.order.items[0]!.id));
    notImage.append('photos', new Blob(['<html></html>'], { type: 'image/jpeg' }), 'evil.jpg');
    const refusedFile = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${fresh.row.id}/returns/`,
      headers: { authorization: `Bearer ${fresh.buyer.token}` },
      payload: notImage as unknown as Record<string, string>,
    });
    expect(refusedFile.statusCode).toBe(415);
    expect(await t.database.db.select().from(returns).where(eq(returns.orderId, fresh.row.id))).toHaveLength(0);

    const made = (
      await report(fresh.buyer.token, fresh.row.id, {
        reason: 'size_outside_tolerance',
        description: 'An inch short.',
        items: [String(fresh.order.items[0]!.id)],
      })
    ).json<ReturnCase>();
    // Refunding a return not yet accepted is refused; then it is declined with a sentence.
    expect((await kit.owner.post(`/api/admin/orders/${fresh.row.id}/refunds/`, { amount: 100, note: 'x', return_id: made.id })).statusCode).toBe(409);
    const declined = await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, {
      decision: 'decline',
      note: 'One inch is within the stated tolerance.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'decline', note: 'again' })).statusCode).toBe(409);
    expect((await kit.owner.post('/api/admin/returns/999999/decision/', { decision: 'decline', note: 'x' })).statusCode).toBe(404);
    const timeline = (await fresh.buyer.api.get(`/api/orders/${fresh.row.id}/`)).json<Order>().timeline.map((e) => e.note);
    expect(timeline).toContain('Your return was declined. One inch is within the stated tolerance.');
  });

  it('an accepted return may be replaced instead: a new order at no charge, its piece taken from the shelf, once', async () => {
    const { buyer, row, order } = await delivered('Replace', 54);
    const made = (
      await report(buyer.token, row.id, { reason: 'wrong_finish', description: 'Walnut, not natural teak.', items: [String(order.items[0]!.id)] })
    ).json<ReturnCase>();
    expect((await kit.owner.post(`/api/admin/returns/${made.id}/replacement/`, {})).statusCode).toBe(409);
    const pickup = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect(
      (await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'accept', note: 'Sorry.', pickup_date: pickup })).statusCode,
    ).toBe(200);
    const productId = order.items[0]!.product.id!;
    const [before] = await t.database.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, productId));
    const sent = await kit.owner.post(`/api/admin/returns/${made.id}/replacement/`, { note: 'In natural teak this time.' });
    expect(sent.statusCode, sent.body).toBe(201);
    const replacement = sent.json<ReturnCase & { replacement_order_id: number }>();
    expect(replacement.status).toBe('replaced');
    const [after] = await t.database.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, productId));
    expect(after!.n).toBe(before!.n - 1);
    const fresh = (await buyer.api.get(`/api/orders/${replacement.replacement_order_id}/`)).json<Order>();
    expect(fresh).toMatchObject({ status: 'paid', total_amount: '0.00', items: [expect.objectContaining({ quantity: 1 })] });
    expect((await kit.owner.post(`/api/admin/returns/${made.id}/replacement/`, {})).statusCode).toBe(409);
    expect(kit.providerRefunds(row.paymentId)).toHaveLength(0);
    const timeline = (await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>().timeline.map((e) => e.note);
    expect(timeline).toContain(`A replacement is on its way at no charge: order ${fresh.number}. In natural teak this time.`);
    // The replacement moves through the workshop like any other order.
    await kit.moveTo(fresh.id, ['ready_to_dispatch']);
  });

  it('a replacement goes to the order’s address: none is a 409 sentence and nothing written; two at once make one order', async () => {
    const { buyer, row, order } = await delivered('Nowhere', 55);
    const made = (
      await report(buyer.token, row.id, { reason: 'wrong_finish', description: 'Walnut, not teak.', items: [String(order.items[0]!.id)] })
    ).json<ReturnCase>();
    const pickup = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    expect(
      (await kit.owner.post(`/api/admin/returns/${made.id}/decision/`, { decision: 'accept', note: 'Sorry.', pickup_date: pickup })).statusCode,
    ).toBe(200);
    // An order older than addresses on every order (decision 0046): a cart's order that names none.
    const [{ address }] = (await t.database.db.select({ address: orders.address }).from(orders).where(eq(orders.id, row.id))) as [
      { address: unknown },
    ];
    await t.database.db.update(orders).set({ address: null }).where(eq(orders.id, row.id));
    const ordersBefore = (await t.database.db.select({ id: orders.id }).from(orders)).length;
    const nowhere = await kit.owner.post(`/api/admin/returns/${made.id}/replacement/`, {});
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json<{ detail: string }>().detail).toBe(
      `Order ${row.number} names no delivery address, so a replacement has nowhere to go. Refund the return instead.`,
    );
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore);
    // Given its address back, two replacements asked at once make one order; the other is told it was answered.
    await t.database.db
      .update(orders)
      .set({ address: address as typeof orders.$inferInsert.address })
      .where(eq(orders.id, row.id));
    const answers = await Promise.all([1, 2].map(() => kit.owner.post(`/api/admin/returns/${made.id}/replacement/`, {})));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await t.database.db.select({ id: orders.id }).from(orders)).length).toBe(ordersBefore + 1);
    const sent = answers.find((a) => a.statusCode === 201)!.json<{ replacement_order_id: number }>();
    const [copy] = await t.database.db.select().from(orders).where(eq(orders.id, sent.replacement_order_id));
    // Nobody pays a replacement: it names no provider and no provider order, no cart; it goes where the order went.
    expect(copy).toMatchObject({ provider: null, providerOrderId: null, cartId: null, cartFingerprint: null, totalPaise: 0, address });
    const shown = (await buyer.api.get(`/api/orders/${copy!.id}/`)).json<Order>();
    expect(shown).toMatchObject({ razorpay_order_id: null, financial_status: 'paid', total_amount: '0.00', status: 'paid' });
  });

  it('a paid order not yet delivered cannot be reported; a shipped one may still be cancelled, on request; a delivered one not', async () => {
    const buyer = await newBuyer(t, 'Early');
    const { row } = await kit.paidOrder(buyer, 53, { price: 30_000 });
    const early = await report(buyer.token, row.id, { reason: 'wrong_piece', description: 'x', items: ['1'] });
    expect(early.statusCode).toBe(409);
    await kit.moveTo(row.id, ['ready_to_dispatch', 'shipped']);
    // Before delivery the policy allows a cancellation: on its way, it is a request the owner answers.
    const late = await buyer.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'changed_mind' });
    expect(late.statusCode, late.body).toBe(202);
    expect(late.json<{ cancellation_request: { status: string } }>().cancellation_request.status).toBe('requested');
    const other = await kit.paidOrder(buyer, 54, { price: 30_000 });
    await kit.moveTo(other.row.id, ['ready_to_dispatch', 'shipped', 'delivered']);
    const delivered = await buyer.api.post(`/api/orders/${other.row.id}/cancel/`, { reason: 'changed_mind' });
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json<{ detail: string }>().detail).toMatch(/^This order has been delivered/);
  });
});
