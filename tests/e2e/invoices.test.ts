import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newCartCode } from '../../contract/cart';
import { gstr1Schema } from '../../contract/gstr1';
import { launchBrowser, screenshot, signIn, visit } from '../support/browser';
import { newCustomer, ownAddress } from '../support/customers';

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
async function customerWithPaidOrder(productId?: number) {
  const ip = ownAddress();
  const username = `inv${Date.now().toString(36)}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Invoice2026' };
  await call('/api/user/register/', { body: { ...user, password2: user.password }, ip });
  const { access } = await call<{ access: string }>('/api/token/', { body: { email: user.email, password: user.password }, ip });
  const [product] = productId ? [{ id: productId }] : await call<{ id: number }[]>('/api/products/?limit=1&in_stock=true', { ip });
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
  const verified = await call<{ order_id: number }>('/api/verify_payment/', { token: access, body: { cart_code: code, ...paid, address }, ip });
  return { ...user, token: access, ip, orderId: verified.order_id };
}

/** The text of a PDF's first page (pdf.js). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  return (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
}

/** The owner's browser, signed in (once per story: the log-in is rate limited per account and address). */
async function ownerContext() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await signIn(context, baseUrl, { email: 'admin@teakwood.local', password: 'Teak#Admin2026' });
  return context;
}

/** The owner sets a category's HSN code and GST rate through the category form, and sees it saved. */
async function setCategoryTax(page: Page, name: string, hsn: string, rate: string) {
  await visit(page, `${baseUrl}/dashboard/categories`);
  await page.getByRole('button', { name: `Edit category ${name}` }).click();
  const form = page.getByRole('form', { name: 'Edit category' });
  await form.getByLabel('HSN code').fill(hsn);
  await form.getByLabel('GST rate').selectOption(rate);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Category updated successfully').first().waitFor();
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

  it('at 375 px a buyer adds a GSTIN at checkout, a wrong one is refused with a sentence, and downloads a B2B invoice naming her business', async () => {
    const customer = await newCustomer(baseUrl, 'firm');
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, acceptDownloads: true });
    await signIn(context, baseUrl, customer);
    const page = await context.newPage();
    const [product] = (await (await fetch(`${baseUrl}/api/products/?in_stock=true&limit=1`)).json()) as { slug: string }[];
    await visit(page, `${baseUrl}/product/${product!.slug}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('status').filter({ hasText: 'Item added to cart' }).waitFor();
    await visit(page, `${baseUrl}/cart`);
    await page.getByRole('button', { name: 'Check Out' }).click();
    await page.getByRole('heading', { name: 'Delivery address', exact: true }).waitFor();
    await page.getByLabel('First name').fill('Farah');
    await page.getByLabel('Last name').fill('Khan');
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('Phone').fill('+91 98200 12345');
    await page.getByLabel('Address line 1').fill('7 Linking Road');
    await page.getByLabel('City').fill('Mumbai');
    await page.getByLabel('State').selectOption('Maharashtra');
    await page.getByLabel('PIN code').fill('400050');
    await page.getByText('Buying for a business? Add your GSTIN for the tax invoice').click();
    await page.getByLabel('GSTIN (optional)').fill('27AAPFU0939F1ZA');
    await page.getByLabel('Business name (optional)').fill('Khan Hospitality LLP');
    await page.getByRole('button', { name: 'Save and pay' }).click();
    await page.getByText('This GSTIN is not valid: its last character does not match. Please check it.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('GSTIN (optional)').fill('27AAPFU0939F1ZV');
    await page.getByRole('button', { name: 'Save and pay' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/order-confirmation\/\d+$/);

    await visit(page, `${baseUrl}/orderdetails`);
    const link = page.getByRole('link', { name: /Download invoice of order/ });
    await link.waitFor();
    await screenshot(page, 'order-history-b2b-invoice-375');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const text = await pdfText(readFileSync(await download.path()));
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Khan Hospitality LLP');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    await context.close();
  });

  it('the owner changes a category’s HSN code and GST rate in its form, and the next invoice of its pieces is taxed at that rate', async () => {
    const [product] = await call<{ id: number; category: { slug: string; name: string } }[]>('/api/products/?limit=1&in_stock=true', {
      ip: '10.78.0.1',
    });
    const context = await ownerContext();
    const page = await context.newPage();
    try {
      await visit(page, `${baseUrl}/dashboard/categories`);
      // A wrong code is refused in the form with the contract's sentence, and nothing is sent.
      await page.getByRole('button', { name: `Edit category ${product!.category.name}` }).click();
      const form = page.getByRole('form', { name: 'Edit category' });
      await form.getByLabel('HSN code').fill('94x3');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.getByText('Enter the HSN code as 4, 6 or 8 digits, such as 9403.').waitFor();

      await setCategoryTax(page, product!.category.name, '940360', '12');
      const buyer = await customerWithPaidOrder(product!.id);
      const res = await fetch(`${baseUrl}/api/orders/${buyer.orderId}/invoice/`, {
        headers: { authorization: `Bearer ${buyer.token}`, 'x-forwarded-for': buyer.ip },
      });
      expect(res.status).toBe(200);
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(text).toContain('940360');
      expect(text).toContain('12%');
      expect(text).not.toContain('18%');
    } finally {
      // The shared shop's category goes back to what the other stories expect.
      await setCategoryTax(page, product!.category.name, '9403', '18');
      await context.close();
    }
  });

  it('the owner sees the seller details and this year’s last invoice number under Tax and invoices, and downloads the month’s invoices', async () => {
    const buyer = await customerWithPaidOrder();
    const context = await ownerContext();
    const page = await context.newPage();
    await visit(page, `${baseUrl}/dashboard`);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Tax and invoices', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Tax and invoices' }).waitFor();
    await page.getByText('33AAACT1234C1Z4').waitFor();
    await page.getByText('Tamil Nadu (33)').waitFor();
    const order = await fetch(`${baseUrl}/api/orders/${buyer.orderId}/invoice/`, {
      headers: { authorization: `Bearer ${buyer.token}`, 'x-forwarded-for': buyer.ip },
    });
    // The file is named after the number: TW-26-27-000123.pdf for TW/26-27/000123.
    const file = /TW-\d\d-\d\d-\d{6}/.exec(order.headers.get('content-disposition') ?? '')![0];
    const number = `TW/${file.slice(3, 8)}/${file.slice(9)}`;
    // Numbers only grow: the last one shown is this buyer's or a later one of the same year.
    const shown = page
      .getByRole('definition')
      .filter({ hasText: /^TW\/\d\d-\d\d\/\d{6}/ })
      .first();
    await shown.waitFor();
    expect(((await shown.textContent()) ?? '') >= number).toBe(true);
    await screenshot(page, 'admin-tax-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('number,type,date,buyer,gstin,place_of_supply,taxable_value,cgst,sgst,igst,total');
    expect(csv).toContain(number);

    // GSTR-1 of this month: each section's count and totals, the portal's JSON and a section's CSV.
    const gstr1 = page.getByRole('table', { name: /GSTR-1 of \d{4}-\d\d/ });
    await gstr1.waitFor();
    const b2bRow = gstr1.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'b2b', exact: true }) });
    await expect.poll(async () => Number(await b2bRow.getByRole('cell').first().textContent())).toBeGreaterThan(0);
    await screenshot(page, 'admin-gstr1-1280');
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download GSTR-1 JSON' }).click()]);
    const ret = gstr1Schema.parse(JSON.parse(readFileSync(await json.path(), 'utf8')));
    expect(ret.gstin).toBe('33AAACT1234C1Z4');
    expect(ret.b2b.flatMap((b) => b.inv.map((i) => i.inum))).toContain(number);
    const [b2b] = await Promise.all([page.waitForEvent('download'), b2bRow.getByRole('link', { name: /Download b2b of .+ as CSV/ }).click()]);
    const rows = readFileSync(await b2b.path(), 'utf8').split('\r\n');
    expect(rows[0]).toBe('gstin,number,date,value,place_of_supply,rate,taxable,igst,cgst,sgst');
    expect(rows.some((r) => r.startsWith(`27AAPFU0939F1ZV,${number},`))).toBe(true);

    // A period not begun is refused with its sentence, on the page.
    await page.getByLabel('Month or quarter').fill('2099-01');
    await page.getByRole('button', { name: 'Show GSTR-1' }).click();
    await page.getByRole('alert').filter({ hasText: 'that period has not begun' }).waitFor();
    await context.close();
  });
});
