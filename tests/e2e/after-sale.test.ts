import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { launchBrowser, screenshot, signIn, visit, watchConsole } from '../support/browser';
import { type Customer, newCustomer } from '../support/customers';
import { withoutAddresses } from '../integration/page-reading';

const baseUrl = inject('baseUrl');
const OWNER = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
const REFUND_LINE = /Refund of ₹[\d,.]+ initiated on \d{1,2} \w+ \d{4}, reference rfnd_\w+\./;
/** What no page may show a person (issue 40): the old money format, an ISO date. */
const RS = /Rs\.?\s?\d/;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function api<T>(url: string, json: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(json),
  });
  expect(res.status, `${url}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A paid order of one piece for the story's own customer (the simulated provider pays it), as the checkout leaves it. */
async function paidOrder(customer: Customer, skip: number): Promise<{ id: number; number: string; product: Product }> {
  const { access } = await api<{ access: string }>('/api/token/', customer);
  const products = (await (await fetch(`${baseUrl}/api/products/?in_stock=true&limit=200`)).json()) as Product[];
  const product = products.filter((p) => p.in_stock && (p.available_quantity === null || p.available_quantity >= 2))[skip]!;
  const cart = `after${Date.now().toString(36)}${skip}`;
  await api('/api/add_item/', { cart_code: cart, product_id: product.id }, access);
  const payment = await api<{ order_id: string }>('/api/create_order/', { cart_code: cart }, access);
  const paid = await api<Record<string, string>>('/api/payments/simulated/pay/', { razorpay_order_id: payment.order_id }, access);
  const address = {
    first_name: 'Priya',
    last_name: 'Raman',
    email: customer.email,
    phone: '+919840012345',
    address_line1: '12 Besant Avenue',
    city: 'Chennai',
    state: 'Tamil Nadu',
    postal_code: '600020',
  };
  const { order_id } = await api<{ order_id: number }>('/api/verify_payment/', { cart_code: cart, ...paid, address }, access);
  const order = (await (await fetch(`${baseUrl}/api/orders/${order_id}/`, { headers: { authorization: `Bearer ${access}` } })).json()) as {
    number: string;
  };
  return { id: order_id, number: order.number, product };
}

/** The owner walks an order along its road to delivered (the workshop's stages for a piece made to order). */
async function deliver(orderId: number) {
  const admin = (await api<{ access: string }>('/api/token/', OWNER)).access;
  for (let stage = 'paid'; stage !== 'delivered';) {
    const next = (await (await fetch(`${baseUrl}/api/admin/orders/${orderId}/`, { headers: { authorization: `Bearer ${admin}` } })).json()) as {
      next_stages: string[];
    };
    stage = next.next_stages.find((s) => s !== 'cancelled')!;
    await api(
      `/api/admin/orders/${orderId}/status/`,
      { stage, tracking_number: 'BD123456789IN', carrier: 'Blue Dart', eway_bill_number: '331012345678' },
      admin,
    );
  }
}

async function phone(user: { email: string; password: string }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await signIn(context, baseUrl, user);
  const page = await context.newPage();
  return { page, errors: watchConsole(page) };
}

const orderCard = (page: Page, number: string) => page.getByRole('article', { name: `Order ${number}` });

describe('after the sale, at 375 px', () => {
  it('a buyer cancels a fresh order and reads the refund line', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const order = await paidOrder(customer, 0);
    const { page, errors } = await phone(customer);
    await visit(page, `${baseUrl}/orderdetails`);
    const card = orderCard(page, order.number);
    await card.getByText(`Cancel order`, { exact: false }).first().click();
    // What happens is stated before the buyer confirms.
    await card.getByText(/The order is cancelled at once and ₹[\d,.]+ is refunded/).waitFor();
    await card.getByLabel('Why are you cancelling?').selectOption('changed_mind');
    await card.getByRole('button', { name: 'Confirm cancellation' }).click();
    await card.getByRole('status').filter({ hasText: 'Your order is cancelled; the refund is on its way.' }).waitFor();
    await card.getByText(REFUND_LINE).waitFor();
    await expect(card.getByRole('link', { name: 'Credit note' }).count()).resolves.toBe(1);
    await expect(card.getByText('Cancel order').count()).resolves.toBe(0);
    await screenshot(page, 'after-sale-cancelled-375');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a buyer reports a damaged piece with a photo; the owner accepts and refunds it, and the buyer reads the refund line', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const order = await paidOrder(customer, 1);
    await deliver(order.id);
    const buyer = await phone(customer);
    await visit(buyer.page, `${baseUrl}/orderdetails`);
    const card = orderCard(buyer.page, order.number);
    await card.getByText('Report a problem').first().click();
    await card.getByLabel('What went wrong?').selectOption('damaged_in_transit');
    await card.getByLabel('Describe the problem').fill('One leg of the chair arrived split at the joint.');
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#7a4b2a' } })
      .jpeg()
      .toBuffer();
    await card.locator('input[name="photos"]').setInputFiles({ name: 'split-leg.jpg', mimeType: 'image/jpeg', buffer: photo });
    await card.getByRole('button', { name: 'Send report' }).click();
    await card.getByRole('status').filter({ hasText: 'Your report was sent to the studio.' }).waitFor();
    await card.getByText('Problem reported (Damaged in transit): the studio will answer soon.').waitFor();
    await screenshot(buyer.page, 'after-sale-reported-375');

    const owner = await phone(OWNER);
    await visit(owner.page, `${baseUrl}/dashboard/returns`);
    const answer = owner.page.getByRole('form', { name: `Answer the return of order ${order.number}` });
    await owner.page.getByRole('img', { name: 'Photo 1 of the problem' }).first().waitFor();
    const pickup = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await answer.getByLabel('Pickup date (when collecting)').fill(pickup);
    await answer.getByLabel('Note for the buyer (required)').fill('We are sorry; our partner will collect it.');
    await answer.getByRole('button', { name: 'Send answer' }).click();
    const refund = owner.page.getByRole('form', { name: `Refund the return of order ${order.number}` });
    // Typed as Indian write it; the cap is the returned piece's price.
    await refund.getByLabel(/Amount to refund \(₹, up to ₹[\d,]+(\.\d\d)?\)/).fill('1,500');
    await refund.getByLabel('Note for the buyer').fill('For the split leg; the rest of the set stays with you.');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await owner.page.getByText('Refund made.').waitFor();
    // Settled, the return stays findable under Closed.
    await owner.page.getByRole('list', { name: 'Closed returns' }).getByText(`Order ${order.number}`, { exact: false }).waitFor();
    await screenshot(owner.page, 'after-sale-owner-refunded-375');

    await visit(buyer.page, `${baseUrl}/orderdetails`);
    await card
      .getByText(/Refund of ₹1,500 initiated on \d{1,2} \w+ \d{4}, reference rfnd_\w+\. For the split leg; the rest of the set stays with you\./)
      .waitFor();
    await card
      .getByText(/Problem reported \(Damaged in transit\): ₹1,500 refunded for the returned pieces \(₹[\d,]+(\.\d\d)?\); the studio kept ₹[\d,]+/)
      .waitFor();
    const read = withoutAddresses(await card.innerText());
    expect(read).not.toMatch(RS);
    expect(read).not.toMatch(ISO_DATE);
    expect(buyer.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
    await buyer.page.context().close();
    await owner.page.context().close();
  });
});

describe('the owner’s pages at 1280 px', () => {
  it('the order list and an order page draw India times on the server as in the browser, with no console error', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const order = await paidOrder(customer, 2);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' });
    await signIn(context, baseUrl, OWNER);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/dashboard/orders`);
    const row = page.getByRole('row').filter({ hasText: order.number });
    // A browser in New York draws the same India time the server did: no hydration error (#418), no redraw.
    await row.getByText(/^\d{1,2} \w+ \d{4}, \d{1,2}:\d{2} (am|pm)$/).waitFor();
    await visit(page, `${baseUrl}/dashboard/orders/${order.id}`);
    await page.getByText(order.number).first().waitFor();
    const read = withoutAddresses(await page.locator('main').innerText());
    expect(read).not.toMatch(RS);
    expect(read).not.toMatch(ISO_DATE);
    // Quotes waiting are counted beside returns and cancellations.
    await visit(page, `${baseUrl}/dashboard`);
    await page.getByRole('link', { name: /^\d+ Quotes to answer \d+ requests? to price, \d+ changes? asked$/ }).waitFor();
    await visit(page, `${baseUrl}/dashboard/returns`);
    await page.getByRole('heading', { name: /^Closed \(\d+\)$/ }).waitFor();
    await screenshot(page, 'after-sale-owner-returns-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The owner walks an order along its road up to `target` (a stage of its road). */
async function advanceTo(orderId: number, target: string) {
  const admin = (await api<{ access: string }>('/api/token/', OWNER)).access;
  for (let stage = ''; stage !== target;) {
    const next = (await (await fetch(`${baseUrl}/api/admin/orders/${orderId}/`, { headers: { authorization: `Bearer ${admin}` } })).json()) as {
      next_stages: string[];
    };
    stage = next.next_stages.includes(target) ? target : next.next_stages.find((s) => s !== 'cancelled' && s !== 'delivered')!;
    await api(
      `/api/admin/orders/${orderId}/status/`,
      { stage, tracking_number: 'BD123456789IN', carrier: 'Blue Dart', eway_bill_number: '331012345678' },
      admin,
    );
  }
}

/** The story's buyer reports a problem with a delivered order on her order page, as in the story above. */
async function reportReturn(customer: Customer, order: { number: string }) {
  const buyer = await phone(customer);
  await visit(buyer.page, `${baseUrl}/orderdetails`);
  const card = orderCard(buyer.page, order.number);
  await card.getByText('Report a problem').first().click();
  await card.getByLabel('What went wrong?').selectOption('wrong_finish');
  await card.getByLabel('Describe the problem').fill('The finish is lighter than the one we chose.');
  await card.getByRole('button', { name: 'Send report' }).click();
  await card.getByRole('status').filter({ hasText: 'Your report was sent to the studio.' }).waitFor();
  expect(buyer.errors).toEqual([]);
  await buyer.page.context().close();
}

describe('a return the buyer keeps, at 375 px', () => {
  it('the owner lets the buyer keep the piece and refunds part of it; the buyer reads that she keeps it, and nothing about a collection', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const order = await paidOrder(customer, 3);
    await deliver(order.id);
    await reportReturn(customer, order);

    const owner = await phone(OWNER);
    await visit(owner.page, `${baseUrl}/dashboard/returns`);
    const answer = owner.page.getByRole('form', { name: `Answer the return of order ${order.number}` });
    await answer.getByLabel('The piece').selectOption('keep');
    await answer.getByLabel('Note for the buyer (required)').fill('Keep it with our apologies; a part refund for the finish.');
    await answer.getByRole('button', { name: 'Send answer' }).click();
    const refund = owner.page.getByRole('form', { name: `Refund the return of order ${order.number}` });
    await refund.getByLabel(/Amount to refund \(₹, up to ₹[\d,]+(\.\d\d)?\)/).fill('1,000');
    await refund.getByLabel('Note for the buyer').fill('For the lighter finish.');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await owner.page.getByText('Refund made.').waitFor();
    // A kept piece has nothing to mark received.
    expect(await owner.page.getByRole('form', { name: `Mark the return of order ${order.number} received` }).count()).toBe(0);
    await screenshot(owner.page, 'after-sale-owner-keep-375');

    const buyer = await phone(customer);
    await visit(buyer.page, `${baseUrl}/orderdetails`);
    const card = orderCard(buyer.page, order.number);
    await card.getByText(/Refund of ₹1,000 initiated on \d{1,2} \w+ \d{4}, reference rfnd_\w+\. For the lighter finish\./).waitFor();
    await card
      .getByText(/You keep the piece; nothing will be collected\./)
      .first()
      .waitFor();
    const read = withoutAddresses(await card.innerText());
    expect(read).not.toMatch(/we will collect|pickup|picked up/i);
    expect(read).not.toMatch(RS);
    expect(read).not.toMatch(ISO_DATE);
    await screenshot(buyer.page, 'after-sale-buyer-keep-375');
    expect(buyer.errors).toEqual([]);
    expect(owner.errors).toEqual([]);
    await buyer.page.context().close();
    await owner.page.context().close();
  });
});

