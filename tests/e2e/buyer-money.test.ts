import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { launchBrowser, screenshot, signIn, visit, watchConsole } from '../support/browser';
import { ownAddress } from '../support/customers';

const baseUrl = inject('baseUrl');
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A customer of their own with a token for the API, so no other story's cart or addresses get in the way. */
async function newCustomer() {
  const username = `payer${unique()}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Buyer2026' };
  const res = await fetch(`${baseUrl}/api/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ownAddress() },
    body: JSON.stringify({ ...user, password2: user.password }),
  });
  expect(res.status).toBe(201);
  // From an address of its own, as the sign-up: the whole run's log-ins from one address would meet the log-in limit.
  const tokens = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ownAddress() },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return { ...user, token: ((await tokens.json()) as { access: string }).access };
}

const PLACES = {
  near: { address_line1: '12 Besant Avenue', city: 'Chennai', state: 'Tamil Nadu', postal_code: '600020' },
  far: { address_line1: '4 Janpath', city: 'New Delhi', state: 'Delhi', postal_code: '110001' },
};

async function saveAddress(token: string, place: (typeof PLACES)[keyof typeof PLACES]) {
  const res = await fetch(`${baseUrl}/api/addresses/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Meera', last_name: 'Iyer', email: 'meera@example.in', phone: '+91 98400 12345', ...place }),
  });
  expect(res.status).toBe(201);
}

async function aPiece(): Promise<Product> {
  const all = (await (await fetch(`${baseUrl}/api/products/?limit=200`)).json()) as Product[];
  return all.find((p) => p.in_stock && p.stock_kind === 'made_to_order')!;
}

async function addToCart(page: Page, product: Product) {
  await visit(page, `${baseUrl}/product/${product.slug}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await page.getByRole('button', { name: 'ADDED TO CART' }).waitFor();
}

const cardOf = (page: Page, line: string) => page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').filter({ hasText: line });

/** The total a card shows before anything is pressed ("₹1,02,499.00"). */
async function cardTotal(page: Page, line: string): Promise<string> {
  const text = await cardOf(page, line).getByTestId('address-total').innerText();
  return /Total\s+(₹[\d,]+\.\d\d)/.exec(text)![1]!;
}

/** The amount the payment window asks. */
async function windowAmount(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return (await dialog.locator('dd').first().innerText()).trim();
}

const summaryTotal = async (page: Page) => (await page.getByRole('region', { name: 'Order summary' }).locator('dd[aria-live]').innerText()).trim();

describe('what a buyer meets: the money, from the address card to the payment window', () => {
  it('at 375 px each saved address shows its charge and total, and the payment window asks exactly that, near and far', async () => {
    const customer = await newCustomer();
    await saveAddress(customer.token, PLACES.near);
    await saveAddress(customer.token, PLACES.far);
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await signIn(context, baseUrl, customer);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await addToCart(page, await aPiece());
    await visit(page, `${baseUrl}/orderaddress`);

    const near = await cardTotal(page, PLACES.near.address_line1);
    const far = await cardTotal(page, PLACES.far.address_line1);
    // Delhi lies far from the Chennai workshop: its delivery costs more, and its card says so before any payment.
    expect(near).not.toBe(far);
    await expect(cardOf(page, PLACES.near.address_line1).getByTestId('address-total').innerText()).resolves.toMatch(/Delivery to 600020\s+₹500\.00/);
    await screenshot(page, 'buyer-money-cards-375');

    for (const [line, total] of [
      [PLACES.far.address_line1, far],
      [PLACES.near.address_line1, near],
    ] as const) {
      await cardOf(page, line)
        .getByRole('button', { name: /^Deliver here/ })
        .tap();
      expect(await windowAmount(page)).toBe(total);
      // The summary follows the address chosen: the same total, no other figure on the page.
      expect(await summaryTotal(page)).toBe(total);
      if (line === PLACES.far.address_line1) await screenshot(page, 'buyer-money-window-far-375');
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).tap();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    // Two payment windows closed unpaid are attempts, not orders: My Orders has none (decision 0045).
    await visit(page, `${baseUrl}/orderdetails`);
    await page.getByText('No orders found').waitFor();
    await visit(page, `${baseUrl}/orderaddress`);
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'buyer-money-cards-1280');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Express chosen where it is offered does not carry over to an address where only Standard is: card, summary and window agree at 375 px', async () => {
    const customer = await newCustomer();
    // Delhi first: the summary is priced to it, where Express brings a ready piece materially sooner; Chennai's
    // one-day journey offers Standard alone.
    await saveAddress(customer.token, PLACES.far);
    await saveAddress(customer.token, PLACES.near);
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await signIn(context, baseUrl, customer);
    const page = await context.newPage();
    const errors = watchConsole(page);
    const all = (await (await fetch(`${baseUrl}/api/products/?limit=200`)).json()) as Product[];
    await addToCart(
      page,
      all.find((p) => p.in_stock && p.stock_kind === 'ready_stock')!,
    );
    await visit(page, `${baseUrl}/orderaddress`);

    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByRole('combobox').selectOption('express');
    const nearCard = cardOf(page, PLACES.near.address_line1);
    await nearCard.getByText('Express is not offered to 600020: Standard Delivery here.').waitFor();
    await expect(nearCard.getByTestId('address-total').innerText()).resolves.toMatch(/^Express is not offered[^\n]*\nDelivery to 600020\s+₹500\.00/);
    await expect(cardOf(page, PLACES.far.address_line1).getByTestId('address-total').innerText()).resolves.toMatch(/Express delivery to 110001/);
    const near = await cardTotal(page, PLACES.near.address_line1);
    const far = await cardTotal(page, PLACES.far.address_line1);
    await screenshot(page, 'buyer-money-express-not-offered-375');

    await nearCard.getByRole('button', { name: /^Deliver here/ }).tap();
    expect(await windowAmount(page)).toBe(near);
    expect(await summaryTotal(page)).toBe(near);
    // At the Chennai address the summary offers Standard alone.
    expect(await summary.getByRole('option').allInnerTexts()).toEqual([expect.stringMatching(/^Standard/)]);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).tap();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Delhi still gets the Express the buyer chose, at the figure its card said.
    await cardOf(page, PLACES.far.address_line1)
      .getByRole('button', { name: /^Deliver here/ })
      .tap();
    expect(await windowAmount(page)).toBe(far);
    expect(await summaryTotal(page)).toBe(far);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).tap();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a PIN typed just before Save and pay that changes the price is told with the new total, and the window then asks it', async () => {
    const customer = await newCustomer();
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await signIn(context, baseUrl, customer);
    const page = await context.newPage();
    await addToCart(page, await aPiece());
    await visit(page, `${baseUrl}/orderaddress`);
    const before = await summaryTotal(page);
    // The pincode check of the typed PIN is held back, as on a slow line: the summary still shows the old total.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/orderaddress'),
      async (route) => {
        if (route.request().method() === 'POST' && (route.request().postData() ?? '').includes('pincode')) await held;
        await route.continue();
      },
    );
    await page.getByLabel('First name').fill('Meera');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('Phone').fill('+91 98400 12345');
    await page.getByLabel('Address line 1').fill(PLACES.far.address_line1);
    await page.getByLabel('City').fill(PLACES.far.city);
    await page.getByLabel('State').selectOption(PLACES.far.state);
    await page.getByLabel('PIN code').fill(PLACES.far.postal_code);
    await page.getByRole('button', { name: 'Save and pay' }).tap();

    // Not a failure: a sentence with the new total, and the new address's card shows it before asking again.
    const notice = page.getByTestId('price-changed');
    await notice.waitFor();
    const sentence = await notice.innerText();
    expect(sentence).toMatch(/^The price changed since it was shown: delivery to 110001 is now ₹[\d,]+\.00, so the total is ₹[\d,]+\.\d\d, not /);
    expect(sentence).toContain(`not ${before}.`);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const newTotal = /so the total is (₹[\d,]+\.\d\d)/.exec(sentence)![1]!;
    await expect.poll(() => cardOf(page, PLACES.far.address_line1).count()).toBe(1);
    expect(await cardTotal(page, PLACES.far.address_line1)).toBe(newTotal);
    await screenshot(page, 'buyer-money-price-changed-375');
    release();

    await cardOf(page, PLACES.far.address_line1)
      .getByRole('button', { name: /^Deliver here/ })
      .tap();
    expect(await windowAmount(page)).toBe(newTotal);
    await context.close();
  });
});

