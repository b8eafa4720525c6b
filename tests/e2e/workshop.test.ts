import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { launchBrowser, screenshot, visit, watchConsole } from '../support/browser';
import { type Customer, newCustomer, ownAddress } from '../support/customers';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
const run = Math.random().toString(36).slice(2, 7);
/** This file's own client address, so the shared shop's log-in limits are not used up by its log-ins. */
const ip = ownAddress();

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function apiJson<T>(pathname: string, init: { json?: unknown; token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-forwarded-for': ip };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: init.json !== undefined ? 'POST' : 'GET',
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  expect(res.status, `${pathname}: ${text.slice(0, 200)}`).toBeLessThan(300);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A paid order of the customer for a piece made to order, made through the API as the shop's own client makes it. */
async function paidMadeToOrder(customer: Customer): Promise<{ id: number; number: string }> {
  const token = (await apiJson<{ access: string }>('/api/token/', { json: customer })).access;
  const cart = `wks${run}${Date.now().toString(36)}`.slice(0, 20);
  const products = await apiJson<Product[]>('/api/products/?in_stock=true&limit=100');
  const piece = products.find((p) => p.stock_kind === 'made_to_order')!;
  await apiJson('/api/add_item/', { json: { cart_code: cart, product_id: piece.id }, token });
  const payment = await apiJson<{ order_id: string }>('/api/create_order/', { json: { cart_code: cart }, token });
  const paid = await apiJson<Record<string, string>>('/api/payments/simulated/pay/', { json: { razorpay_order_id: payment.order_id }, token });
  const address = {
    first_name: 'Priya',
    last_name: 'Raman',
    email: customer.email,
    phone: '9840012345',
    address_line1: '7 Kalakshetra Road',
    city: 'Chennai',
    state: 'Tamil Nadu',
    postal_code: '600020',
  };
  const verified = await apiJson<{ order_id: number }>('/api/verify_payment/', { json: { cart_code: cart, ...paid, address }, token });
  return apiJson<{ id: number; number: string }>(`/api/orders/${verified.order_id}/`, { token });
}

/** A browser context signed in through the log-in form, from this file's own client address. */
async function signedIn(who: { email: string; password: string }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, extraHTTPHeaders: { 'x-forwarded-for': ip } });
  const res = await context.request.post(`${baseUrl}/login`, { form: who, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  return context;
}

async function bothWidths(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 375, height: 800 });
}

describe('the piece in the workshop', () => {
  it('a buyer follows a made-to-order order through three stages with a workshop photo', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const order = await paidMadeToOrder(customer);
    const owner = await signedIn(ADMIN);
    const admin = await owner.newPage();
    const adminErrors = watchConsole(admin);
    await visit(admin, `${baseUrl}/dashboard/orders/${order.id}`);
    await admin.getByRole('heading', { name: `Order ${order.number}` }).waitFor();

    const advance = async (stage: string, fill?: (form: ReturnType<Page['getByRole']>) => Promise<void>) => {
      const form = admin.getByRole('form', { name: 'Update order status' });
      await form.getByLabel('Next stage').selectOption({ label: stage });
      await fill?.(form);
      await form.getByRole('button', { name: 'Update status' }).click();
      await admin.getByText(`Order moved to ${stage}.`).first().waitFor();
      await admin
        .getByRole('heading', { name: `Order ${order.number}` })
        .locator('..')
        .getByText(stage, { exact: true })
        .waitFor();
    };
    // The owner offers only the next stage (or cancelling): the workshop starts with the design sign-off.
    const options = await admin.getByRole('form', { name: 'Update order status' }).getByLabel('Next stage').locator('option').allInnerTexts();
    expect(options).toEqual(['Design sign-off', 'Cancelled']);
    await advance('Design sign-off', (form) => form.getByLabel('Note (optional)').fill('Drawings and the walnut finish agreed on our call.'));
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 150, g: 100, b: 60 } } })
      .jpeg({ quality: 80 })
      .toBuffer();
    await advance('Timber selection', async (form) => {
      await form.getByLabel('Note (optional)').fill(`Your boards, chosen this morning (${run}).`);
      await form.getByLabel(/^Photos/).setInputFiles({ name: 'boards.jpg', mimeType: 'image/jpeg', buffer: photo });
      await form.getByRole('img', { name: 'New image 1: boards.jpg' }).waitFor();
    });
    await admin.getByRole('list', { name: 'Photos: Timber selection' }).getByRole('img').waitFor();
    await advance('Joinery');
    // The expected delivery is revised only with a reason, which the buyer is told.
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const revise = admin.getByRole('form', { name: 'Revise the expected delivery' });
    await revise.getByLabel('From').fill(day(45));
    await revise.getByLabel('To').fill(day(52));
    await revise.getByRole('button', { name: 'Revise the date' }).click();
    await revise.getByText('Give the reason for the new date: the buyer reads it.').waitFor();
    await revise.getByLabel('Reason').fill('The top needs a fortnight more to season.');
    await revise.getByRole('button', { name: 'Revise the date' }).click();
    await admin.getByText('Expected delivery revised. The buyer has been told by e-mail.').first().waitFor();
    await revise.getByText(/Last revised .*: The top needs a fortnight more to season\./).waitFor();
    await bothWidths(admin, 'workshop-admin-order');
    expect(adminErrors).toEqual([]);
    await owner.close();

    // The buyer sees the stages, the note and the photo on the order page, the current stage marked.
    const buyer = await signedIn(customer);
    const page = await buyer.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/orderdetails`);
    const card = page.getByRole('article', { name: `Order ${order.number}` });
    const progress = card.getByRole('list', { name: 'Order progress' });
    await progress.waitFor();
    expect(await progress.locator('[aria-current="step"]').innerText()).toContain('Joinery');
    const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    await card.getByText(`${longDay.format(new Date(`${day(45)}T00:00:00Z`))} – ${longDay.format(new Date(`${day(52)}T00:00:00Z`))}`).waitFor();
    await progress.getByText('Drawings and the walnut finish agreed on our call.').waitFor();
    await progress.getByText(`Your boards, chosen this morning (${run}).`).waitFor();
    const picture = progress.getByRole('img', { name: 'Timber selection: workshop photo 1 of 1' });
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const steps = await progress.locator(':scope > li').allTextContents();
    ['Paid (done)', 'Design sign-off (done)', 'Timber selection (done)', 'Joinery (current step)'].forEach((step, i) =>
      expect(steps[i]).toContain(step),
    );
    expect(steps.slice(4).map((s) => s.includes('(to come)'))).toEqual(Array<boolean>(6).fill(true));
    // Nothing is cut off or scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await bothWidths(page, 'workshop-order-page');

    // The same road on the order status page.
    await visit(page, `${baseUrl}/orderstatus?${new URLSearchParams({ number: order.number, email: customer.email }).toString()}`);
    const tracked = page.getByRole('list', { name: 'Order progress' });
    expect(await tracked.locator('[aria-current="step"]').innerText()).toContain('Joinery');
    await tracked.getByRole('img', { name: 'Timber selection: workshop photo 1 of 1' }).waitFor();
    await bothWidths(page, 'workshop-order-status');
    expect(errors).toEqual([]);
    await buyer.close();
  });
});