describe('what waits for the owner, at 375 px', () => {
  it('a quote to price, an open return and a cancellation request are counted in Needs attention and badge Quotes and Returns', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const { access } = await api<{ access: string }>('/api/token/', customer);
    await api('/api/quote-requests/', { source: 'bespoke', description: 'A low teak bench for our hall, about 120 cm.', pincode: '600020' }, access);
    const returned = await paidOrder(customer, 4);
    await deliver(returned.id);
    await reportReturn(customer, returned);
    const shipped = await paidOrder(customer, 5);
    await advanceTo(shipped.id, 'shipped');
    const asked = await fetch(`${baseUrl}/api/orders/${shipped.id}/cancel/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: JSON.stringify({ reason: 'changed_mind' }),
    });
    expect(asked.status).toBe(202);

    const owner = await phone(OWNER);
    await visit(owner.page, `${baseUrl}/dashboard`);
    const attention = owner.page.getByRole('region', { name: 'Needs attention' });
    const count = async (name: RegExp) => Number(/^(\d+)/.exec((await attention.getByRole('link', { name }).innerText()).trim())![1]);
    expect(await count(/Quotes to answer/)).toBeGreaterThan(0);
    expect(await count(/Returns and cancellations/)).toBeGreaterThanOrEqual(2);
    await attention.getByRole('link', { name: /[1-9]\d* cancellation requests?, [1-9]\d* open returns?/ }).waitFor();
    const sections = owner.page.getByRole('navigation', { name: 'Admin sections' });
    // Each section's badge: a count above zero beside its name ("Quotes 1 waiting" to a screen reader).
    await sections.getByRole('link', { name: /^Quotes\s*[1-9]\d* waiting$/ }).waitFor();
    const returnsBadge = await sections.getByRole('link', { name: /^Returns\s*\d+ waiting$/ }).innerText();
    expect(Number(/(\d+)/.exec(returnsBadge)![1])).toBeGreaterThanOrEqual(2);
    // The badges' words for screen readers sit inside the sections' sideways scroller: the page itself never
    // scrolls sideways on a phone, however many sections carry a badge.
    expect(await owner.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(owner.page, 'owner-needs-attention-375');
    expect(owner.errors).toEqual([]);
    await owner.page.context().close();
  });
});
