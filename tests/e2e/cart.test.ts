import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import { QUANTITY_MESSAGE } from '../../contract/cart-values';
import type { Product } from '../../contract/catalog';
import { formatRupees } from '../../contract/format';
import { launchBrowser, screenshot, signIn, visit, watchConsole } from '../support/browser';
import { ownAddress } from '../support/customers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

interface Customer {
  username: string;
  email: string;
  password: string;
  access: string;
  code: string;
}

/** A new customer with an API token and a cart made through the API (as another device would). */
async function newCustomer(): Promise<Customer> {
  const username = `cart${unique()}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Cart2026' };
  const registered = await fetch(`${baseUrl}/api/user/register/`, {
    method: 'POST',
    // A client address of its own: the sign-up limit is per address, and the run's stories share one shop.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ownAddress() },
    body: JSON.stringify({ ...user, password2: user.password }),
  });
  expect(registered.status).toBe(201);
  const token = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { access } = (await token.json()) as { access: string };
  return { ...user, access, code: `Cart${unique()}`.replace(/[^A-Za-z0-9]/g, '').padEnd(24, '0') };
}

async function products(count: number): Promise<Product[]> {
  const list = (await (await fetch(`${baseUrl}/api/products/?in_stock=true&limit=100`)).json()) as Product[];
  // Made to order or with plenty in stock, so that the stories never meet a stock limit.
  return list.filter((p) => p.available_quantity === null || p.available_quantity >= 10).slice(0, count);
}

async function addThroughApi(customer: Customer, product: Product, quantity: number) {
  const res = await fetch(`${baseUrl}/api/add_item/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.access}` },
    body: JSON.stringify({ cart_code: customer.code, product_id: product.id, quantity }),
  });
  expect(res.status, await res.text()).toBe(201);
}

async function cartOf(customer: Customer): Promise<Cart> {
  const res = await fetch(`${baseUrl}/api/get_cart/?cart_code=${customer.code}`, { headers: { authorization: `Bearer ${customer.access}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Cart;
}

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

/** Logs in through the log-in page's form as a browser without scripts would; the session cookie. */
async function sessionCookie(customer: Customer, cookie = ''): Promise<{ cookie: string; setCookies: string[] }> {
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ email: customer.email, password: customer.password }),
  });
  expect(res.status).toBe(302);
  const setCookies = res.headers.getSetCookie();
  return { cookie: cookieOf(setCookies.find((c) => c.startsWith('session='))!), setCookies };
}

/** A plain form POST to the cart page, as a browser without scripts sends it. */
function postToCart(cookie: string, form: Record<string, string>) {
  return fetch(`${baseUrl}/cart`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(form),
  });
}