describe('what a buyer meets: a second tab', () => {
  it('tab 1 pays; tab 2, still showing the cart, learns it was paid in that order, with a link to it and no retry', async () => {
    const customer = await newCustomer();
    await saveAddress(customer.token, PLACES.near);
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await signIn(context, baseUrl, customer);
    const first = await context.newPage();
    await addToCart(first, await aPiece());
    await visit(first, `${baseUrl}/orderaddress`);
    const second = await context.newPage();
    const errors = watchConsole(second);
    await visit(second, `${baseUrl}/orderaddress`);
    await cardOf(second, PLACES.near.address_line1).waitFor();

    await cardOf(first, PLACES.near.address_line1)
      .getByRole('button', { name: /^Deliver here/ })
      .tap();
    await first.getByRole('dialog').getByRole('button', { name: 'Pay' }).tap();
    await first.waitForURL(/\/order-confirmation\/\d+$/);
    const orderPath = new URL(first.url()).pathname;
    const number = /TW-\d{6}-[A-Z0-9]{6}/.exec(await first.locator('body').innerText())![0];

    await cardOf(second, PLACES.near.address_line1)
      .getByRole('button', { name: /^Deliver here/ })
      .tap();
    const paid = second.getByTestId('cart-paid');
    await paid.waitFor();
    expect((await paid.innerText()).replace(/\s+/g, ' ')).toBe(`This cart was paid in order ${number}; see your order.`);
    expect(await paid.getByRole('link', { name: 'see your order' }).getAttribute('href')).toBe(orderPath);
    // No retry: no payment window, no failure to try again from, and no way to pay this cart again.
    expect(await second.getByRole('dialog').count()).toBe(0);
    expect(await second.getByText(/try again/i).count()).toBe(0);
    expect(
      await second
        .getByRole('button', { name: /^(Deliver here|Save and pay)/ })
        .evaluateAll((b) => b.every((x) => (x as HTMLButtonElement).disabled)),
    ).toBe(true);
    await screenshot(second, 'buyer-second-tab-375');
    await paid.getByRole('link', { name: 'see your order' }).tap();
    await second.waitForURL(`${baseUrl}${orderPath}`);
    await second.getByRole('heading', { name: 'Order confirmed!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
