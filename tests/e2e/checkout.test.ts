import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { formatINR } from '../../contract/format';
import { launchBrowser, reload, screenshot, signIn, watchConsole, visit } from '../support/browser';
import { type Customer, newCustomer } from '../support/customers';
import { type FakeRazorpay, startFakeRazorpay } from '../support/fake-razorpay';
import { type ShopProcess, startShop } from '../support/server-process';

const baseUrl = inject('baseUrl');

/** Pictures of a page at a phone's and a laptop's width (with SCREENSHOT_DIR), back at 1280 px after. */
async function captureAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A product the story can buy two of, in a finish other than the default one. */
async function pickProduct(skip: number, shopUrl = baseUrl): Promise<Product> {
  const products = (await (await fetch(`${shopUrl}/api/products/?in_stock=true&limit=200`)).json()) as Product[];
  const fits = products.filter((p) => p.finishes.length >= 2 && p.in_stock && (p.available_quantity === null || p.available_quantity >= 3));
  const product = fits[skip];
  if (!product) throw new Error('The demo shop has no product with two finishes and stock.');
  return product;
}

/** Opens a product page and waits until ADD TO CART works (the page is hydrated; its loader read the cart). */
async function openProduct(page: Page, product: Product, shopUrl = baseUrl) {
  await visit(page, `${shopUrl}/product/${product.slug}`);
}