describe('the cart without JavaScript', () => {
  it('a customer logs in, changes a quantity with the buttons and by typing, and removes a line, all as plain forms', async () => {
    const customer = await newCustomer();
    const [first, second] = await products(2);
    await addThroughApi(customer, first!, 1);
    await addThroughApi(customer, second!, 2);

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cart`);
    // The guard is the server's: a visitor lands on the log-in page, which sends them back after a plain POST.
    await page.waitForURL(/\/login\?next=%2Fcart$/);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/cart`);

    const list = page.getByRole('list', { name: 'Items in your cart' });
    const line = (p: Product) => list.getByRole('article', { name: p.name });
    const quantity = (p: Product) => line(p).getByLabel(`Quantity of ${p.name}`, { exact: true });
    expect(await quantity(first!).inputValue()).toBe('1');
    // The header's badge is in the server's HTML.
    await page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' }).first().waitFor();

    await line(first!)
      .getByRole('button', { name: `Increase quantity of ${first!.name}` })
      .click();
    await page.waitForLoadState();
    expect(await quantity(first!).inputValue()).toBe('2');
    await page.getByRole('banner').getByRole('link', { name: 'Cart, 4 items' }).first().waitFor();

    // Typing a quantity and pressing Enter sends the form by its default button.
    await quantity(second!).fill('5');
    await quantity(second!).press('Enter');
    await page.waitForLoadState();
    expect(await quantity(second!).inputValue()).toBe('5');
    await line(second!)
      .getByText(`Line total: ${formatRupees(second!.price * 5)}`)
      .waitFor();

    // A quantity out of range is answered with a sentence under its line, and nothing changes.
    await quantity(second!).fill('0');
    await quantity(second!).press('Enter');
    await line(second!).locator('..').getByRole('alert').getByText(QUANTITY_MESSAGE).waitFor();
    expect(await quantity(second!).inputValue()).toBe('5');

    await line(first!)
      .getByRole('button', { name: `Remove ${first!.name}` })
      .click();
    await page.waitForLoadState();
    expect(await line(first!).count()).toBe(0);
    expect(await quantity(second!).inputValue()).toBe('5');
    await page.getByRole('banner').getByRole('link', { name: 'Cart, 5 items' }).first().waitFor();

    const cart = await cartOf(customer);
    expect(cart.items.map((i) => [i.product.id, i.quantity])).toEqual([[second!.id, 5]]);
    // Paying needs the page's script (the provider's window): Check Out waits for it rather than ignore a tap.
    expect(await page.getByRole('button', { name: 'Check Out' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('the cart’s action', () => {
  it('refuses a line of another customer’s cart with a 404, and changes nothing of it', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const [product] = await products(1);
    await addThroughApi(owner, product!, 2);
    const line = (await cartOf(owner)).items[0]!;
    const { cookie } = await sessionCookie(other);

    for (const form of [
      { intent: 'quantity', item_id: String(line.id), quantity: '7' },
      { intent: 'remove', item_id: String(line.id) },
    ] as Record<string, string>[]) {
      const res = await postToCart(cookie, form);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This item is not in your cart.');
    }
    expect((await cartOf(owner)).items.map((i) => [i.id, i.quantity])).toEqual([[line.id, 2]]);
  });

  it('answers a quantity that is not a whole number from 1 to 20 with a sentence, and changes nothing', async () => {
    const customer = await newCustomer();
    const [product] = await products(1);
    await addThroughApi(customer, product!, 3);
    const line = (await cartOf(customer)).items[0]!;
    const { cookie } = await sessionCookie(customer);

    for (const quantity of ['0', '-1', '2.5', '21', 'many', '']) {
      const res = await postToCart(cookie, { intent: 'quantity', item_id: String(line.id), quantity });
      expect(res.status, quantity).toBe(400);
      expect(await res.text()).toContain(QUANTITY_MESSAGE);
    }
    // The − and + buttons send the quantity they set: the same rule holds for them.
    const res = await postToCart(cookie, { intent: 'quantity', item_id: String(line.id), set: '0', quantity: '3' });
    expect(res.status).toBe(400);
    expect((await cartOf(customer)).items.map((i) => [i.id, i.quantity])).toEqual([[line.id, 3]]);

    // A visitor without a session is sent to log in, and nothing changes either.
    const guest = await postToCart('', { intent: 'remove', item_id: String(line.id) });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toMatch(/^\/login\?next=/);
    expect((await cartOf(customer)).items).toHaveLength(1);
  });
});

describe('a guest’s cart', () => {
  it('lives in an HttpOnly cookie made on the first add, is counted in the first HTML, and joins the customer’s cart at log-in', async () => {
    const customer = await newCustomer();
    const [kept, guestPick] = await products(2);
    await addThroughApi(customer, kept!, 1);

    // The guest adds on a product page (the same POST to the page's action its fetcher sends).
    const added = await fetch(`${baseUrl}/product/${guestPick!.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ product_id: String(guestPick!.id), quantity: '2', finish: '' }),
    });
    expect(added.status).toBe(200);
    const setCookie = added.headers.getSetCookie().find((c) => c.startsWith('cart_code='));
    expect(setCookie).toBeTruthy();
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    const guestCookie = cookieOf(setCookie!);

    // The header's badge is right in the server's HTML, before any script runs.
    const home = await (await fetch(baseUrl, { headers: { cookie: guestCookie } })).text();
    expect(home).toContain('aria-label="Cart, 2 items"');

    // A second add keeps the same cookie (no new cart).
    const again = await fetch(`${baseUrl}/product/${guestPick!.slug}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: guestCookie },
      body: new URLSearchParams({ product_id: String(guestPick!.id), quantity: '1' }),
    });
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie().filter((c) => c.startsWith('cart_code='))).toEqual([]);

    // Logging in merges the guest cart into the customer's and drops the cookie.
    const { cookie, setCookies } = await sessionCookie(customer, guestCookie);
    expect(setCookies.find((c) => c.startsWith('cart_code='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const cart = await cartOf(customer);
    expect(cart.items.map((i) => [i.product.id, i.quantity]).sort()).toEqual(
      [
        [kept!.id, 1],
        [guestPick!.id, 3],
      ].sort(),
    );
    const signedIn = await (await fetch(baseUrl, { headers: { cookie } })).text();
    expect(signedIn).toContain('aria-label="Cart, 4 items"');
  });

  it('a signed-in customer sees ADDED TO CART and the badge after ADD TO CART, in a browser', async () => {
    const customer = await newCustomer();
    const [product] = await products(1);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, baseUrl, customer);
    const page = await context.newPage();
    await visit(page, `${baseUrl}/product/${product!.slug}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('status').filter({ hasText: 'Item added to cart' }).waitFor();
    await page.getByRole('button', { name: 'ADDED TO CART' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).first().waitFor();
    // The cart is the customer's own (the API sees it), and this browser has no guest cart cookie.
    expect((await cartOf(customer)).items.map((i) => i.product.id)).toEqual([product!.id]);
    expect((await context.cookies()).filter((c) => c.name === 'cart_code')).toEqual([]);
    await context.close();
  });
  it('a pincode she checked that the shop does not serve does not stop her checking out to her saved address it serves, at 375 and 1280 px', async () => {
    const customer = await newCustomer();
    const [product] = await products(1);
    const saved = await fetch(`${baseUrl}/api/addresses/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.access}` },
      body: JSON.stringify({
        first_name: 'Asha',
        last_name: 'Iyer',
        email: customer.email,
        phone: '9876543210',
        address_line1: '4 Luz Church Road',
        city: 'Chennai',
        state: 'Tamil Nadu',
        postal_code: '600004',
        country: 'India',
      }),
    });
    expect(saved.status, await saved.text()).toBe(201);
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await signIn(context, baseUrl, customer);
      const page = await context.newPage();
      const errors = watchConsole(page);
      await visit(page, `${baseUrl}/product/${product!.slug}`);
      if (width === 375) {
        await page.getByRole('button', { name: 'ADD TO CART' }).click();
        await page.getByRole('button', { name: 'ADDED TO CART' }).waitFor();
      }
      // A pincode India Post does not list, checked on the product page: the shop remembers it.
      const check = page.getByRole('form', { name: 'Check delivery to a pincode' });
      await check.getByLabel('Pincode').fill('999999');
      await check.getByRole('button', { name: 'Check' }).click();
      await page
        .getByText(/999999/)
        .first()
        .waitFor();
      await visit(page, `${baseUrl}/cart`);
      const summary = page.getByRole('region', { name: 'Order summary' });
      await summary.getByText('You can check out to your saved address in Chennai (600004).').waitFor();
      const checkOut = summary.getByRole('button', { name: 'Check Out' });
      expect(await checkOut.isEnabled()).toBe(true);
      await screenshot(page, `cart-unserved-pincode-saved-address-${width}`);
      await checkOut.click();
      // The address step prices the summary to the saved address the shop serves, not the remembered pincode.
      const addresses = page.getByRole('list', { name: 'Saved addresses' });
      await addresses.getByText('4 Luz Church Road').waitFor();
      await summary
        .getByText(/600004/)
        .first()
        .waitFor();
      expect(await summary.getByText(/999999/).count()).toBe(0);
      await screenshot(page, `cart-unserved-pincode-address-step-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('the cart says when each piece leaves the workshop', () => {
  for (const width of [375, 1280]) {
    it(`at ${width} px, a cart of a ready piece and a made one names each lead time and says they travel together`, async () => {
      const customer = await newCustomer();
      const list = (await (await fetch(`${baseUrl}/api/products/?in_stock=true&limit=100`)).json()) as Product[];
      const ready = list.find((p) => p.stock_kind === 'ready_stock' && (p.available_quantity ?? 0) >= 2)!;
      const made = list.find((p) => p.stock_kind === 'made_to_order')!;
      await addThroughApi(customer, ready, 1);
      await addThroughApi(customer, made, 1);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await signIn(context, baseUrl, customer);
      const page = await context.newPage();
      const errors = watchConsole(page);
      await visit(page, `${baseUrl}/cart`);
      const lines = page.getByRole('list', { name: 'Items in your cart' });
      await lines.getByRole('article', { name: ready.name }).getByText('Ready to ship · dispatched in 1–6 days').waitFor();
      const weeks =
        made.production_weeks_min === made.production_weeks_max
          ? `${made.production_weeks_min}`
          : `${made.production_weeks_min}–${made.production_weeks_max}`;
      await lines.getByRole('article', { name: made.name }).getByText(`Made to order · ships in ${weeks} weeks`).waitFor();
      await page.getByText('Your ready piece is sent with the made-to-order one, in one delivery, once it is made.').waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
