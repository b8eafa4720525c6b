import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import { gstr1Schema, PERIOD_MESSAGE, type Gstr1 } from '../../contract/gstr1';
import { istMonth } from '../../contract/india';
import type { CreateOrderResponse, PaymentSuccess } from '../../contract/orders';
import { invoices, orders } from '../../server/db/schema';
import { creditNoteForRefund, issueInvoice, issueReceiptVoucher } from '../../server/modules/invoices/invoices.service';
import { createTestApp, type TestApp } from '../support/app';
import { ADDRESS, newBuyer, stockedProduct, superuserToken } from './checkout-helpers';

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/** GSTR-1 made from the month's own documents (issue 41, decision 0049), on PGlite and PostgreSQL. */
describe('GSTR-1 of a period', () => {
  let t: TestApp;
  let owner: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    owner = { authorization: `Bearer ${await superuserToken(t)}` };
  });
  afterAll(() => t.close());

  async function buy(buyer: Buyer, productId: number, address: object) {
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: productId })).statusCode).toBe(201);
    const order = (await buyer.api.post('/api/create_order/', { cart_code: code, shipping_method: 'standard' })).json<CreateOrderResponse>();
    const paid = (await buyer.api.post('/api/payments/simulated/pay/', { razorpay_order_id: order.order_id })).json<PaymentSuccess>();
    const res = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address });
    expect([200, 202], res.body).toContain(res.statusCode);
    await expect
      .poll(async () => (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, order.order_id)))[0]?.id)
      .toBeDefined();
    const [row] = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, order.order_id));
    await expect.poll(async () => (await t.database.db.select().from(invoices).where(eq(invoices.orderId, row!.id))).length).toBe(1);
    return row!.id;
  }
  /** An order placed and left unpaid, then made a quote's order by hand: its advance and balance issued directly. */
  async function advanceOrder(buyer: Buyer, productId: number) {
    const code = newCartCode();
    await buyer.api.post('/api/add_item/', { cart_code: code, product_id: productId });
    const pending = (await buyer.api.post('/api/create_order/', { cart_code: code })).json<CreateOrderResponse>();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, pending.order_id));
    await t.database.db
      .update(orders)
      .set({ status: 'paid', address: { ...ADDRESS, address_line2: '' } })
      .where(eq(orders.id, row!.id));
    return row!;
  }
  const cancel = (orderId: number) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status/`, headers: owner, payload: { status: 'cancelled' } });

  it('a month with every kind of document: each section where the portal asks, and the sections add up to the documents to the paisa', async () => {
    const now = new Date();
    const lastMonth = new Date(now.getTime() - 40 * 86_400_000);
    const small = await stockedProduct(t, 0, { price: 7_499, stock: 50 });
    const large = await stockedProduct(t, 1, { price: 1_20_000, stock: 50 });
    const buyer = await newBuyer(t, 'Month');
    const firm = {
      ...ADDRESS,
      gstin: '27AAPFU0939F1ZV',
      business_name: 'Sahyadri Interiors LLP',
      state: 'Maharashtra',
      city: 'Pune',
      postal_code: '411001',
    };
    const karnataka = { ...ADDRESS, city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' };

    await buy(buyer, small.id, ADDRESS);
    await buy(buyer, small.id, karnataka);
    const b2b = await buy(buyer, small.id, firm);
    const b2bCancelled = await buy(buyer, large.id, firm);
    const b2cl = await buy(buyer, large.id, karnataka);
    const b2clCancelled = await buy(buyer, large.id, karnataka);
    const intraCancelled = await buy(buyer, small.id, ADDRESS);
    for (const id of [b2bCancelled, b2clCancelled, intraCancelled]) expect((await cancel(id)).statusCode).toBe(200);
    // A partial refund of a large intra-state order.
    const partly = await buy(buyer, large.id, ADDRESS);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${partly}/refunds/`,
      headers: owner,
      payload: { amount: 5_000, note: 'A scratch on the leg.' },
    });
    expect(refund.statusCode, refund.body).toBe(201);

    // Advances: one received last month and invoiced now (adjusted, `txpd`), one received now and not invoiced
    // (`at`), one received now and refunded now with a refund voucher (nets to nothing), one received now and
    // invoiced now (reported with its invoice only).
    const seller = t.config.seller;
    const earlier = await advanceOrder(buyer, small.id);
    await t.database.db.transaction((tx) => issueReceiptVoucher(tx, earlier.id, seller, 3_000_00, lastMonth));
    await t.database.db.transaction((tx) => issueInvoice(tx, earlier.id, seller, now, 3_000_00));
    const open = await advanceOrder(buyer, large.id);
    await t.database.db.transaction((tx) => issueReceiptVoucher(tx, open.id, seller, 40_000_00, now));
    const undone = await advanceOrder(buyer, small.id);
    await t.database.db.transaction((tx) => issueReceiptVoucher(tx, undone.id, seller, 2_000_00, now));
    await t.database.db.transaction((tx) =>
      creditNoteForRefund(tx, undone.id, 'pay_x', 'the buyer withdrew', { id: 9_000_001, amountPaise: 2_000_00 }, now, true),
    );
    const same = await advanceOrder(buyer, small.id);
    await t.database.db.transaction((tx) => issueReceiptVoucher(tx, same.id, seller, 1_000_00, now));
    await t.database.db.transaction((tx) => issueInvoice(tx, same.id, seller, now, 1_000_00));

    const period = istMonth(now);
    const res = await t.app.inject({ url: `/api/admin/gstr1/${period}/`, headers: owner });
    expect(res.statusCode, res.body).toBe(200);
    const json = gstr1Schema.parse(res.json());
    expect(json.fp).toBe(`${period.slice(5)}${period.slice(0, 4)}`);
    expect(json.gstin).toBe('33AAACT1234C1Z4');

    const docs = await t.database.db.select().from(invoices);
    const inMonth = docs.filter((d) => istMonth(d.issuedAt) === period);
    const numberOf = (orderId: number, kind: string) => inMonth.find((d) => d.orderId === orderId && d.kind === kind)!.number;
    // Where each document goes.
    expect(json.b2b.map((b) => [b.ctin, b.inv.map((i) => i.inum).sort()])).toEqual([
      ['27AAPFU0939F1ZV', [numberOf(b2b, 'invoice'), numberOf(b2bCancelled, 'invoice')].sort()],
    ]);
    expect(json.b2cl).toEqual([{ pos: '29', inv: expect.arrayContaining([expect.objectContaining({ inum: numberOf(b2cl, 'invoice') })]) }]);
    expect(json.b2cl[0]!.inv).toHaveLength(2);
    expect(json.cdnr).toEqual([
      { ctin: '27AAPFU0939F1ZV', nt: [expect.objectContaining({ ntty: 'C', nt_num: numberOf(b2bCancelled, 'credit_note'), pos: '27' })] },
    ]);
    expect(json.cdnur).toEqual([expect.objectContaining({ typ: 'B2CL', nt_num: numberOf(b2clCancelled, 'credit_note'), pos: '29' })]);
    expect(json.b2cs.map((x) => [x.sply_ty, x.pos, x.rt]).sort()).toEqual([
      ['INTER', '29', 18],
      ['INTRA', '33', 18],
    ]);
    expect(json.at).toEqual([{ pos: '33', sply_ty: 'INTRA', itms: [expect.objectContaining({ rt: 18 })] }]);
    expect(json.txpd).toEqual([{ pos: '33', sply_ty: 'INTRA', itms: [expect.objectContaining({ rt: 18 })] }]);
    // 18% out of ₹3,000: ₹2,542.37 and ₹457.63 of tax, split CGST ₹228.81 + SGST ₹228.82.
    expect(json.txpd[0]!.itms[0]).toEqual({ rt: 18, ad_amt: 2542.37, iamt: 0, camt: 228.81, samt: 228.82, csamt: 0 });

    // It adds up: the sections' values are the sums of the month's documents, to the paisa.
    const sum = (list: { taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number }[]) =>
      ['taxablePaise', 'igstPaise', 'cgstPaise', 'sgstPaise'].map((f) => list.reduce((a, d) => a + d[f as 'taxablePaise'], 0));
    const summary = (await t.services.invoices.gstr1(period)).summary;
    const section = (name: string) => summary.sections.find((s) => s.section === name)!;
    const supplies = sum(['b2b', 'b2cl', 'b2cs'].map(section));
    const notes = sum(['cdnr', 'cdnur'].map(section));
    const invoiced = sum(inMonth.filter((d) => d.kind === 'invoice'));
    const credited = sum(inMonth.filter((d) => d.kind === 'credit_note'));
    expect(supplies.map((v, i) => v - notes[i]!)).toEqual(invoiced.map((v, i) => v - credited[i]!));
    expect(sum([section('hsn')])).toEqual(invoiced.map((v, i) => v - credited[i]!));
    const openVoucher = inMonth.find((d) => d.orderId === open.id && d.kind === 'receipt_voucher')!;
    expect(sum([section('at')])).toEqual(sum([openVoucher]));
    const earlierVoucher = docs.find((d) => d.orderId === earlier.id && d.kind === 'receipt_voucher')!;
    expect(sum([section('atadj')])).toEqual(sum([earlierVoucher]));
    // Documents issued: each series' count, none cancelled.
    const counted = Object.fromEntries(json.doc_issue.doc_det.map((d) => [d.doc_typ, d.docs[0]!.totnum]));
    expect(counted).toEqual({
      'Invoices for outward supply': inMonth.filter((d) => d.kind === 'invoice').length,
      'Credit Note': inMonth.filter((d) => d.kind === 'credit_note').length,
      'Receipt voucher': 3,
      'Refund voucher': 1,
    });
    expect(json.doc_issue.doc_det.every((d) => d.docs[0]!.cancel === 0)).toBe(true);

    // One CSV per section, in rupees.
    const csv = await t.app.inject({ url: `/api/admin/gstr1/${period}/b2b.csv`, headers: owner });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [head, ...rows] = csv.body.trim().split('\r\n');
    expect(head).toBe('gstin,number,date,value,place_of_supply,rate,taxable,igst,cgst,sgst');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^27AAPFU0939F1ZV,TW\/\d\d-\d\d\/\d{6},\d\d-\d\d-\d{4},\d+\.\d\d,27,18,/);
  }, 120_000);

  it('a malformed period or one not begun is a 400 with a sentence, an unknown section 404, and only the owner may ask', async () => {
    const bad = await t.app.inject({ url: '/api/admin/gstr1/november/', headers: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors.period).toEqual([PERIOD_MESSAGE]);
    const future = await t.app.inject({ url: '/api/admin/gstr1/2099-01/', headers: owner });
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toContain('that period has not begun');
    expect((await t.app.inject({ url: '/api/admin/gstr1/2026-Q5/', headers: owner })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/gstr1/2026-Q3/', headers: owner })).json<Gstr1>().fp).toBe('092026');
    expect((await t.app.inject({ url: '/api/admin/gstr1/2026-10/sales.csv', headers: owner })).statusCode).toBe(404);
    const buyer = await newBuyer(t, 'Peek');
    expect((await buyer.api.get('/api/admin/gstr1/2026-10/')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/gstr1/2026-10/' })).statusCode).toBe(401);
  });
});
