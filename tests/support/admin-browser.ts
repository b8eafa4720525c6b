import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Product } from '../../contract/catalog';
import { launchBrowser, signIn, visit, watchConsole } from './browser';
import { type Customer, newCustomer } from './customers';

/** The admin panel's browser stories: one browser and one owner's log-in per test file. */

export const baseUrl = inject('baseUrl');
export const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
export const run = Math.random().toString(36).slice(2, 7);

export let browser: Browser;
export let admin: BrowserContext;

export async function picture(format: 'png' | 'jpeg', colour: { r: number; g: number; b: number }, name: string) {
  const image = sharp({ create: { width: 480, height: 360, channels: 3, background: colour } });
  const buffer = await (format === 'png' ? image.png() : image.jpeg({ quality: 80 })).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

export async function logIn(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens the panel in the admin's context, on a section chosen from the navigation. */
export async function openPanel(section?: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await admin.newPage();
  await page.setViewportSize({ width, height: 900 });
  const errors = watchConsole(page);
  await visit(page, `${baseUrl}/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  if (section) {
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: section, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: section === 'Products' ? 'Products' : section }).waitFor();
  }
  return { page, errors };
}

/** Opens one of the catalogue's pages from its row of links. */
export async function catalogue(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Catalogue' });
  await nav.getByRole('link', { name, exact: true }).click();
  await nav.locator('[aria-current="page"]', { hasText: new RegExp(`^${name}$`) }).waitFor();
}

export async function apiJson<T>(
  pathname: string,
  init: { method?: string; json?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers,
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function productNamed(name: string): Promise<Product | undefined> {
  const { body } = await apiJson<Product[]>(`/api/products/?search=${encodeURIComponent(name)}&limit=20`);
  return body.find((p) => p.name === name);
}

/** A paid order of a customer of its own, made through the HTTP API as the shop's own client makes it. */
export async function paidOrder(): Promise<{
  id: number;
  number: string;
  status: string;
  total_amount: string;
  made_to_order: boolean;
  payment: Record<string, string>;
  customer: Customer;
}> {
  const customer = await newCustomer(baseUrl, 'priya');
  const token = (await apiJson<{ access: string }>('/api/token/', { json: customer })).body.access;
  const cart = `adm${run}${Date.now().toString(36)}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
  const { body: products } = await apiJson<Product[]>('/api/products/?in_stock=true&limit=50');
  const item = products.find((p) => p.available_quantity === null || p.available_quantity > 2)!;
  expect((await apiJson('/api/add_item/', { json: { cart_code: cart, product_id: item.id }, token })).status).toBe(201);
  const payment = await apiJson<{ order_id: string }>('/api/create_order/', { json: { cart_code: cart }, token });
  expect(payment.status).toBe(200);
  const paid = await apiJson<Record<string, string>>('/api/payments/simulated/pay/', { json: { razorpay_order_id: payment.body.order_id }, token });
  expect(paid.status).toBe(200);
  const address = {
    first_name: 'Priya',
    last_name: 'Raman',
    email: customer.email,
    phone: '9840012345',
    address_line1: '7 Kalakshetra Road',
    address_line2: 'Adyar',
    city: 'Chennai',
    state: 'Tamil Nadu',
    postal_code: '600020',
    country: 'India',
  };
  const verified = await apiJson<{ order_id: number }>('/api/verify_payment/', { json: { cart_code: cart, ...paid.body, address }, token });
  expect(verified.status).toBe(200);
  const order = (
    await apiJson<{ id: number; number: string; status: string; total_amount: string; made_to_order: boolean }>(
      `/api/orders/${verified.body.order_id}/`,
      {
        token,
      },
    )
  ).body;
  return { ...order, payment: paid.body, customer };
}

/** An abandoned payment attempt: the order the shop opens when the buyer starts paying, never paid. */
export async function abandonedAttempt(): Promise<void> {
  const token = (await apiJson<{ access: string }>('/api/token/', { json: await newCustomer(baseUrl, 'priya') })).body.access;
  const cart = `abn${run}${Date.now().toString(36)}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
  const { body: products } = await apiJson<Product[]>('/api/products/?in_stock=true&limit=50');
  const item = products.find((p) => p.available_quantity === null || p.available_quantity > 2)!;
  const added = await apiJson<{ data: { id: number } }>('/api/add_item/', { json: { cart_code: cart, product_id: item.id }, token });
  expect(added.status).toBe(201);
  expect((await apiJson('/api/create_order/', { json: { cart_code: cart }, token })).status).toBe(200);
  // The buyer then empties the cart and leaves: the attempt stays, with nothing left in a cart.
  expect((await apiJson('/api/delete_cartitem/', { method: 'DELETE', json: { cart_code: cart, item_id: added.body.data.id }, token })).status).toBe(
    204,
  );
}

/**
 * The element is shown whole: inside the viewport's width, not cut by a scrolling or clipping ancestor,
 * and its own text not cut off (no ellipsis, no hidden overflow).
 */
export async function expectWhole(locator: Locator, what: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const problem = await locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return 'has no size';
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5)
      return `runs outside the viewport (${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth})`;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') return 'cuts off its own text';
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible') continue;
      const outer = up.getBoundingClientRect();
      if (box.left < outer.left - 0.5 || box.right > outer.right + 0.5)
        return `is cut off by a ${up.tagName.toLowerCase()} that clips or scrolls sideways`;
      if (up.scrollWidth > up.clientWidth + 1 && style.textOverflow === 'ellipsis')
        return `sits in a ${up.tagName.toLowerCase()} that truncates its text`;
    }
    return '';
  });
  expect(problem, what).toBe('');
}

export const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

export function startAdminBrowser(): void {
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await browser.newContext();
    // One log-in for the whole file (the login endpoint is rate limited per address and account), by the log-in
    // form's POST: logging in on the page, and being brought back to the page asked for, are the accounts stories'.
    await signIn(admin, baseUrl, ADMIN);
  });
  afterAll(() => browser?.close());
}
