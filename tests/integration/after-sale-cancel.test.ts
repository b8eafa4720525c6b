import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AfterSaleCounts, CancellationRequest, Refund } from '../../contract/after-sale';
import type { Order } from '../../contract/orders';
import { cancellations, charges, orders, refunds } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { afterSaleKit } from './after-sale-helpers';
import { newBuyer, stockOf, superuserToken } from './checkout-helpers';

/** Cancelling from the order page, as the shop's policy promises (issue 31, decision 0038), on PGlite and PostgreSQL. */
describe('after the sale: cancelling an order', () => {
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

  it('before the workshop starts, a cancellation is immediate: the captured amount refunded through Razorpay, the piece back in stock, a credit note, both e-mailed', async () => {
    const buyer = await newBuyer(t, 'Early');
    const { piece, row } = await kit.paidOrder(buyer, 40, { price: 42_000 });
    const before = await stockOf(t, piece.id);
    const res = await buyer.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'changed_mind' });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<Order>();
    expect(order.status).toBe('cancelled');
    expect(order.refunds).toEqual([expect.objectContaining({ amount: (row.totalPaise / 100).toFixed(2), status: 'processed' })]);
    expect(await stockOf(t, piece.id)).toBe(before + 1);
    const made = kit.providerRefunds(row.paymentId);
    expect(made.map((r) => r.amount)).toEqual([row.totalPaise]);
    expect(order.refunds[0]!.provider_refund_id).toBe(made[0]!.id);
    const notes = await kit.creditNotes(row.id);
    expect(notes.map((n) => n.totalPaise)).toEqual([row.totalPaise]);
    expect(await kit.mails(buyer.email, `Your order ${row.number} is cancelled`)).toHaveLength(1);
    expect(await kit.mails('studio@example.in', `Order ${row.number} cancelled`)).toHaveLength(1);
    // The buyer reads the refund line with Razorpay's reference; a second cancel is refused and changes nothing.
    const view = await t.services.afterSale.buyerView(buyer.id, row.id);
    expect(view.refunds[0]).toMatchObject({ provider_refund_id: made[0]!.id, amount: row.totalPaise / 100 });
    const again = await buyer.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'changed_mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toBe('This order is already cancelled.');
    expect(kit.providerRefunds(row.paymentId)).toHaveLength(1);
  });

  it('the fee applies exactly where the policy says: a non-furniture order under ₹5,000 not shipped keeps ₹500; furniture, or ₹5,000 and above, none', async () => {
    const buyer = await newBuyer(t, 'Fee');
    const small = await kit.paidOrder(buyer, 41, { price: 3_000, hsn: '4418' });
    const res = await buyer.api.post(`/api/orders/${small.row.id}/cancel/`, { reason: 'other', note: 'Bought two by mistake' });
    expect(res.statusCode, res.body).toBe(200);
    expect(kit.providerRefunds(small.row.paymentId).map((r) => r.amount)).toEqual([small.row.totalPaise - 50_000]);
    expect((await kit.creditNotes(small.row.id)).map((n) => n.totalPaise)).toEqual([small.row.totalPaise - 50_000]);
    const [kept] = await t.database.db.select().from(cancellations).where(eq(cancellations.orderId, small.row.id));
    expect(kept!.feePaise).toBe(50_000);

    const furniture = await kit.paidOrder(buyer, 42, { price: 3_000 });
    expect((await buyer.api.post(`/api/orders/${furniture.row.id}/cancel/`, { reason: 'found_elsewhere' })).statusCode).toBe(200);
    expect(kit.providerRefunds(furniture.row.paymentId).map((r) => r.amount)).toEqual([furniture.row.totalPaise]);

    const large = await kit.paidOrder(buyer, 43, { price: 5_000, hsn: '9701' });
    expect(large.row.totalPaise).toBeGreaterThanOrEqual(500_000);
    expect((await buyer.api.post(`/api/orders/${large.row.id}/cancel/`, { reason: 'found_elsewhere' })).statusCode).toBe(200);
    expect(kit.providerRefunds(large.row.paymentId).map((r) => r.amount)).toEqual([large.row.totalPaise]);
  });

  it('once the workshop has started, a cancellation is a request the owner declines or accepts with the amount to refund', async () => {
    const buyer = await newBuyer(t, 'Late');
    const { row } = await kit.paidOrder(buyer, 44, { price: 60_000, madeToOrder: true });
    await kit.moveTo(row.id, ['design_signoff', 'timber_selection']);
    const asked = await buyer.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'delivery_too_late' });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = asked.json<{ cancellation_request: CancellationRequest }>().cancellation_request;
    expect(request).toMatchObject({ status: 'requested', reason: 'delivery_too_late' });
    expect((await t.database.db.select().from(orders).where(eq(orders.id, row.id)))[0]!.status).toBe('in_production');
    expect(kit.providerRefunds(row.paymentId)).toHaveLength(0);
    expect((await buyer.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'changed_mind' })).statusCode).toBe(409);

    const queue = await kit.owner.get('/api/admin/cancellation-requests/');
    expect(queue.json<CancellationRequest[]>().map((r) => r.id)).toContain(request.id);
    expect((await buyer.api.get('/api/admin/cancellation-requests/')).statusCode).toBe(403);

    // Declined with a sentence: the order goes on.
    const declined = await kit.owner.post(`/api/admin/cancellation-requests/${request.id}/decision/`, {
      decision: 'decline',
      note: 'The teak for your table is already cut to size.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await kit.owner.post(`/api/admin/cancellation-requests/${request.id}/decision/`, { decision: 'accept', note: 'x' })).statusCode).toBe(
      409,
    );
    const timeline = (await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>().timeline.map((e) => e.note);
    expect(timeline).toContain('Your cancellation request was declined. The teak for your table is already cut to size.');

    // Asked again and accepted with part of the payment back; more than was paid is refused and changes nothing.
    const second = (await buyer.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'changed_mind' })).json<{
      cancellation_request: CancellationRequest;
    }>().cancellation_request;
    const tooMuch = await kit.owner.post(`/api/admin/cancellation-requests/${second.id}/decision/`, {
      decision: 'accept',
      refund_amount: row.totalPaise / 100 + 1,
      note: 'x',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ detail: string }>().detail).toMatch(/^Only ₹[\d,]+ of this order's payment is left to refund/);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, row.id)))[0]!.status).toBe('in_production');
    const accepted = await kit.owner.post(`/api/admin/cancellation-requests/${second.id}/decision/`, {
      decision: 'accept',
      refund_amount: 45_000,
      note: 'The timber already cut is kept; the rest comes back to you.',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<CancellationRequest>().refund_due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(kit.providerRefunds(row.paymentId).map((r) => r.amount)).toEqual([4_500_000]);
    expect((await kit.creditNotes(row.id)).map((n) => n.totalPaise)).toEqual([4_500_000]);
    expect((await buyer.api.get(`/api/orders/${row.id}/`)).json<Order>().status).toBe('cancelled');
    expect(await kit.mails(buyer.email, `Your order ${row.number} is cancelled`)).toHaveLength(1);
  });

  it('two owners refunding the remainder at once make one provider refund; refunds never exceed what was captured', async () => {
    const buyer = await newBuyer(t, 'Race');
    const { row } = await kit.paidOrder(buyer, 45, { price: 30_000 });
    const part = await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, { amount: 1_000, note: 'A scratch on the top, as agreed.' });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json<Refund>()).toMatchObject({ amount: 1_000, status: 'processed', credit_note_url: expect.stringMatching(/credit-note\/$/) });
    const rest = (row.totalPaise - 100_000) / 100;
    const race = await Promise.all([0, 1].map(() => kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, { amount: rest, note: 'The rest.' })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(race.find((r) => r.statusCode === 409)!.json<{ detail: string }>().detail).toBe('This order has already been refunded in full.');
    expect(
      kit
        .providerRefunds(row.paymentId)
        .map((r) => r.amount)
        .sort((a, b) => a - b),
    ).toEqual([100_000, row.totalPaise - 100_000].sort((a, b) => a - b));
    const [charge] = await t.database.db.select().from(charges).where(eq(charges.providerPaymentId, row.paymentId));
    expect(charge!.refundedPaise).toBe(charge!.amountPaise);
    const over = await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, { amount: 1, note: 'One more.' });
    expect(over.statusCode).toBe(409);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(2);
    // Each refund has its own credit note, for exactly its amount, numbered consecutively.
    const notes = await kit.creditNotes(row.id);
    expect(notes.map((n) => n.totalPaise).sort((a, b) => a - b)).toEqual([100_000, row.totalPaise - 100_000].sort((a, b) => a - b));
    expect(notes[1]!.seq - notes[0]!.seq).toBe(1);
    for (const n of notes) expect(n.taxablePaise + n.cgstPaise + n.sgstPaise + n.igstPaise).toBe(n.totalPaise);
    const pdf = await buyer.api.get(part.json<Refund>().credit_note_url!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  /** A refund of the order's payment as a request writes it down, in the state another process left it. */
  async function writtenRefund(
    row: { id: number; paymentId: string },
    amountPaise: number,
    state: Pick<typeof refunds.$inferInsert, 'status' | 'attempts' | 'claimedUntil'>,
  ) {
    const [charge] = await t.database.db.select().from(charges).where(eq(charges.providerPaymentId, row.paymentId));
    const [written] = await t.database.db
      .insert(refunds)
      .values({
        orderId: row.id,
        chargeId: charge!.id,
        provider: charge!.provider,
        providerPaymentId: row.paymentId,
        amountPaise,
        reason: 'A scratch, refunded by the owner.',
        idempotencyKey: `${state.status}-${row.id}`,
        ...state,
      })
      .returning();
    return written!;
  }

  it('a refund another process is asking the provider for is waited for, so the owner reads how it went, not "pending"', async () => {
    const buyer = await newBuyer(t, 'Waits');
    const { row } = await kit.paidOrder(buyer, 45, { price: 30_000 });
    // The reconciler of another process took this refund just after it was written, and is asking the provider.
    const taken = await writtenRefund(row, 50_000, { status: 'requesting', attempts: 1, claimedUntil: new Date(Date.now() + 60_000) });
    let answered = false;
    const refunding = t.services.checkout.refundOrder(row.id).then(() => (answered = true));
    // Many round trips of the database later, the other process still asking: no answer yet.
    for (let i = 0; i < 20; i++) await t.database.db.select().from(refunds).where(eq(refunds.id, taken.id));
    expect(answered).toBe(false);
    await t.database.db
      .update(refunds)
      .set({ status: 'processed', providerRefundId: 'rfnd_other', claimedUntil: null })
      .where(eq(refunds.id, taken.id));
    await refunding;
    expect(answered).toBe(true);
  });

  it('the reconciler leaves a refund written a moment ago to the request that wrote it, and makes one left behind', async () => {
    const buyer = await newBuyer(t, 'Fresh');
    const { row } = await kit.paidOrder(buyer, 47, { price: 30_000 });
    // Written by a request that is about to ask the provider itself.
    const fresh = await writtenRefund(row, 40_000, { status: 'pending' });
    await t.services.checkout.reconcilePendingOrders();
    const [untouched] = await t.database.db.select().from(refunds).where(eq(refunds.id, fresh.id));
    expect(untouched).toMatchObject({ status: 'pending', attempts: 0, providerRefundId: null });
    // Its request died before asking: a minute later the reconciler makes it.
    await t.database.db
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(refunds.id, fresh.id));
    await t.services.checkout.reconcilePendingOrders();
    const [made] = await t.database.db.select().from(refunds).where(eq(refunds.id, fresh.id));
    expect(made).toMatchObject({ status: 'processed', attempts: 1 });
    expect(made!.providerRefundId).toMatch(/^rfnd_/);
  });

  it('another customer’s order is a 404; a buyer on the owner’s routes a 403; a bad amount a 400; nothing changes', async () => {
    const buyer = await newBuyer(t, 'Owner');
    const stranger = await newBuyer(t, 'Stranger');
    const { row } = await kit.paidOrder(buyer, 46, { price: 20_000 });
    expect((await stranger.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'changed_mind' })).statusCode).toBe(404);
    expect((await stranger.api.get(`/api/orders/${row.id}/returns/`)).statusCode).toBe(404);
    expect((await stranger.api.post(`/api/orders/${row.id}/returns/`, { reason: 'wrong_piece', description: 'x', items: [1] })).statusCode).toBe(404);
    expect((await stranger.api.get(`/api/orders/${row.id}/refunds/1/credit-note/`)).statusCode).toBe(404);
    expect((await buyer.api.post(`/api/admin/orders/${row.id}/refunds/`, { amount: 10, note: 'mine' })).statusCode).toBe(403);
    expect((await buyer.api.get('/api/admin/returns/')).statusCode).toBe(403);
    expect((await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, { amount: -5, note: 'x' })).statusCode).toBe(400);
    expect((await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, { amount: 'ten', note: 'x' })).statusCode).toBe(400);
    expect((await kit.owner.post(`/api/admin/orders/${row.id}/refunds/`, { amount: 10.001, note: 'x' })).statusCode).toBe(400);
    expect((await buyer.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'other' })).statusCode).toBe(400);
    expect((await buyer.api.post(`/api/orders/${row.id}/cancel/`, { reason: 'bored' })).statusCode).toBe(400);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, row.id)))[0]!.status).toBe('paid');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(0);
    expect(kit.providerRefunds(row.paymentId)).toHaveLength(0);
    const counts = await kit.owner.get('/api/admin/after-sale/counts/');
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json<AfterSaleCounts>().refunds_due).toBeGreaterThanOrEqual(0);
  });
});
