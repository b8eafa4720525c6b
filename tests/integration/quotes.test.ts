import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, Order } from '../../contract/orders';
import type { BuyerQuote, Quote, QuoteRequest } from '../../contract/quotes';
import { charges, emailAttachments, emailOutbox, invoices, orders, productImages, products, quotes, refunds } from '../../server/db/schema';
import { EXPIRED_MESSAGE } from '../../server/modules/quotes/quotes.service';
import { BALANCE_DUE_MESSAGE } from '../../server/modules/orders/order-state';
import { createTestApp, type TestApp } from '../support/app';
import { overprinted, pdfItems, pdfText } from '../support/pdf';
import { startFakeRazorpay, type FakeRazorpay } from '../support/fake-razorpay';
import { form, png } from './admin-support';
import { ADDRESS, newBuyer, superuserToken } from './checkout-helpers';
import { gstinProblem } from '../../contract/gst';

type Buyer = Awaited<ReturnType<typeof newBuyer>>;

/** A piece in the buyer's size (issue 32, decision 0039): request, quote, advance and balance, on PGlite and PostgreSQL. */
describe('quotes, advances and balances', () => {
  let t: TestApp;
  let fake: FakeRazorpay;
  let owner: Record<string, string>;
  let bed: typeof products.$inferSelect;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    t = await createTestApp({ ...fake.env, SHOP_EMAIL: 'studio@example.in' });
    owner = { authorization: `Bearer ${await superuserToken(t)}` };
    const [first] = await t.database.db.select().from(products).orderBy(products.id).limit(1);
    const [updated] = await t.database.db
      .update(products)
      .set({
        customizable: true,
        stockKind: 'made_to_order',
        dimensions: { length: 200, breadth: 160, height: 90 },
        finishes: ['Natural Teak', 'Walnut'],
      })
      .where(eq(products.id, first!.id))
      .returning();
    bed = updated!;
    t.services.catalog.invalidate();
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  let calls = 0;
  /** Each call from a client address of its own: the file's many requests stay under the per-address limits. */
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers,
      remoteAddress: `10.39.${Math.floor(++calls / 250)}.${calls % 250}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, string> }),
    });
  const as = (buyer: Buyer) => ({ authorization: `Bearer ${buyer.token}` });

  /** A saved address of the buyer's (Chennai 600004, the pincode the quotes here are priced for, unless given). */
  async function addressOf(buyer: Buyer, fields: Record<string, string> = {}): Promise<number> {
    const saved = await inject('POST', '/api/addresses/', as(buyer), { ...ADDRESS, ...fields });
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json<{ id: number }>().id;
  }
  const home = new Map<number, Promise<number>>();
  /** Accepts a quote for a delivery address (the buyer's Chennai one unless given). */
  async function accept(buyer: Buyer, quoteId: number, payload: Record<string, unknown> = {}) {
    if (!home.has(buyer.id)) home.set(buyer.id, addressOf(buyer));
    return inject('POST', `/api/quotes/${quoteId}/accept/`, as(buyer), { address: await home.get(buyer.id), ...payload });
  }

  async function ask(buyer: Buyer, fields: Record<string, string> = {}) {
    return inject(
      'POST',
      '/api/quote-requests/',
      as(buyer),
      form({
        product: bed.slug,
        length: '180',
        breadth: '160',
        height: '90',
        finish: 'Walnut',
        notes: 'For a low room.',
        pincode: '600004',
        ...fields,
        photos: { bytes: await png(), filename: 'room.png', type: 'image/png' },
      }),
    );
  }

  /** A request priced and sent: 60,000 for the bed, 2,000 delivery, 50% advance. */
  async function sentQuote(buyer: Buyer): Promise<Quote> {
    const asked = await ask(buyer);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<QuoteRequest>();
    const priced = await inject('POST', '/api/admin/quotes/', owner, {
      request: request.id,
      lines: [{ piece: `${bed.name} in your size`, dimensions: '180 × 160 × 90 cm', finish: 'Walnut', price: 60_000 }],
      delivery: 2_000,
      production_weeks: 6,
    });
    expect(priced.statusCode, priced.body).toBe(201);
    const quote = priced.json<Quote>();
    // A draft is the owner's own: the buyer does not see it yet.
    expect((await inject('GET', `/api/quotes/${quote.id}/`, as(buyer))).statusCode).toBe(404);
    const sent = await inject('POST', `/api/admin/quotes/${quote.id}/send/`, owner);
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<Quote>();
  }

  async function paidAdvance(buyer: Buyer, quote: Quote): Promise<Order> {
    const accepted = await accept(buyer, quote.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { response } = fake.pay(accepted.json<CreateOrderResponse>().order_id);
    const verified = await inject('POST', `/api/quotes/${quote.id}/verify_payment/`, as(buyer), response);
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json<Order>();
  }

  const moveTo = (orderId: number, stage: string, extra: Record<string, string> = {}) =>
    inject('POST', `/api/admin/orders/${orderId}/status/`, owner, { stage, ...extra });

  async function toReady(orderId: number) {
    for (const stage of ['design_signoff', 'timber_selection', 'joinery', 'finishing', 'quality_check', 'ready_to_dispatch']) {
      const moved = await moveTo(orderId, stage);
      expect(moved.statusCode, moved.body).toBe(200);
    }
  }

  it('request → quote → advance → order with its receipt voucher → balance at ready to dispatch → tax invoice showing the advance', async () => {
    const buyer = await newBuyer(t, 'Meera');
    const quote = await sentQuote(buyer);
    expect(quote).toMatchObject({ status: 'sent', total: 62_000, advance: 31_000, balance: 31_000, advance_percent: 50, version: 1 });
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, buyer.email), like(emailOutbox.subject, 'Your quote from Teakwood Studio%')));
    expect(mail!.text).toContain(`/quotes/${quote.id}`);

    // The buyer's account lists the request with its photo and the quote.
    const mine = (await inject('GET', '/api/quotes/', as(buyer))).json<QuoteRequest[]>();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.photos).toHaveLength(1);
    expect(mine[0]!.quotes.map((q) => q.id)).toEqual([quote.id]);
    expect(mine[0]).toMatchObject({ length: 180, finish: 'Walnut', pincode: '600004' });

    const order = await paidAdvance(buyer, quote);
    expect(order).toMatchObject({ status: 'paid', payment_status: 'part_paid', amount_paid: 31_000, balance_due: 31_000, total_amount: '62000.00' });
    expect(order.documents).toEqual([
      { kind: 'receipt_voucher', number: expect.stringMatching(/^[A-Z]+R\/\d{2}-\d{2}\/\d{5}$/), url: `/api/orders/${order.id}/receipt-voucher/` },
    ]);
    expect(
      await t.database.db.select({ purpose: charges.purpose, amount: charges.amountPaise }).from(charges).where(eq(charges.orderId, order.id)),
    ).toEqual([{ purpose: 'advance', amount: 3_100_000 }]);
    const voucherPdf = await inject('GET', order.documents[0]!.url, as(buyer));
    expect(voucherPdf.statusCode).toBe(200);
    expect(voucherPdf.headers['content-type']).toBe('application/pdf');
    const [voucher] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'receipt_voucher')));
    expect(voucher!.totalPaise).toBe(3_100_000);

    // The balance is asked for only when the piece is ready to dispatch.
    const early = await inject('POST', `/api/orders/${order.id}/pay_balance/`, as(buyer));
    expect(early.statusCode).toBe(409);
    await toReady(order.id);
    const [asked] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, buyer.email), like(emailOutbox.subject, `Your order ${order.number} is ready: the balance%`)));
    expect(asked!.text).toContain('₹31,000.00');

    // Dispatch is refused while the balance is due, and nothing changes.
    const ship = await moveTo(order.id, 'shipped', { carrier: 'Safexpress', tracking_number: 'SX123', eway_bill_number: '331012345678' });
    expect(ship.statusCode).toBe(409);
    expect(ship.json<{ detail: string }>().detail).toBe(BALANCE_DUE_MESSAGE);
    const [still] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still).toMatchObject({ status: 'ready_to_dispatch', carrier: null, trackingNumber: null });

    const balance = await inject('POST', `/api/orders/${order.id}/pay_balance/`, as(buyer));
    expect(balance.statusCode, balance.body).toBe(200);
    expect(balance.json<CreateOrderResponse>()).toMatchObject({ amount: 3_100_000, description: `Balance of order ${order.number}` });
    const paid = await inject(
      'POST',
      `/api/orders/${order.id}/verify_balance/`,
      as(buyer),
      fake.pay(balance.json<CreateOrderResponse>().order_id).response,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const done = paid.json<Order>();
    expect(done).toMatchObject({ payment_status: 'captured', amount_paid: 62_000, balance_due: 0 });
    expect(done.documents.map((d) => d.kind)).toEqual(['receipt_voucher', 'invoice']);
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')));
    expect(invoice).toMatchObject({ totalPaise: 6_200_000, advancePaise: 3_100_000 });
    const invoicePdf = await inject('GET', `/api/orders/${order.id}/invoice/`, as(buyer));
    expect(invoicePdf.statusCode).toBe(200);
    // The advance's receipt voucher and its amount on a line of their own, then the balance, none printed over another.
    const items = await pdfItems(invoicePdf.rawPayload);
    const text = items.map((i) => i.str).join(' ');
    expect(text).toMatch(new RegExp(`Advance received: receipt voucher ${voucher!.number.replace(/\//g, '\\/')} of [^₹]+₹31,000\\.00`));
    expect(text).toContain('Balance received ₹31,000.00');
    expect(overprinted(items)).toEqual([]);

    expect(
      (await moveTo(order.id, 'shipped', { carrier: 'Safexpress', tracking_number: 'SX123', eway_bill_number: '331012345678' })).statusCode,
    ).toBe(200);
  });

  it('a quote is paid for a delivery address: none is 400; another pincode is re-priced from the freight; one beyond it goes back to the owner', async () => {
    const buyer = await newBuyer(t, 'Divya');
    const quote = await sentQuote(buyer);
    const before = fake.ordersCreated;
    const none = await inject('POST', `/api/quotes/${quote.id}/accept/`, as(buyer));
    expect(none.statusCode).toBe(400);
    expect(none.json<{ detail: string }>().detail).toBe(
      'Choose a delivery address for this quote, or add one: the advance is asked for the address it is delivered to.',
    );
    expect(fake.ordersCreated).toBe(before);

    // Priced for Chennai 600004; delivered to Delhi, the shop's freight to 110001 replaces the quote's ₹2,000.
    const delhi = await addressOf(buyer, {
      first_name: 'Divya',
      city: 'New Delhi',
      state: 'Delhi',
      postal_code: '110001',
      address_line1: '4 Janpath',
    });
    const freight = await t.services.delivery.quote({ pincode: '110001', lines: [{ productId: bed.id, quantity: 1 }] });
    expect(freight.prices.standard).not.toBe(200_000);
    const total = 6_000_000 + freight.prices.standard;
    const advance = Math.round(total / 2 / 100) * 100;
    const toDelhi = await accept(buyer, quote.id, { address: delhi });
    expect(toDelhi.statusCode, toDelhi.body).toBe(200);
    expect(toDelhi.json<CreateOrderResponse>().amount).toBe(advance);
    // The page offers each address with its own figures: Chennai as priced, Delhi re-priced.
    const choices = await t.services.quotes.addressChoices(buyer, quote.id);
    expect(choices.map((c) => [c.pincode, c.as_priced, c.advance])).toEqual([
      ['110001', false, advance / 100],
      ['600004', true, 31_000],
    ]);
    // The address the quote was priced for keeps the quote's advance: its own provider order.
    const toChennai = await accept(buyer, quote.id);
    expect(toChennai.json<CreateOrderResponse>().amount).toBe(3_100_000);
    expect(toChennai.json<CreateOrderResponse>().order_id).not.toBe(toDelhi.json<CreateOrderResponse>().order_id);

    const { response } = fake.pay(toDelhi.json<CreateOrderResponse>().order_id);
    const verified = await inject('POST', `/api/quotes/${quote.id}/verify_payment/`, as(buyer), response);
    expect(verified.statusCode, verified.body).toBe(200);
    const order = verified.json<Order>();
    expect(order).toMatchObject({
      amount_paid: advance / 100,
      balance_due: (total - advance) / 100,
      total_amount: (total / 100).toFixed(2),
      shipping_amount: (freight.prices.standard / 100).toFixed(2),
      delivery_pincode: '110001',
      address: { first_name: 'Divya', address_line1: '4 Janpath', city: 'New Delhi', postal_code: '110001' },
    });
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, buyer.email), like(emailOutbox.subject, `Advance received for your order ${order.number}%`)));
    expect(mail!.text).toContain('Delivering to Divya Rao, 4 Janpath, Mylapore, New Delhi 110001.');
    // The receipt voucher is made out to the buyer at that address, not to an e-mail address.
    const [voucher] = await t.database.db
      .select({ buyer: invoices.buyer })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'receipt_voucher')));
    expect(voucher!.buyer).toMatchObject({ name: 'Divya Rao', state: 'Delhi' });
    expect(voucher!.buyer.address).toContain('4 Janpath');

    // A pincode the freight does not reach (excluded after the address was saved): back to the owner, nothing charged.
    const other = await newBuyer(t, 'Farah');
    const second = await sentQuote(other);
    const kochi = await addressOf(other, { city: 'Kochi', state: 'Kerala', postal_code: '682001' });
    const excluded = await inject('POST', '/api/admin/delivery/exclusions/', owner, { kind: 'state', state: 'Kerala' });
    expect(excluded.statusCode, excluded.body).toBe(201);
    try {
      const asked = fake.ordersCreated;
      const refused = await accept(other, second.id, { address: kochi });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ detail: string }>().detail).toBe(
        'We do not deliver to 682001 (Kochi) at our usual freight, so your quote has gone back to our workshop to price delivery there. We will e-mail you a new version; nothing was charged.',
      );
      expect(fake.ordersCreated).toBe(asked);
      const [back] = await t.database.db.select().from(quotes).where(eq(quotes.id, second.id));
      expect(back).toMatchObject({ status: 'change_requested' });
      expect(back!.changeNote).toContain('Please deliver to 12 Temple Street, Kochi 682001.');
      const [told] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, 'studio@example.in'), like(emailOutbox.subject, `Quote %-v1: delivery to 682001 to price`)));
      expect(told).toBeDefined();
    } finally {
      await t.services.delivery.removeExclusion(excluded.json<{ id: number }>().id);
    }
  });

  it('the database refuses an order made without a cart and without a delivery address', async () => {
    const buyer = await newBuyer(t, 'Gauri');
    const row = {
      number: `TW-TEST-${buyer.id}`,
      userId: buyer.id,
      subtotalPaise: 100,
      shippingPaise: 0,
      totalPaise: 100,
      shippingMethod: 'standard' as const,
      provider: 'test',
      providerOrderId: `test_${buyer.id}`,
      cartFingerprint: 'test',
      email: buyer.email,
    };
    /** What the database said, by the constraint's name. */
    const refusal = async (write: PromiseLike<unknown>) => {
      try {
        await write;
        return 'written';
      } catch (err) {
        return String((err as { cause?: unknown }).cause ?? err);
      }
    };
    expect(await refusal(t.database.db.insert(orders).values(row))).toMatch(/orders_address_named/);
    const [kept] = await t.database.db
      .insert(orders)
      .values({ ...row, address: { ...ADDRESS } })
      .returning();
    expect(await refusal(t.database.db.update(orders).set({ address: null }).where(eq(orders.id, kept!.id)))).toMatch(/orders_address_named/);
    // Only an order that owes nothing (a replacement) has no provider order, and a provider order names its provider.
    const other = { ...row, number: `TW-TEST-${buyer.id}-2`, providerOrderId: `test_${buyer.id}_2`, address: { ...ADDRESS } };
    expect(await refusal(t.database.db.insert(orders).values({ ...other, provider: null, providerOrderId: null }))).toMatch(
      /orders_provider_order_named/,
    );
    expect(await refusal(t.database.db.insert(orders).values({ ...other, provider: null }))).toMatch(/orders_provider_order_named/);
    expect(
      await refusal(t.database.db.insert(orders).values({ ...other, provider: null, providerOrderId: null, subtotalPaise: 0, totalPaise: 0 })),
    ).toBe('written');
  });

  it('two accepts at once make one provider order; a client-sent amount is not what is charged', async () => {
    const buyer = await newBuyer(t, 'Ravi');
    const quote = await sentQuote(buyer);
    const before = fake.ordersCreated;
    const both = await Promise.all([1, 2].map(() => accept(buyer, quote.id, { amount: 1 })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const ids = new Set(both.map((r) => r.json<CreateOrderResponse>().order_id));
    expect(ids.size).toBe(1);
    expect(fake.ordersCreated).toBe(before + 1);
    // The payment window names the quote as the buyer's page does, never a row's id.
    expect(both.map((r) => r.json<CreateOrderResponse>().description)).toEqual([1, 2].map(() => `Advance for quote Q-${quote.request}, version 1`));
    expect(both[0]!.json<CreateOrderResponse>().amount).toBe(3_100_000);
  });

  it('an expired quote is refused with a sentence and nothing is charged', async () => {
    const buyer = await newBuyer(t, 'Anil');
    const quote = await sentQuote(buyer);
    await t.database.db.update(quotes).set({ validUntil: '2020-01-01' }).where(eq(quotes.id, quote.id));
    const before = fake.ordersCreated;
    const refused = await accept(buyer, quote.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(EXPIRED_MESSAGE);
    expect(fake.ordersCreated).toBe(before);
    expect((await inject('GET', `/api/quotes/${quote.id}/`, as(buyer))).json<BuyerQuote>().status).toBe('expired');
  });

  it('another buyer’s request and quote are 404', async () => {
    const buyer = await newBuyer(t, 'Lata');
    const stranger = await newBuyer(t, 'Stranger');
    const quote = await sentQuote(buyer);
    expect((await inject('GET', `/api/quotes/${quote.id}/`, as(stranger))).statusCode).toBe(404);
    expect((await accept(stranger, quote.id)).statusCode).toBe(404);
    expect((await inject('POST', `/api/quotes/${quote.id}/change/`, as(stranger), { note: 'cheaper' })).statusCode).toBe(404);
    expect((await inject('GET', '/api/quotes/', as(stranger))).json<unknown[]>()).toEqual([]);
  });

  it('dimensions outside the allowed range are refused with a sentence, and nothing is written', async () => {
    const buyer = await newBuyer(t, 'Kiran');
    const refused = await ask(buyer, { length: '100' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.length).toEqual([`The length of ${bed.name} can be 150 to 250 cm, not 100.`]);
    expect((await inject('GET', '/api/quotes/', as(buyer))).json<unknown[]>()).toEqual([]);
  });

  it('a change asked for gets a new version; the old one is withdrawn and cannot be paid', async () => {
    const buyer = await newBuyer(t, 'Uma');
    const first = await sentQuote(buyer);
    const changed = await inject('POST', `/api/quotes/${first.id}/change/`, as(buyer), { note: 'Could it be in Natural Teak?' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<BuyerQuote>()).toMatchObject({ status: 'change_requested', change_note: 'Could it be in Natural Teak?' });
    const second = await inject('POST', '/api/admin/quotes/', owner, {
      request: first.request,
      lines: [{ piece: 'Bed', finish: 'Natural Teak', price: 58_000 }],
      delivery: 2_000,
      production_weeks: 6,
      advance_percent: 40,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect((await inject('POST', `/api/admin/quotes/${second.json<Quote>().id}/send/`, owner)).statusCode).toBe(200);
    const [request] = (await inject('GET', '/api/quotes/', as(buyer))).json<QuoteRequest[]>();
    expect(request!.quotes.map((q) => [q.version, q.status, q.advance])).toEqual([
      [1, 'withdrawn', 31_000],
      [2, 'sent', 24_000],
    ]);
    expect((await accept(buyer, first.id)).statusCode).toBe(409);
  });

  it('a ₹0 line is a piece included and reaches the order; a quote of ₹0 lines only is refused and nothing is written', async () => {
    const buyer = await newBuyer(t, 'Lata');
    const asked = await ask(buyer);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json<QuoteRequest>().id;
    const price = (lines: { piece: string; price: number }[]) =>
      inject('POST', '/api/admin/quotes/', owner, { request, lines, delivery: 0, production_weeks: 6 });
    const refused = await price([{ piece: 'Bed', price: 0 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.lines).toEqual(['At least one line needs a price above zero.']);
    expect(await t.database.db.select().from(quotes).where(eq(quotes.requestId, request))).toEqual([]);

    const priced = await price([
      { piece: 'Bed', price: 60_000 },
      { piece: 'Two pillows', price: 0 },
    ]);
    expect(priced.statusCode, priced.body).toBe(201);
    expect(priced.json<Quote>()).toMatchObject({ total: 60_000, advance: 30_000 });
    const sent = await inject('POST', `/api/admin/quotes/${priced.json<Quote>().id}/send/`, owner);
    const order = await paidAdvance(buyer, sent.json<Quote>());
    expect(order.items.map((i) => [i.product.name, i.total])).toEqual([
      ['Bed', '60000.00'],
      ['Two pillows', '0.00'],
    ]);
    // Its lines show the product's drawing (or none), never the buyer's reference photo.
    const [drawing] = await t.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, bed.id))
      .orderBy(productImages.position, productImages.id)
      .limit(1);
    const photo = asked.json<QuoteRequest>().photos[0]!;
    expect(photo).toBeTruthy();
    const pictures = order.items.map((i) => i.product.images[0]?.image ?? null);
    expect(pictures.every((p) => p === null || !p.includes(photo.split('/').pop()!.split('.')[0]!))).toBe(true);
    expect(pictures.map((p) => (p === null ? null : p.split('/').pop()))).toEqual([1, 2].map(() => drawing?.image.split('/').pop() ?? null));
  });

  it('a business accepts a quote for an address with its GSTIN (checked as at checkout): the receipt voucher and the tax invoice are B2B', async () => {
    const buyer = await newBuyer(t, 'Firm');
    const quote = await sentQuote(buyer);
    // The address a buyer adds when choosing where the quote goes is checked by the checkout's rules and sentences.
    const wrong = await inject('POST', '/api/addresses/', as(buyer), {
      ...ADDRESS,
      gstin: '27AAPFU0939F1ZA',
      business_name: 'Sahyadri Interiors LLP',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ errors: Record<string, string[]> }>().errors.gstin).toEqual([gstinProblem('27AAPFU0939F1ZA')]);
    const office = await addressOf(buyer, { gstin: '27aapfu0939f1zv', business_name: 'Sahyadri Interiors LLP' });
    const accepted = await accept(buyer, quote.id, { address: office });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const verified = await inject(
      'POST',
      `/api/quotes/${quote.id}/verify_payment/`,
      as(buyer),
      fake.pay(accepted.json<CreateOrderResponse>().order_id).response,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const order = verified.json<Order>();
    const business = { name: 'Sahyadri Interiors LLP', gstin: '27AAPFU0939F1ZV' };
    const documents = () => t.database.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect((await documents()).map((d) => [d.kind, d.buyer])).toEqual([['receipt_voucher', expect.objectContaining(business)]]);
    await toReady(order.id);
    const balance = await inject('POST', `/api/orders/${order.id}/pay_balance/`, as(buyer));
    expect(balance.statusCode, balance.body).toBe(200);
    const paid = await inject(
      'POST',
      `/api/orders/${order.id}/verify_balance/`,
      as(buyer),
      fake.pay(balance.json<CreateOrderResponse>().order_id).response,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const invoice = (await documents()).find((d) => d.kind === 'invoice')!;
    // The place of supply follows the delivery address (Chennai), whatever the business's own state.
    expect(invoice).toMatchObject({ buyer: expect.objectContaining(business), placeOfSupply: 'Tamil Nadu (33)', intraState: true });
    const text = await pdfText((await inject('GET', `/api/orders/${order.id}/invoice/`, as(buyer))).rawPayload);
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Sahyadri Interiors LLP');
  });

  it('a GSTIN given with a saved address chosen for a quote is checked, saved with the address, and makes the receipt voucher B2B', async () => {
    const buyer = await newBuyer(t, 'Hotel');
    const quote = await sentQuote(buyer);
    const plain = await addressOf(buyer);
    const wrong = await accept(buyer, quote.id, { address: plain, gstin: '27AAPFU0939F1ZA', business_name: 'Hotel Marina' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(gstinProblem('27AAPFU0939F1ZA')!);
    expect(
      (await inject('GET', '/api/get_user_addresses/', as(buyer))).json<{ id: number; gstin?: string | null }[]>().find((a) => a.id === plain)
        ?.gstin ?? null,
    ).toBe(null);
    const accepted = await accept(buyer, quote.id, { address: plain, gstin: '27aapfu0939f1zv', business_name: 'Hotel Marina' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const saved = (await inject('GET', '/api/get_user_addresses/', as(buyer))).json<{ id: number; gstin?: string; business_name?: string }[]>();
    expect(saved.find((a) => a.id === plain)).toMatchObject({ gstin: '27AAPFU0939F1ZV', business_name: 'Hotel Marina' });
    const verified = await inject(
      'POST',
      `/api/quotes/${quote.id}/verify_payment/`,
      as(buyer),
      fake.pay(accepted.json<CreateOrderResponse>().order_id).response,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const [voucher] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, verified.json<Order>().id));
    expect(voucher).toMatchObject({ kind: 'receipt_voucher', buyer: expect.objectContaining({ name: 'Hotel Marina', gstin: '27AAPFU0939F1ZV' }) });
  });

  it('the webhook completes an advance the buyer’s browser never confirmed; cancelling refunds the advance with a refund voucher', async () => {
    const buyer = await newBuyer(t, 'Devi');
    const quote = await sentQuote(buyer);
    const accepted = (await accept(buyer, quote.id)).json<CreateOrderResponse>();
    const { payment } = fake.pay(accepted.order_id);
    const delivery = fake.webhook('payment.captured', payment);
    const hook = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body });
    expect(hook.statusCode, hook.body).toBe(200);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row!.status).toBe('paid');
    const orderId = row!.orderId!;

    const cancelled = await moveTo(orderId, 'cancelled');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.services.checkout.retryRefunds();
    // Made by the request or this retry, or by the shop's reconciler if its pass held the refund's claim then.
    await expect
      .poll(() => t.database.db.select({ amount: refunds.amountPaise, status: refunds.status }).from(refunds).where(eq(refunds.orderId, orderId)), {
        timeout: 20_000,
      })
      .toEqual([{ amount: 3_100_000, status: 'processed' }]);
    const view = (await inject('GET', `/api/orders/${orderId}/`, as(buyer))).json<Order>();
    expect(view).toMatchObject({ status: 'cancelled', amount_paid: 0, balance_due: 0 });
    // An advance refunded before any tax invoice gets a refund voucher naming its receipt voucher (Rule 51).
    expect(view.documents.map((d) => d.kind)).toEqual(['receipt_voucher', 'refund_voucher']);
    const refundVoucher = view.documents[1]!;
    expect(refundVoucher.number).toMatch(/^[A-Z]+F\/\d{2}-\d{2}\/\d{5}$/);
    const pdf = await inject('GET', refundVoucher.url, as(buyer));
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('REFUND VOUCHER');
    expect(text).toContain(refundVoucher.number);
    expect(text).toContain(`AGAINST RECEIPT VOUCHER ${view.documents[0]!.number} DATED`);
  });

  it('advances refunded at once get refund vouchers of consecutive numbers in their own series', async () => {
    const orderIds: number[] = [];
    for (const name of ['Ishaan', 'Kavya', 'Lalit']) {
      const buyer = await newBuyer(t, name);
      orderIds.push((await paidAdvance(buyer, await sentQuote(buyer))).id);
    }
    const cancelled = await Promise.all(orderIds.map((id) => moveTo(id, 'cancelled')));
    expect(cancelled.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const vouchers = await t.database.db
      .select({ number: invoices.number, seq: invoices.seq, orderId: invoices.orderId })
      .from(invoices)
      .where(and(eq(invoices.kind, 'refund_voucher'), inArray(invoices.orderId, orderIds)));
    expect(vouchers).toHaveLength(3);
    const seqs = vouchers.map((v) => v.seq).sort((a, b) => a - b);
    expect(seqs[2]! - seqs[0]!).toBe(2);
    expect(new Set(vouchers.map((v) => v.number)).size).toBe(3);
    expect(
      await t.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.kind, 'credit_note'), inArray(invoices.orderId, orderIds))),
    ).toEqual([]);
  });
  it('an advance paid twice: the second is refunded, and the buyer’s refund e-mail carries its refund voucher', async () => {
    const buyer = await newBuyer(t, 'Twice');
    const quote = await sentQuote(buyer);
    const accepted = (await accept(buyer, quote.id)).json<CreateOrderResponse>();
    // Two payments of the one provider order (two tabs, say): the first makes the order, the second is given back.
    for (const { payment } of [fake.pay(accepted.order_id), fake.pay(accepted.order_id)]) {
      const delivery = fake.webhook('payment.captured', payment);
      const hook = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body });
      expect(hook.statusCode, hook.body).toBe(200);
    }
    await t.services.checkout.retryRefunds();
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    await expect
      .poll(async () => (await t.database.db.select().from(refunds).where(eq(refunds.orderId, row!.orderId!)))[0], { timeout: 20_000 })
      .toMatchObject({ amountPaise: 3_100_000, status: 'processed' });
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, row!.orderId!));
    const [note] = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, row!.orderId!), eq(invoices.kind, 'refund_voucher')));
    expect(note).toMatchObject({ refundId: refund!.id, totalPaise: 3_100_000 });

    // The buyer's mail is written after the refund is marked made (by whichever process made it): waited for.
    const refundMail = async () =>
      (
        await t.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, buyer.email), like(emailOutbox.subject, 'Refund of ₹31,000 for your order%')))
      )[0];
    await expect.poll(refundMail, { timeout: 20_000 }).toBeDefined();
    const mail = await refundMail();
    const files = await t.database.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, mail!.id));
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([[`${note!.number.replace(/\//g, '-')}.pdf`, 'application/pdf']]);
    expect(Buffer.from(files[0]!.content).subarray(0, 5).toString()).toBe('%PDF-');
  });
  const hook = (payment: Parameters<FakeRazorpay['webhook']>[1]) => {
    const delivery = fake.webhook('payment.captured', payment);
    return t.app.inject({ method: 'POST', url: '/api/payments/razorpay/webhook/', headers: delivery.headers, payload: delivery.body });
  };
  const refundsAtProvider = (paymentId: string) => [...fake.refunds.values()].filter((r) => r.payment_id === paymentId);

  /** Of two payments of one thing, one is kept (captured, nothing given back) and the other refunded in full, once. */
  async function oneKeptOneRefunded(orderId: number, ids: string[], amount: number) {
    await t.services.checkout.retryRefunds();
    const ledger = await t.database.db.select().from(charges).where(eq(charges.orderId, orderId));
    const mine = ledger.filter((c) => ids.includes(c.providerPaymentId));
    expect(mine.map((c) => c.refundedPaise).sort((a, b) => a - b)).toEqual([0, amount]);
    const kept = mine.find((c) => c.refundedPaise === 0)!.providerPaymentId;
    const other = ids.find((id) => id !== kept)!;
    expect(refundsAtProvider(kept)).toEqual([]);
    expect(refundsAtProvider(other).map((r) => r.amount)).toEqual([amount]);
    expect(fake.payments.get(kept)!.status).toBe('captured');
  }

  for (const webhookFirst of [true, false])
    it(`a balance paid twice (${webhookFirst ? 'webhook before verify' : 'verify before webhook'}): only the duplicate is refunded, once; the order stays paid in full`, async () => {
      const buyer = await newBuyer(t, 'Balance twice');
      const quote = await sentQuote(buyer);
      const order = await paidAdvance(buyer, quote);
      await toReady(order.id);
      const balance = (await inject('POST', `/api/orders/${order.id}/pay_balance/`, as(buyer))).json<CreateOrderResponse>();
      // Two tabs pay the one provider order; each payment is confirmed by the buyer's browser and by the webhook.
      const a = fake.pay(balance.order_id);
      const b = fake.pay(balance.order_id);
      const verifyOf = (paid: typeof a) => inject('POST', `/api/orders/${order.id}/verify_balance/`, as(buyer), paid.response);
      const first = webhookFirst ? await Promise.all([hook(a.payment), hook(b.payment)]) : await Promise.all([verifyOf(a), verifyOf(b)]);
      expect(first.map((r) => r.statusCode)).toEqual([200, 200]);
      const then = webhookFirst ? await Promise.all([verifyOf(b), verifyOf(a)]) : await Promise.all([hook(b.payment), hook(a.payment)]);
      expect(then.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await t.services.checkout.reconcilePendingOrders({ olderThanMs: 0 })).toBeGreaterThanOrEqual(0);
      await oneKeptOneRefunded(order.id, [a.payment.id, b.payment.id], 3_100_000);
      const view = (await inject('GET', `/api/orders/${order.id}/`, as(buyer))).json<Order>();
      expect(view).toMatchObject({ payment_status: 'captured', amount_paid: 62_000, balance_due: 0 });
      expect(
        (await moveTo(order.id, 'shipped', { carrier: 'Safexpress', tracking_number: 'SX9', eway_bill_number: '331000123456' })).statusCode,
      ).toBe(200);
    });

  it('an advance paid twice, verify and webhook racing: one order, only the duplicate refunded, once', async () => {
    const buyer = await newBuyer(t, 'Advance twice');
    const quote = await sentQuote(buyer);
    const accepted = (await accept(buyer, quote.id)).json<CreateOrderResponse>();
    const a = fake.pay(accepted.order_id);
    const b = fake.pay(accepted.order_id);
    const verifyOf = (paid: typeof a) => inject('POST', `/api/quotes/${quote.id}/verify_payment/`, as(buyer), paid.response);
    const answers = await Promise.all([verifyOf(a), hook(b.payment), hook(a.payment), verifyOf(b)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(1);
    await oneKeptOneRefunded(row!.orderId!, [a.payment.id, b.payment.id], 3_100_000);
    const view = (await inject('GET', `/api/orders/${row!.orderId}/`, as(buyer))).json<Order>();
    expect(view).toMatchObject({ payment_status: 'part_paid', amount_paid: 31_000, balance_due: 31_000 });
  });

  it('a quote order’s money is one summary: part paid, then paid, then a refund larger than the advance reaches the balance, never more', async () => {
    const buyer = await newBuyer(t, 'Summary');
    const quote = await sentQuote(buyer);
    const order = await paidAdvance(buyer, quote);
    expect(order).toMatchObject({
      financial_status: 'partially_paid',
      amount_paid: 31_000,
      balance_due: 31_000,
      amount_refunded: 0,
      refundable: 31_000,
    });
    expect(order.payments).toEqual([expect.objectContaining({ kind: 'advance', amount: 31_000, status: 'captured', refundable: 31_000 })]);
    // Named as the API's description names them, and as the rest of the order answer does.
    expect(order.payments[0]!.provider_payment_id).toBe(order.payments[0]!.razorpay_payment_id);
    // The owner's list counts what was received, not the order's whole value.
    const listed = (await inject('GET', `/api/admin/orders/${order.id}/`, owner)).json<Order>();
    expect(listed).toMatchObject({ financial_status: 'partially_paid', amount_paid: 31_000 });
    await toReady(order.id);
    const balance = (await inject('POST', `/api/orders/${order.id}/pay_balance/`, as(buyer))).json<CreateOrderResponse>();
    const paid = await inject('POST', `/api/orders/${order.id}/verify_balance/`, as(buyer), fake.pay(balance.order_id).response);
    expect(paid.json<Order>()).toMatchObject({ financial_status: 'paid', amount_paid: 62_000, balance_due: 0, refundable: 62_000 });

    // Amounts are numbers: text that is not one, a boolean, or less than a rupee is refused with a sentence.
    for (const amount of ['0x10', true, '1e3', 0.5]) {
      const refused = await inject('POST', `/api/admin/orders/${order.id}/refunds/`, owner, { amount, note: 'Goodwill' });
      expect(refused.statusCode, String(amount)).toBe(400);
      expect(refused.json<{ errors: Record<string, string[]> }>().errors.amount![0]).toMatch(/rupees|at least ₹1/);
    }
    // ₹40,000 is more than the advance: it is given back from the balance and then the advance, two refunds.
    const refund = await inject('POST', `/api/admin/orders/${order.id}/refunds/`, owner, { amount: 40_000, note: 'The headboard was changed.' });
    expect(refund.statusCode, refund.body).toBe(201);
    const after = (await inject('GET', `/api/orders/${order.id}/`, as(buyer))).json<Order>();
    expect(after).toMatchObject({
      financial_status: 'partially_refunded',
      amount_paid: 22_000,
      amount_refunded: 40_000,
      refundable: 22_000,
      balance_due: 0,
    });
    expect(after.payments.map((p) => [p.kind, p.refunded, p.status])).toEqual([
      ['advance', 9_000, 'partially_refunded'],
      ['balance', 31_000, 'refunded'],
    ]);
    expect(after.refunds.map((r) => [r.amount, r.razorpay_payment_id])).toEqual([
      ['31000.00', after.payments[1]!.razorpay_payment_id],
      ['9000.00', after.payments[0]!.razorpay_payment_id],
    ]);
    const over = await inject('POST', `/api/admin/orders/${order.id}/refunds/`, owner, { amount: 22_000.01, note: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ detail: string }>().detail).toBe(
      "Only ₹22,000.00 of this order's payments is left to refund. Refresh the order to see its refunds.",
    );
    const rest = await inject('POST', `/api/admin/orders/${order.id}/refunds/`, owner, { amount: 22_000, note: 'All of it.' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect((await inject('GET', `/api/orders/${order.id}/`, as(buyer))).json<Order>()).toMatchObject({ financial_status: 'refunded', refundable: 0 });
  });

  it('an accepted quote past its validity takes no advance: 409 with a sentence, nothing asked of the provider', async () => {
    const buyer = await newBuyer(t, 'Late');
    const quote = await sentQuote(buyer);
    expect((await accept(buyer, quote.id)).statusCode).toBe(200);
    await t.database.db.update(quotes).set({ validUntil: '2020-01-01' }).where(eq(quotes.id, quote.id));
    const before = fake.ordersCreated;
    const refused = await accept(buyer, quote.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(EXPIRED_MESSAGE);
    expect(fake.ordersCreated).toBe(before);
  });

  it('the reconciler completes an advance nobody confirmed; a forged signature, a bad id, an unknown pincode and a file that is no image are 4xx', async () => {
    const buyer = await newBuyer(t, 'Sita');
    const quote = await sentQuote(buyer);
    const accepted = (await accept(buyer, quote.id)).json<CreateOrderResponse>();
    const { response } = fake.pay(accepted.order_id);
    const forged = await inject('POST', `/api/quotes/${quote.id}/verify_payment/`, as(buyer), { ...response, razorpay_signature: 'a'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect((await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id)))[0]!.status).toBe('accepted');

    // The buyer closed the tab: the reconciler asks the provider and completes the advance, once.
    expect(await t.services.checkout.reconcilePendingOrders({ olderThanMs: 0 })).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row).toMatchObject({ status: 'paid' });
    const again = await inject('POST', `/api/quotes/${quote.id}/verify_payment/`, as(buyer), response);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Order>().id).toBe(row!.orderId);
    expect(await t.database.db.select().from(charges).where(eq(charges.orderId, row!.orderId!))).toHaveLength(1);

    expect((await inject('GET', '/api/quotes/abc/', as(buyer))).statusCode).toBe(400);
    expect((await inject('POST', '/api/orders/abc/pay_balance/', as(buyer))).statusCode).toBe(400);
    expect((await ask(buyer, { pincode: '12' })).statusCode).toBe(400);
    // An unserved pincode is refused beside the pincode (the page shows it under that field).
    const unserved = await ask(buyer, { pincode: '999999' });
    expect(unserved.statusCode).toBe(409);
    const refusedPincode = unserved.json<{ detail: string; errors: Record<string, string[]> }>();
    expect(refusedPincode.errors).toEqual({ pincode: [refusedPincode.detail] });
    // More than five photos are refused by the service too, whoever calls it.
    await expect(
      t.services.quotes.createRequest(
        { id: buyer.id, email: 'six@example.in' },
        { source: 'bespoke', description: 'A low teak bench for our hall.', pincode: '600004' },
        Array.from({ length: 6 }, (_, i) => `/media/quotes/p${i}.jpg`),
      ),
    ).rejects.toMatchObject({ status: 400, errors: { photos: ['Choose at most 5 photos: remove one and send again.'] } });
    const notImage = await inject(
      'POST',
      '/api/quote-requests/',
      as(buyer),
      form({
        product: bed.slug,
        length: '180',
        breadth: '160',
        height: '90',
        pincode: '600004',
        photos: { bytes: Buffer.from('<html></html>'), filename: 'x.jpg', type: 'image/jpeg' },
      }),
    );
    expect(notImage.statusCode).toBe(415);
    expect((await inject('GET', '/api/quotes/', as(buyer))).json<QuoteRequest[]>()).toHaveLength(1);
  });
});
