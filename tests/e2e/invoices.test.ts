import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import { launchBrowser, screenshot, signIn, visit } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function call<T>(path: string, init: { method?: string; token?: string; body?: unknown; ip: string }): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': init.ip,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A customer who has paid for a piece (simulated provider) delivered to Bengaluru, made through the API. */
async function customerWithPaidOrder() {
  const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const username = `inv${Date.now().toString(36)}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Invoice2026' };
  await call('/api/user/register/', { body: { ...user, password2: user.password }, ip });
  const { access } = await call<{ access: string }>('/api/token/', { body: { email: user.email, password: user.password }, ip });
  const [product] = await call<{ id: number }[]>('/api/products/?limit=1&in_stock=true', { ip });
  const code = newCartCode();
  await call('/api/add_item/', { token: access, body: { cart_code: code, product_id: product!.id }, ip });
  const order = await call<{ order_id: string }>('/api/create_order/', { token: access, body: { cart_code: code }, ip });
  const paid = await call<Record<string, string>>('/api/payments/simulated/pay/', { token: access, body: { razorpay_order_id: order.order_id }, ip });
  const address = {
    first_name: 'Kavya',
    last_name: 'Menon',
    email: user.email,
    phone: '+919812345678',
    address_line1: '4 Church Street',
    city: 'Bengaluru',
    state: 'Karnataka',
    postal_code: '560001',
    gstin: '27AAPFU0939F1ZV',
    business_name: 'Menon Design Studio',
  };
  await call('/api/verify_payment/', { token: access, body: { cart_code: code, ...paid, address }, ip });
  return user;
}

describe('the GST tax invoice', () => {
  it('a buyer downloads the invoice of a paid order from the order history at 375 px, and it is the PDF of that order', async () => {
    const user = await customerWithPaidOrder();
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, acceptDownloads: true });
    await signIn(context, baseUrl, user);
    const page = await context.newPage();
    await visit(page, `${baseUrl}/orderdetails`);
    const link = page.getByRole('link', { name: /Download invoice of order/ });
    await link.waitFor();
    await screenshot(page, 'order-history-invoice-375');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^TW-\d\d-\d\d-\d{6}\.pdf$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Menon Design Studio');
    expect(text).toContain('27AAPFU0939F1ZV');
    expect(text).toContain('IGST');
    await context.close();
  });
});