async function logIn(page: Page, customer: Customer) {
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The header's cart badge as a visitor reads it: the link's name ("Cart, 2 items"). */
const cartBadge = (page: Page, count: number) =>
  page
    .getByRole('banner')
    .getByRole('link', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` })
    .first();

async function fillAddress(page: Page, postalCode: string, email: string) {
  // The story's own customer has no saved address yet: the form opens at once.
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Raman');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('+91 98400 12345');
  await page.getByLabel('Address line 1').fill('12 Besant Avenue');
  await page.getByLabel(/Address line 2/).fill('Adyar');
  await page.getByLabel('City').fill('Chennai');
  await page.getByLabel('State').selectOption('Tamil Nadu');
  await page.getByLabel('PIN code').fill(postalCode);
}

/**
 * Console errors, less one "404" per answer of the header badge's cart-status call: API.md answers 404 when
 * the code has no open cart yet (a fresh code after payment), and Chromium logs every 404 it fetches.
 */
function watchErrors(page: Page): () => string[] {
  const errors = watchConsole(page);
  let statusMisses = 0;
  page.on('response', (r) => {
    if (r.status() === 404 && new URL(r.url()).pathname.startsWith('/api/get_cart_status')) statusMisses += 1;
  });
  return () => {
    let allowed = statusMisses;
    return errors.filter((e) => !(e.includes('status of 404') && allowed-- > 0));
  };
}

function cartLine(page: Page, product: Product) {
  return page.getByRole('list', { name: 'Items in your cart' }).getByRole('article', { name: product.name });
}

describe('a customer buys teak furniture', () => {
  it('a visitor adds a finish and quantity, logs in with the cart kept, chooses Express at the flat rate and is offered Standard alone once Chennai’s pincode shows Express would not bring it materially sooner, pays, then finds and tracks the order', async () => {
    const product = await pickProduct(0);
    const finish = product.finishes[1]!;
    const customer = await newCustomer(baseUrl, 'priya');
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);

    await openProduct(page, product);
    const finishes = page.getByRole('group', { name: 'Wood finish' });
    await finishes.getByText(finish, { exact: true }).click();
    expect(await finishes.getByRole('radio', { name: finish, exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Item added to cart' });
    await toast.waitFor();
    const added = page.getByRole('button', { name: 'ADDED TO CART' });
    expect(await added.isDisabled()).toBe(true);
    // The header's badge follows at once (the page's loaders read the cart again after the add).
    await cartBadge(page, 2).waitFor();
    // The spec's notifications leave by themselves after 3 seconds.
    await toast.waitFor({ state: 'hidden', timeout: 5000 });
    // Another finish of the same product is another line, so it can still be added.
    await finishes.getByText(product.finishes[0]!, { exact: true }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).waitFor();

    await visit(page, `${baseUrl}/cart`);
    await page.waitForURL(/\/login\?next=%2Fcart$/);
    await logIn(page, customer);
    await page.waitForURL(`${baseUrl}/cart`);
    const line = cartLine(page, product);
    await line.waitFor();
    expect(await line.getByText(`Finish: ${finish}`).count()).toBe(1);
    const quantity = line.getByLabel(`Quantity of ${product.name}`, { exact: true });
    expect(await quantity.inputValue()).toBe('2');
    await captureAtBothWidths(page, 'cart');

    // A quantity below 1 is ignored; the line keeps its 2.
    await quantity.fill('0');
    await quantity.press('Enter');
    expect(await quantity.inputValue()).toBe('2');
    await line.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
    await page
      .getByText(formatINR(product.price * 3), { exact: true })
      .first()
      .waitFor();
    await cartBadge(page, 3).waitFor();
    await line.getByRole('button', { name: `Decrease quantity of ${product.name}` }).click();
    await page
      .getByText(formatINR(product.price * 2), { exact: true })
      .first()
      .waitFor();
    await cartBadge(page, 2).waitFor();

    const shipping = page.getByLabel('Shipping');
    expect(await shipping.inputValue()).toBe('standard');
    await page.getByText(formatINR(product.price * 2 + 500), { exact: true }).waitFor();
    await shipping.selectOption('express');
    await page.getByText(formatINR(product.price * 2 + 1000), { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Check Out' }).click();
    await page.getByRole('heading', { name: 'Delivery address', exact: true }).waitFor();
    await fillAddress(page, '60004', customer.email);
    await page.getByRole('button', { name: 'Save and pay' }).click();
    await page.getByText('Enter a valid 6-digit PIN code.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByLabel('PIN code').fill('600041');
    // The typed PIN prices the summary: from the Chennai workshop Express would save a day at most (it shortens
    // only the journey), so Standard alone is offered, and the total follows before anything is paid.
    await page.getByText('Delivery to 600041').waitFor();
    await page
      .getByText(/^Express would bring it (only \d+ days? sooner|no sooner): it shortens the journey/)
      .first()
      .waitFor();
    expect(await page.getByLabel('Shipping').locator('option').allInnerTexts()).toEqual(['Standard Delivery ₹500']);
    await page
      .getByText(formatINR(product.price * 2 + 500), { exact: true })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Save and pay' }).click();

    // Closing the checkout window leaves the order unpaid and the cart as it was.
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByText(formatINR(product.price * 2 + 500)).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('alert').filter({ hasText: 'Payment was not completed. You can try again.' }).waitFor();
    expect(await cartLine(page, product).count()).toBe(1);
    // Loaded again, the page's buttons work once its scripts have run (Check Out opens the address step in the page).
    await reload(page);
    await cartLine(page, product).waitFor();
    expect(await cartLine(page, product).getByLabel(`Quantity of ${product.name}`, { exact: true }).inputValue()).toBe('2');

    // A declined payment says why, and a new try succeeds.
    // After the reload the remembered pincode prices the cart: Standard alone, at its charge.
    expect(await page.getByLabel('Shipping').locator('option').allInnerTexts()).toEqual(['Standard Delivery ₹500']);
    await page
      .getByText(formatINR(product.price * 2 + 500), { exact: true })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Check Out' }).click();
    const deliverHere = page.getByRole('button', { name: /^Deliver here: Priya Raman, 12 Besant Avenue/ });
    await deliverHere.click();
    await dialog.getByRole('button', { name: 'Fail' }).click();
    await page.getByRole('alert').filter({ hasText: 'Payment failed: The simulated bank declined the payment.' }).waitFor();
    await deliverHere.click();
    await dialog.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(/\/order-confirmation\/\d+$/);
    await page.getByRole('heading', { name: 'Order confirmed!' }).waitFor();
    const totalsList = page.locator('dl[aria-label="Totals"]');
    expect((await totalsList.innerText()).replace(/\s+/g, ' ')).toBe(
      `Subtotal ${formatINR(product.price * 2)} Shipping (Standard Delivery) ${formatINR(500)} Total ${formatINR(product.price * 2 + 500)}`,
    );
    expect(await page.getByText('12 Besant Avenue').count()).toBe(1);
    expect(await page.getByText(`Finish: ${finish} · Quantity: 2`).count()).toBe(1);
    const number = (await page.getByText(/^TW-\d{6}-[A-Z2-9]{6}$/).textContent())!;
    // The paid cart is closed: the header's badge is gone, the guest cart's cookie went at log-in, and no
    // script of the page can read a cart code.
    await page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true }).first().waitFor();
    expect((await page.context().cookies()).filter((c) => c.name === 'cart_code')).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('cart_code'))).toBeNull();

    await visit(page, `${baseUrl}/orderdetails`);
    await page.getByRole('heading', { name: 'My Order Details' }).waitFor();
    const order = page.getByRole('article', { name: `Order ${number}` });
    await order.waitFor();
    const orderText = await order.innerText();
    expect(orderText).toContain(formatINR(product.price * 2 + 500));
    expect(orderText).toContain(
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date()),
    );
    expect(orderText).toContain('Priya Raman');
    expect(orderText).toContain('Paid');
    // How it was paid, as the provider reported it: the simulated provider takes no card, and says so.
    expect(orderText).toContain('Test payment (simulated)');
    expect(orderText).not.toContain('4242');
    expect(await order.getByRole('img', { name: 'Test payment' }).count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Delivered' }).click();
    await page.getByText('No orders found').waitFor();
    await page.getByRole('button', { name: 'All orders' }).click();
    await order.getByRole('link', { name: /^Track order/ }).click();

    await page.waitForURL(/\/orderstatus\?number=/);
    await page.getByRole('heading', { name: `Order #${number}` }).waitFor();
    const progress = page.getByRole('list', { name: 'Order progress' });
    expect(await progress.locator('[aria-current="step"]').innerText()).toContain('Paid');
    // Every step after payment is still to come: the workshop's five for a piece made to order, then dispatch, shipping, delivery and installation.
    expect([4, 9]).toContain(await progress.getByText('(to come)').count());

    // The Track button finds the order by its number and the buyer's e-mail, and nothing with another e-mail.
    await visit(page, `${baseUrl}/orderstatus`);
    await page.getByLabel('Order number').fill(number);
    await page.getByLabel('E-mail').fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByText('We could not find an order with this number and e-mail.').waitFor();
    await page.getByLabel('E-mail').fill(customer.email.toUpperCase());
    await page.getByRole('button', { name: 'Track' }).click();
    await page.getByRole('heading', { name: `Order #${number}` }).waitFor();

    expect(errors()).toEqual([]);
    await page.close();
  });

  it('order history shows each delivered piece as Delivered, with the payment-method logo and card ending', async () => {
    const api = async <T>(url: string, json: unknown, token?: string) => {
      const res = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(json),
      });
      expect(res.status, url).toBeLessThan(300);
      return (await res.json()) as T;
    };
    const customer = await newCustomer(baseUrl, 'priya');
    const { access } = await api<{ access: string }>('/api/token/', customer);
    const product = await pickProduct(2);
    const cart = `hist${Date.now().toString(36)}`;
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
    const admin = (await api<{ access: string }>('/api/token/', { email: 'admin@teakwood.local', password: 'Teak#Admin2026' })).access;
    // The owner walks the order along its road (the workshop's stages for a piece made to order) to delivered.
    for (let stage = 'paid'; stage !== 'delivered';) {
      const next = (await (await fetch(`${baseUrl}/api/admin/orders/${order_id}/`, { headers: { authorization: `Bearer ${admin}` } })).json()) as {
        next_stages: string[];
      };
      stage = next.next_stages.find((s) => s !== 'cancelled')!;
      await api(
        `/api/admin/orders/${order_id}/status/`,
        { stage, tracking_number: 'BD123456789IN', carrier: 'Blue Dart', eway_bill_number: '331012345678' },
        admin,
      );
    }

    const context = await browser.newContext();
    await signIn(context, baseUrl, customer);
    const page = await context.newPage();
    await visit(page, `${baseUrl}/orderdetails?filter=delivered`);
    await page.getByRole('heading', { name: 'My Order Details' }).waitFor();
    const item = page
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: product.name }) })
      .first();
    await item.waitFor();
    const text = await item.innerText();
    expect(text).toContain('Delivered');
    expect(text).toContain('Test payment (simulated)');
    expect(await item.getByRole('img', { name: 'Test payment' }).count()).toBeGreaterThan(0);
    await captureAtBothWidths(page, 'order-history');
    await context.close();
  });

  it('an order that is not the customer’s says Order not found', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await signIn(context, baseUrl, await newCustomer(baseUrl, 'priya'));
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/order-confirmation/999999`);
    await page.getByRole('heading', { name: 'Order not found' }).waitFor();
    // The API answers 404 for the missing order, which Chromium reports as a failed resource.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });
});

/**
 * Stands in for Razorpay's checkout.js in the browser: it opens, then asks the test what the buyer does
 * (pay through the fake Razorpay server, or close the window).
 */
const CHECKOUT_STUB = `window.Razorpay = function (options) {
  this.on = function () {};
  this.open = function () {
    window.rzpBuyer(options.key, options.order_id, options.amount).then(function (answer) {
      if (answer) options.handler(answer);
      else options.modal.ondismiss();
    });
  };
};`;

describe('a customer pays through Razorpay', () => {
  let fake: FakeRazorpay;
  let shop: ShopProcess;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    shop = await startShop({ from: inject('seededDataDir'), env: fake.env });
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    await fake?.close();
  });

  it('the checkout script loads only on the payment step; a failed load, a closed window and a payment each end as they should', async () => {
    const product = await pickProduct(1, shop.baseUrl);
    const customer = await newCustomer(shop.baseUrl, 'priya');
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    // Signed in already (the log-in with a guest cart is the first story's): the cart is the customer's own.
    await signIn(page.context(), shop.baseUrl, customer);
    const errors = watchErrors(page);
    const scriptRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https://checkout.razorpay.com/')) scriptRequests.push(r.url());
    });
    let buyer: 'pay' | 'close' = 'close';
    const opened: { key: string; orderId: string; amount: number }[] = [];
    await page.exposeFunction('rzpBuyer', (key: string, orderId: string, amount: number) => {
      opened.push({ key, orderId, amount });
      return buyer === 'pay' ? fake.pay(orderId).response : null;
    });
    await page.route('https://checkout.razorpay.com/**', (route) => route.abort('internetdisconnected'));

    await openProduct(page, product, shop.baseUrl);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('button', { name: 'ADDED TO CART' }).waitFor();
    await visit(page, `${shop.baseUrl}/cart`);
    await cartLine(page, product).waitFor();
    await page.getByRole('button', { name: 'Check Out' }).click();
    // A Chennai address: the home zone's flat ₹500 (farther pincodes are priced by the owner's table, tests/e2e/delivery.test.ts).
    await fillAddress(page, '600020', customer.email);
    expect(scriptRequests).toEqual([]);
    await page.getByRole('button', { name: 'Save and pay' }).click();
    await page.getByRole('alert').filter({ hasText: 'Razorpay SDK failed to load. Are you online?' }).waitFor();
    expect(scriptRequests).toEqual(['https://checkout.razorpay.com/v1/checkout.js']);
    const total = (product.price + 500) * 100;
    expect(fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/orders').map((c) => (c.body as { amount: number }).amount)).toEqual([
      total,
    ]);

    await page.unroute('https://checkout.razorpay.com/**');
    await page.route('https://checkout.razorpay.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: CHECKOUT_STUB }));
    const deliverHere = page.getByRole('button', { name: /^Deliver here: Priya Raman/ });
    await deliverHere.click();
    await page.getByRole('alert').filter({ hasText: 'Payment was not completed. You can try again.' }).waitFor();
    expect(await cartLine(page, product).count()).toBe(1);

    buyer = 'pay';
    await deliverHere.click();
    await page.getByRole('heading', { name: 'Order confirmed!' }).waitFor();
    expect(opened.map((o) => [o.key, o.amount])).toEqual([
      ['rzp_test_fakekey0001', total],
      ['rzp_test_fakekey0001', total],
    ]);
    // Closing the window kept the order open, so paying reused the same provider order.
    expect(new Set(opened.map((o) => o.orderId)).size).toBe(1);
    expect((await page.locator('dl[aria-label="Totals"]').innerText()).replace(/\s+/g, ' ')).toContain(`Total ${formatINR(product.price + 500)}`);
    // The blocked script load is the only error the browser reports.
    expect(errors().filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await page.close();
  });
});
