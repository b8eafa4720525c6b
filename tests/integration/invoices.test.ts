import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newCartCode } from '../../contract/cart';
import type { CreateOrderResponse, PaymentSuccess } from '../../contract/orders';
import { categories, emailAttachments, emailOutbox, invoiceCounters, invoices, orders, products } from '../../server/db/schema';
import { issueInvoice } from '../../server/modules/invoices/invoices.service';
import { createTestApp, type TestApp } from '../support/app';
import { overprinted, pdfItems, pdfText } from '../support/pdf';
import { form } from './admin-support';
import { ADDRESS, MAIL_WAIT, newBuyer, stockedProduct, superuserToken } from './checkout-helpers';

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

describe('GST tax invoices', () => {
  let t: TestApp;
  let ownerAuth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    ownerAuth = { authorization: `Bearer ${await superuserToken(t)}` };
  });
  afterAll(() => t.close());

  /** A buyer pays for `quantity` of a product (simulated provider) delivered to `address`: the order id. */
  async function buy(buyer: Buyer, productId: number, address: object, quantity = 1, shipping: 'standard' | 'express' = 'standard') {
    const code = newCartCode();
    expect((await buyer.api.post('/api/add_item/', { cart_code: code, product_id: productId, quantity })).statusCode).toBe(201);
    const created = await buyer.api.post('/api/create_order/', { cart_code: code, shipping_method: shipping });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json<CreateOrderResponse>();
    const paid = (await buyer.api.post('/api/payments/simulated/pay/', { razorpay_order_id: order.order_id })).json<PaymentSuccess>();
    const res = await buyer.api.post('/api/verify_payment/', { cart_code: code, ...paid, address });
    // In a rush the shop may answer that the payment was received and is being confirmed (202, decision 0041):
    // the order is then paid moments later, as the confirmation page shows.
    expect([200, 202], res.body).toContain(res.statusCode);
    const orderId =
      res.json<{ order_id: number | null }>().order_id ??
      (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.providerOrderId, order.order_id)))[0]!.id;
    if (res.statusCode === 202)
      await expect
        .poll(async () => (await buyer.api.get(`/api/orders/${orderId}/`)).json<{ status: string }>().status, { timeout: 30_000 })
        .toBe('paid');
    return orderId;
  }
  const invoiceOf = async (orderId: number, kind = 'invoice') =>
    (await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).find((i) => i.kind === kind);
  /** The files attached to the e-mails sent to `to` whose subject starts with `subject`. */
  const attachmentsOf = async (to: string, subject: string) => {
    // An order's confirmation is sent by a job, after the buyer's answer.
    const mails = await vi.waitFor(async () => {
      const found = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.subject.startsWith(subject));
      expect(found).toHaveLength(1);
      return found;
    }, MAIL_WAIT);
    return t.database.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, mails[0]!.id));
  };

  it('a Tamil Nadu delivery is taxed CGST 9% + SGST 9%, a Karnataka one IGST 18%, reconciling to the paisa with what was charged', async () => {
    const bed = await stockedProduct(t, 0, { price: 45_999, stock: 10 });
    const buyer = await newBuyer(t, 'Gst');
    const local = await buy(buyer, bed.id, ADDRESS, 2);
    const far = await buy(buyer, bed.id, { ...ADDRESS, city: 'Bengaluru', state: 'Karnataka', postal_code: '560001' }, 1, 'express');

    const [localOrder] = await t.database.db.select().from(orders).where(eq(orders.id, local));
    const tn = (await invoiceOf(local))!;
    expect(tn.intraState).toBe(true);
    expect(tn.placeOfSupply).toBe('Tamil Nadu (33)');
    expect(tn.totalPaise).toBe(localOrder!.totalPaise);
    expect(tn.igstPaise).toBe(0);
    expect(tn.cgstPaise + tn.sgstPaise + tn.taxablePaise).toBe(tn.totalPaise);
    // 18% out of an inclusive 2 × ₹45,999 + ₹500 delivery = ₹92,498: taxable ₹78,388.14, tax ₹14,109.86.
    expect(tn.taxablePaise).toBe(78_388_14);
    expect(tn.cgstPaise).toBe(7_054_93);
    expect(tn.sgstPaise).toBe(7_054_93);
    expect(tn.lines).toEqual([
      expect.objectContaining({ hsn: expect.stringMatching(/^94/), rate_bp: 1800, quantity: 2, shipping_share_paise: 500_00 }),
    ]);

    const [farOrder] = await t.database.db.select().from(orders).where(eq(orders.id, far));
    const ka = (await invoiceOf(far))!;
    expect(ka.intraState).toBe(false);
    expect(ka.placeOfSupply).toBe('Karnataka (29)');
    expect(ka.cgstPaise + ka.sgstPaise).toBe(0);
    // ₹45,999 + ₹1,000 express = ₹46,999: taxable ₹39,829.66, IGST ₹7,169.34.
    expect(ka.taxablePaise).toBe(39_829_66);
    expect(ka.igstPaise).toBe(7_169_34);
    expect(ka.totalPaise).toBe(farOrder!.totalPaise);
  });

  it('the PDF carries the invoice number, both GSTINs, the HSN, the taxes and the amount in words; a business buyer is named', async () => {
    const chair = await stockedProduct(t, 1, { price: 7_499, stock: 10 });
    const buyer = await newBuyer(t, 'Firm');
    const orderId = await buy(buyer, chair.id, {
      ...ADDRESS,
      gstin: '27aapfu0939f1zv',
      business_name: 'Sahyadri Interiors LLP',
      state: 'Maharashtra',
    });
    const invoice = (await invoiceOf(orderId))!;
    expect(invoice.number).toMatch(/^TW\/\d\d-\d\d\/\d{6}$/);
    expect(invoice.buyer).toMatchObject({ name: 'Sahyadri Interiors LLP', gstin: '27AAPFU0939F1ZV', stateCode: '27' });

    const res = await buyer.api.get(`/api/orders/${orderId}/invoice/`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${invoice.number.replace(/\//g, '-')}.pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(invoice.number);
    expect(text).toContain('33AAACT1234C1Z4');
    expect(text).toContain('27AAPFU0939F1ZV');
    expect(text).toContain('Sahyadri Interiors LLP');
    expect(text).toContain(invoice.lines[0]!.hsn);
    expect(text).toContain('₹');
    expect(text.replace(/\s+/g, ' ')).toContain(`IGST`);
    expect(text).toMatch(/Rupees .+ Only/);
    expect(text).toContain('Whether tax is payable on reverse charge: No');
  });

  it('characters the invoice font cannot draw (an emoji in a name or address) are left out, leaving no gap', async () => {
    const chair = await stockedProduct(t, 1, { price: 7_499, stock: 10 });
    const buyer = await newBuyer(t, 'Emoji');
    const orderId = await buy(buyer, chair.id, { ...ADDRESS, first_name: 'Priya 🌸', last_name: 'Raman 👩‍👩‍👧', address_line2: 'Mylapore ✨ East' });
    const invoice = (await invoiceOf(orderId))!;
    // The invoice record keeps the name as given; only the PDF leaves out what it cannot draw.
    expect(invoice.buyer.name).toContain('🌸');
    const res = await buyer.api.get(`/api/orders/${orderId}/invoice/`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Priya Raman');
    expect(text).toContain('Mylapore East');
    expect(text).not.toMatch(/[\u{1F300}-\u{1FAFF}]|\u2728|\u200D|\uFE0F/u);
    expect(text).not.toMatch(/Priya\s{2,}Raman/);
    // What Inter draws stays: the rupee sign and accented Latin.
    expect(text).toContain('₹');
  });

  it('a refused business GSTIN is a field error at the address book and at payment, and nothing is saved', async () => {
    const buyer = await newBuyer(t, 'Typo');
    const res = await buyer.api.post('/api/addresses/', { ...ADDRESS, gstin: '27AAPFU0939F1ZA' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.gstin).toEqual([
      'This GSTIN is not valid: its last character does not match. Please check it.',
    ]);
    const shape = await buyer.api.post('/api/addresses/', { ...ADDRESS, gstin: 'not a gstin' });
    expect(shape.json<{ errors: Record<string, string[]> }>().errors.gstin).toEqual(['Enter a valid GSTIN: 15 characters, such as 33AAACT1234C1Z4.']);
    const state = await buyer.api.post('/api/addresses/', { ...ADDRESS, gstin: '99AAPFU0939F1ZV' });
    expect(state.statusCode).toBe(400);
    expect(state.json<{ errors: Record<string, string[]> }>().errors.gstin).toEqual([
      'This GSTIN does not start with a state code: its first two digits name the state, such as 33 for Tamil Nadu.',
    ]);
    expect((await buyer.api.get('/api/get_user_addresses/')).json<unknown[]>()).toEqual([]);
  });

  it('another customer’s invoice is 404, an unpaid order’s is 409 with a sentence, and the owner can read any', async () => {
    const product = await stockedProduct(t, 2, { price: 9_999, stock: 10 });
    const buyer = await newBuyer(t, 'Mine');
    const stranger = await newBuyer(t, 'Nosy');
    const orderId = await buy(buyer, product.id, ADDRESS);
    expect((await stranger.api.get(`/api/orders/${orderId}/invoice/`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/orders/${orderId}/invoice/` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/orders/${orderId}/invoice/`, headers: ownerAuth })).statusCode).toBe(200);

    const code = newCartCode();
    await buyer.api.post('/api/add_item/', { cart_code: code, product_id: product.id });
    const pending = (await buyer.api.post('/api/create_order/', { cart_code: code })).json<CreateOrderResponse>();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, pending.order_id));
    const unpaid = await buyer.api.get(`/api/orders/${row!.id}/invoice/`);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ detail: 'This order is not paid yet: its tax invoice is issued when the payment is received.' });
    expect((await stranger.api.get(`/api/orders/${row!.id}/invoice/`)).statusCode).toBe(404);
  });

  it('20 orders paid at once get 20 distinct, consecutive numbers', async () => {
    const product = await stockedProduct(t, 3, { price: 3_000, stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => newBuyer(t, `Rush${i}`)));
    const orderIds = await Promise.all(buyers.map((b) => buy(b, product.id, ADDRESS)));
    const rows = (await t.database.db.select().from(invoices)).filter((r) => orderIds.includes(r.orderId));
    expect(rows).toHaveLength(20);
    const seqs = rows.map((r) => r.seq).sort((a, b) => a - b);
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    expect(seqs[19]! - seqs[0]!).toBe(19);
    // No gaps in the whole series so far.
    const all = (await t.database.db.select({ seq: invoices.seq, kind: invoices.kind, fy: invoices.financialYear }).from(invoices))
      .filter((r) => r.kind === 'invoice' && r.fy === rows[0]!.financialYear)
      .map((r) => r.seq)
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  }, 180_000); // 20 payments, each drawing its invoice's PDF for the confirmation e-mail, on a busy machine

  it('an order paid on 31 March and one paid on 1 April (India time) fall in different series', async () => {
    const product = await stockedProduct(t, 4, { price: 2_000, stock: 10 });
    const buyer = await newBuyer(t, 'Year');
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const code = newCartCode();
      await buyer.api.post('/api/add_item/', { cart_code: code, product_id: product.id });
      const pending = (await buyer.api.post('/api/create_order/', { cart_code: code })).json<CreateOrderResponse>();
      const [row] = await t.database.db.select().from(orders).where(eq(orders.providerOrderId, pending.order_id));
      await t.database.db
        .update(orders)
        .set({ status: 'paid', address: { ...ADDRESS, address_line2: '' } })
        .where(eq(orders.id, row!.id));
      ids.push(row!.id);
    }
    const seller = t.config.seller;
    await t.database.db.transaction((tx) => issueInvoice(tx, ids[0]!, seller, new Date('2030-03-31T18:29:00Z')));
    await t.database.db.transaction((tx) => issueInvoice(tx, ids[1]!, seller, new Date('2030-03-31T18:31:00Z')));
    const march = (await invoiceOf(ids[0]!))!;
    const april = (await invoiceOf(ids[1]!))!;
    expect(march.number).toBe('TW/29-30/000001');
    expect(april.number).toBe('TW/30-31/000001');
    const counters = await t.database.db.select().from(invoiceCounters);
    expect(counters.filter((c) => c.financialYear === '29-30' || c.financialYear === '30-31')).toHaveLength(2);
  });

  it('cancelling a paid order refunds it and issues a credit note against the invoice, in its own series', async () => {
    const product = await stockedProduct(t, 6, { price: 15_000, stock: 10 });
    const buyer = await newBuyer(t, 'Undo');
    const orderId = await buy(buyer, product.id, ADDRESS);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status/`,
      headers: ownerAuth,
      payload: { status: 'cancelled', note: 'The buyer changed their mind' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const invoice = (await invoiceOf(orderId))!;
    const note = (await invoiceOf(orderId, 'credit_note'))!;
    expect(note).toMatchObject({ invoiceId: invoice.id, totalPaise: invoice.totalPaise, taxablePaise: invoice.taxablePaise });
    expect(note.number).toMatch(/^TWC\/\d\d-\d\d\/\d{5}$/);
    const pdf = await buyer.api.get(`/api/orders/${orderId}/credit-note/`);
    expect(pdf.statusCode).toBe(200);
    const items = await pdfItems(pdf.rawPayload);
    const text = items.map((i) => i.str).join(' ');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(note.number);
    // Rule 53(1A): the credit note names the tax invoice it corrects, by number and date.
    const dated = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
      invoice.issuedAt,
    );
    expect(text).toContain(`AGAINST TAX INVOICE ${invoice.number} DATED ${dated.toUpperCase()}`);
    expect(text).toContain('Reason: the shop cancelled the order');
    expect(overprinted(items)).toEqual([]);
  });

  it('an order above ₹50,000 is dispatched only with its 12-digit e-way bill number, which the buyer’s order and the tax invoice then show', async () => {
    const table = await stockedProduct(t, 7, { price: 64_000, stock: 5 });
    const buyer = await newBuyer(t, 'Eway');
    const orderId = await buy(buyer, table.id, ADDRESS);
    const move = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/status/`, headers: ownerAuth, payload });
    const ready = await move({ status: 'ready_to_dispatch' });
    expect(ready.statusCode, ready.body).toBe(200);
    // Nothing given: every missing field of the shipment is told at once.
    const empty = (await move({ status: 'shipped' })).json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(empty.errors).sort()).toEqual(['carrier', 'eway_bill_number', 'tracking_number']);
    const shipment = { status: 'shipped', carrier: 'Safexpress', tracking_number: 'SX12345' };
    const missing = await move(shipment);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.eway_bill_number).toEqual([
      'Enter the e-way bill number: an order of this value travels with an e-way bill (generate it on the e-way bill portal first).',
    ]);
    for (const wrong of ['12345678901', '1234567890123', '12345678901A']) {
      const refused = await move({ ...shipment, eway_bill_number: wrong });
      expect(refused.statusCode, wrong).toBe(400);
      expect(refused.json<{ errors: Record<string, string[]> }>().errors.eway_bill_number).toEqual([
        'Enter the e-way bill number: its 12 digits, as the e-way bill portal gave it.',
      ]);
    }
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({
      status: 'ready_to_dispatch',
      ewayBillNumber: null,
    });

    const shipped = await move({ ...shipment, eway_bill_number: '3310 1234 5678' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect((await buyer.api.get(`/api/orders/${orderId}/`)).json<{ eway_bill_number: string }>().eway_bill_number).toBe('331012345678');
    const items = await pdfItems((await buyer.api.get(`/api/orders/${orderId}/invoice/`)).rawPayload);
    expect(items.map((i) => i.str).join(' ')).toContain('E-way bill: 331012345678');
    expect(overprinted(items)).toEqual([]);
    // The database keeps only twelve digits, whoever writes.
    await expect(t.database.db.update(orders).set({ ewayBillNumber: '33101234567' }).where(eq(orders.id, orderId))).rejects.toThrow();
  });

  it('long names and addresses never overprint: the invoice and its credit note name the buyer, the delivery address and the place of supply', async () => {
    const product = await stockedProduct(t, 7, { price: 61_000, stock: 10 });
    const buyer = await newBuyer(t, 'Long');
    const long = {
      ...ADDRESS,
      first_name: 'Venkatanarasimharajuvaripeta Subramaniam',
      last_name: 'Chandrasekharan Iyer Ramanathapuram',
      business_name: 'Sri Venkateswara Hospitality and Interiors Private Limited, Corporate Furnishing Division (Hotels and Offices)',
      gstin: '27AAPFU0939F1ZV',
      address_line1: 'Flat 1204, Tower B, Lodha Bellissimo, Apollo Mills Compound, N. M. Joshi Marg, Mahalakshmi, opposite the old racecourse',
      address_line2: 'Near the Jacob Circle junction, behind the Saraswati temple, landmark the blue water tank on the terrace',
      city: 'Mumbai Suburban District',
      state: 'Maharashtra',
      postal_code: '400011',
    };
    const orderId = await buy(buyer, product.id, long);
    const invoice = (await invoiceOf(orderId))!;
    expect(invoice.placeOfSupply).toBe('Maharashtra (27)');
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status/`,
      headers: ownerAuth,
      payload: {
        status: 'cancelled',
        note: 'The hotel moved its opening to the next season, and asked for every piece to be cancelled and refunded',
      },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const url of [`/api/orders/${orderId}/invoice/`, `/api/orders/${orderId}/credit-note/`]) {
      const res = await buyer.api.get(url);
      expect(res.statusCode).toBe(200);
      const items = await pdfItems(res.rawPayload);
      const text = items
        .map((i) => i.str)
        .join(' ')
        .replace(/\s+/g, ' ');
      for (const part of [
        'Corporate Furnishing Division',
        'GSTIN: 27AAPFU0939F1ZV',
        'DELIVERY ADDRESS',
        'blue water tank',
        'Place of supply: Maharashtra (27)',
      ])
        expect(text, url).toContain(part);
      expect(overprinted(items), url).toEqual([]);
    }
  });

  it('the confirmation e-mail of a paid order carries its tax invoice as a PDF', async () => {
    const product = await stockedProduct(t, 8, { price: 21_500, stock: 10 });
    const buyer = await newBuyer(t, 'Mailed');
    const orderId = await buy(buyer, product.id, ADDRESS);
    const invoice = (await invoiceOf(orderId))!;
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const files = await attachmentsOf(buyer.email, `Order confirmed: ${order!.number}`);
    expect(files).toEqual([expect.objectContaining({ filename: `${invoice.number.replace(/\//g, '-')}.pdf`, contentType: 'application/pdf' })]);
    const text = await pdfText(Buffer.from(files[0]!.content));
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(invoice.number);
    expect(text).toContain(order!.number);
  });

  it('the e-mails of a paid order, run again (a retried job), send each e-mail once', async () => {
    const product = await stockedProduct(t, 10, { price: 12_500, stock: 10 });
    const buyer = await newBuyer(t, 'Twice');
    const orderId = await buy(buyer, product.id, ADDRESS);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    await attachmentsOf(buyer.email, `Order confirmed: ${order!.number}`);
    const subjects = async () =>
      (await t.database.db.select().from(emailOutbox))
        .filter((m) => m.subject.includes(order!.number))
        .map((m) => `${m.to}: ${m.subject}`)
        .sort();
    await expect.poll(subjects).toHaveLength(2);
    const both = await subjects();
    // The job stopped after the buyer's confirmation: run again, it sends the shop's notice only.
    await t.database.db.delete(emailOutbox).where(eq(emailOutbox.to, t.config.mail.shopEmail));
    await t.services.checkout.sendPaidMails(orderId);
    expect(await subjects()).toEqual(both);
    await t.services.checkout.sendPaidMails(orderId);
    expect(await subjects()).toEqual(both);
  });

  it('the refund e-mail of a cancelled paid order carries its credit note as a PDF', async () => {
    const product = await stockedProduct(t, 9, { price: 9_000, stock: 10 });
    const buyer = await newBuyer(t, 'Refunded');
    const orderId = await buy(buyer, product.id, ADDRESS);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/status/`,
      headers: ownerAuth,
      payload: { status: 'cancelled', note: 'The buyer asked to cancel' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const note = (await invoiceOf(orderId, 'credit_note'))!;
    await expect
      .poll(async () =>
        (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer.email))).some((m) => m.subject.startsWith('Refund of')),
      )
      .toBe(true);
    const files = await attachmentsOf(buyer.email, 'Refund of');
    expect(files).toHaveLength(1);
    const text = await pdfText(Buffer.from(files[0]!.content));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(note.number);
  });

  it('the owner exports a month’s invoices as CSV; a customer cannot, and a bad month is a sentence', async () => {
    const product = await stockedProduct(t, 7, { price: 11_000, stock: 10 });
    const firm = await newBuyer(t, 'Csv');
    await buy(firm, product.id, { ...ADDRESS, gstin: '27AAPFU0939F1ZV', business_name: 'Sahyadri Interiors LLP', state: 'Maharashtra' });
    const undone = await buy(firm, product.id, ADDRESS);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${undone}/status/`,
      headers: ownerAuth,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const month = new Date(Date.now() + 330 * 60 * 1000).toISOString().slice(0, 7);
    const res = await t.app.inject({ url: `/api/admin/invoices/export/?month=${month}`, headers: ownerAuth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [head, ...rows] = res.body.trim().split('\r\n');
    expect(head).toBe('number,type,date,buyer,gstin,place_of_supply,taxable_value,cgst,sgst,igst,total');
    expect(rows.some((r) => r.includes('Sahyadri Interiors LLP') && r.includes('27AAPFU0939F1ZV'))).toBe(true);
    expect(rows.some((r) => r.includes('Credit note') && /,-\d+\.\d\d$/.test(r))).toBe(true);
    const buyer = await newBuyer(t, 'Peek');
    expect((await buyer.api.get(`/api/admin/invoices/export/?month=${month}`)).statusCode).toBe(403);
    const bad = await t.app.inject({ url: '/api/admin/invoices/export/?month=2026-13', headers: ownerAuth });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<{ detail: string }>().detail).toContain('Give the month as YYYY-MM, for example 2026-11.');
  });

  it('the owner edits a category’s HSN and GST rate; a wrong code or rate is refused with a sentence and nothing changes', async () => {
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/categories/bar/', headers: { ...ownerAuth, 'content-type': 'application/json' }, payload });
    const bad = await patch({ hsn_code: '94x3', gst_rate: 17 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      hsn_code: ['Enter the HSN code as 4, 6 or 8 digits, such as 9403.'],
      gst_rate: ['Choose a GST rate: 0, 0.25, 3, 5, 12, 18, 28 (percent).'],
    });
    expect(
      (await t.app.inject({ url: '/api/categories/' })).json<{ slug: string; hsn_code: string; gst_rate: number }[]>().find((c) => c.slug === 'bar'),
    ).toMatchObject({
      hsn_code: '9403',
      gst_rate: 18,
    });
    const good = await patch({ hsn_code: '940360', gst_rate: 12 });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ hsn_code: '940360', gst_rate: 12 });
    const buyer = await newBuyer(t, 'NoTax');
    expect((await buyer.api.patch('/api/categories/bar/', { gst_rate: 0 })).statusCode).toBe(403);
  });

  it('the owner changes a category’s rate in the admin form and the next invoice of its products uses it', async () => {
    // The admin form posts multipart, as the category form of the dashboard does.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/categories/',
      headers: ownerAuth,
      payload: form({ name: 'Jhoolas', hsn_code: '9401', gst_rate: '18' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { slug } = created.json<{ slug: string }>();
    const product = await stockedProduct(t, 10, { price: 30_000, stock: 10 });
    const [category] = await t.database.db.select().from(categories).where(eq(categories.slug, slug));
    await t.database.db.update(products).set({ categoryId: category!.id }).where(eq(products.id, product.id));
    const buyer = await newBuyer(t, 'Swing');
    const before = (await invoiceOf(await buy(buyer, product.id, ADDRESS)))!;
    expect(before.lines).toEqual([expect.objectContaining({ hsn: '9401', rate_bp: 1800 })]);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/categories/${slug}/`,
      headers: ownerAuth,
      payload: form({ hsn_code: '940169', gst_rate: '12' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await invoiceOf(await buy(buyer, product.id, ADDRESS)))!;
    expect(after.lines).toEqual([expect.objectContaining({ hsn: '940169', rate_bp: 1200 })]);
    // ₹30,000 + ₹500 delivery at 12% inclusive: taxable ₹27,232.14, tax ₹3,267.86.
    expect(after.taxablePaise).toBe(27_232_14);
    expect(after.cgstPaise + after.sgstPaise).toBe(3_267_86);
    expect(before.lines).not.toEqual(after.lines);
  });

  it('categories carry their HSN and rate: seats 9401 at 18%, paintings 9701 at 5%', async () => {
    const rows = await t.database.db.select({ slug: categories.slug, hsn: categories.hsnCode, rate: categories.gstRateBp }).from(categories);
    expect(rows.find((r) => r.slug === 'sofas')).toMatchObject({ hsn: '9401', rate: 1800 });
    expect(rows.find((r) => r.slug === 'beds')).toMatchObject({ hsn: '9403', rate: 1800 });
    expect(rows.find((r) => r.slug === 'paintings')).toMatchObject({ hsn: '9701', rate: 500 });
    const painting = (
      await t.database.db
        .select()
        .from(products)
        .where(eq(products.categoryId, (await t.database.db.select().from(categories).where(eq(categories.slug, 'paintings')))[0]!.id))
    )[0];
    expect(painting).toBeDefined();
  });
});
