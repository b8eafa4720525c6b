import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** Pictures of a page at a phone's and a laptop's width (with SCREENSHOT_DIR), back at the phone's after. */
async function captureAtBothWidths(page: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${viewport.width}`);
  }
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function products(): Promise<Product[]> {
  return (await (await fetch(`${baseUrl}/api/products/?limit=200`)).json()) as Product[];
}

/** A customer of their own, so no other story's cart or saved addresses get in the way. */
async function newCustomer() {
  const username = `buyer${unique()}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Buyer2026' };
  const res = await fetch(`${baseUrl}/api/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ownAddress() },
    body: JSON.stringify({ ...user, password2: user.password }),
  });
  expect(res.status).toBe(201);
  return user;
}

/** From the cart: the address form, then the simulated payment's Pay. */
async function payFromCart(page: Page, email: string) {
  await page.getByRole('button', { name: 'Check Out' }).click();
  await page.getByRole('heading', { name: 'Delivery address', exact: true }).waitFor();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Rao');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone').fill('+91 98450 12345');
  await page.getByLabel('Address line 1').fill('14 MG Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').selectOption('Karnataka');
  // The pincode checked on the product page fills the form.
  expect(await page.getByLabel('PIN code').inputValue()).toBe('560001');
  await page.getByRole('button', { name: 'Save and pay' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/order-confirmation\/\d+$/);
  await page.getByRole('heading', { name: 'Order confirmed!' }).waitFor();
}

async function checkPincode(page: Page, pincode: string) {
  const form = page.getByRole('form', { name: 'Check delivery to a pincode' });
  await form.getByLabel('Pincode').fill(pincode);
  await form.getByRole('button', { name: 'Check' }).click();
}

describe('what a buyer meets: when a piece leaves the workshop', () => {
  it('a made-to-order piece says its own production weeks beside its price and on its card', async () => {
    const all = await products();
    const made = all.find((p) => p.in_stock && p.stock_kind === 'made_to_order' && p.subcategory)!;
    const weeks = `${made.production_weeks_min}–${made.production_weeks_max} weeks`;
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/product/${made.slug}`);
    const lead = page.getByTestId('lead-time');
    expect(await lead.innerText()).toBe(`Made to order · ships in ${weeks}`);
    // Beside the price: on the same line at 375 px or just under it, never far down the page.
    const price = page.getByText(/^₹[\d,]+$/).first();
    const [leadBox, priceBox] = [await lead.boundingBox(), await price.boundingBox()];
    expect(leadBox!.y - (priceBox!.y + priceBox!.height)).toBeLessThan(24);
    expect(await page.getByTestId('stocked-finish').count()).toBe(0);
    await captureAtBothWidths(page, 'buyer-lead-made-to-order');

    await visit(page, `${baseUrl}/Subcategory?subcategory=${made.subcategory!.slug}`);
    const card = page.getByRole('link', { name: new RegExp(made.name) });
    await expect(card.innerText()).resolves.toContain(`Made to order · ships in ${weeks}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a ready-stock piece in several finishes says which finish is on the shelf and that the others are made to order', async () => {
    const all = await products();
    const ready = all.find((p) => p.in_stock && p.stock_kind === 'ready_stock' && p.finishes.length >= 3)!;
    const [stocked, ...others] = ready.finishes;
    const weeks = `${ready.production_weeks_min}–${ready.production_weeks_max} weeks`;
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/product/${ready.slug}`);
    const lead = page.getByTestId('lead-time');
    expect(await lead.innerText()).toBe('Ready to ship · dispatched in 1–6 days');
    const note = (await page.getByTestId('stocked-finish').innerText()).replace(/\s+/g, ' ');
    expect(note).toContain(`In stock in ${stocked}, dispatched in 1–6 days.`);
    expect(note).toContain(`${others.slice(0, -1).join(', ')} and ${others.at(-1)} are made to order and ship in ${weeks}.`);
    await captureAtBothWidths(page, 'buyer-lead-ready-stock');

    // Choosing a finish that is not on the shelf: the line beside the price says it is made to order.
    await page.getByText(others[0]!, { exact: true }).click();
    await expect(lead.innerText()).resolves.toBe(`Made to order · ships in ${weeks}`);
    await page.getByText(stocked!, { exact: true }).click();
    await expect(lead.innerText()).resolves.toBe('Ready to ship · dispatched in 1–6 days');

    await visit(page, `${baseUrl}/RDship`);
    await expect(
      page
        .getByRole('link', { name: new RegExp(ready.name) })
        .first()
        .innerText(),
    ).resolves.toContain('Ready to ship · dispatched in 1–6 days');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the confirmation of a ready-stock order says when it is dispatched, not that it is in the workshop’s queue', async () => {
    const all = await products();
    const ready = all.find((p) => p.in_stock && p.stock_kind === 'ready_stock' && (p.available_quantity ?? 0) >= 2)!;
    const customer = await newCustomer();
    // Signed in from the start (logging in with a guest cart is tests/e2e/checkout.test.ts's story).
    const context: BrowserContext = await browser.newContext({ viewport: PHONE });
    await signIn(context, baseUrl, customer);
    const page = await context.newPage();
    await visit(page, `${baseUrl}/product/${ready.slug}`);
    await checkPincode(page, '560001');
    await page.getByRole('list', { name: 'Delivery methods' }).waitFor();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('button', { name: 'ADDED TO CART' }).waitFor();
    await visit(page, `${baseUrl}/cart`);
    await payFromCart(page, customer.email);
    const header = (await page.locator('header', { has: page.getByRole('heading', { name: 'Order confirmed!' }) }).innerText()).replace(/\s+/g, ' ');
    expect(header).not.toContain('queue');
    expect(header).toContain('Your order is ready on our shelves and will be dispatched in 1–6 days');
    // The order number is set in the shop's own type (tabular figures), not a programmer's monospace.
    const number = page.getByTestId('order-number');
    const type = await number.evaluate((el) => {
      const style = getComputedStyle(el);
      return { family: style.fontFamily, figures: style.fontVariantNumeric };
    });
    expect(type.family).toMatch(/^"?Inter/);
    expect(type.family).not.toMatch(/mono/i);
    expect(type.figures).toBe('tabular-nums');
    await captureAtBothWidths(page, 'buyer-confirmation-ready-stock');
    await context.close();
  });
});

describe('what a buyer meets: the home page on a phone', () => {
  it('opens on the hero with its promise and one clear action, the way into the shop, in the first screen at 375×667 and 1280×800, and keeps the laptop’s layout', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, baseUrl);
    const heading = page.getByRole('heading', { level: 1, name: 'Crafted. Curated. Bespoke' });
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    const hero = page.getByRole('region', { name: 'Featured rooms' });
    // The one action is the way into the shop.
    const action = hero.getByRole('link', { name: 'Shop Now' });
    expect(await action.getAttribute('href')).toBe('/shop');
    const actionBox = (await action.boundingBox())!;
    expect(actionBox.y + actionBox.height).toBeLessThanOrEqual(PHONE.height);
    // The hero comes before the video and the banner, not after them.
    const video = (await page.getByRole('button', { name: /Play the video/ }).boundingBox())!;
    expect(video.y).toBeGreaterThan(box.y);
    await screenshot(page, 'buyer-home-375');

    // On a laptop's shorter screen (1280×800) the brand's line and the way into the shop are still in the first screen.
    await page.setViewportSize({ width: DESKTOP.width, height: 800 });
    for (const [what, locator] of [
      ['the brand line', heading],
      ['Shop Now', action],
    ] as const) {
      const seen = (await locator.boundingBox())!;
      expect(seen.y, what).toBeGreaterThanOrEqual(0);
      expect(seen.y + seen.height, what).toBeLessThanOrEqual(800);
      expect(seen.x, what).toBeGreaterThanOrEqual(0);
      expect(seen.x + seen.width, what).toBeLessThanOrEqual(DESKTOP.width);
    }
    // On a laptop the video and banner still stand left of the hero, all in the first screen.
    await page.setViewportSize(DESKTOP);
    const wideHero = (await hero.boundingBox())!;
    const wideVideo = (await page.getByRole('button', { name: /Play the video/ }).boundingBox())!;
    expect(wideVideo.x + wideVideo.width).toBeLessThanOrEqual(wideHero.x);
    expect(wideHero.y + wideHero.height).toBeLessThanOrEqual(DESKTOP.height);
    await screenshot(page, 'buyer-home-1280');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('what a buyer meets: a product page on a phone', () => {
  it('shows the finishes in one row that scrolls sideways at 375 px, moved by the arrows', async () => {
    const [dining] = (await (await fetch(`${baseUrl}/api/products/?category=dinning&limit=1`)).json()) as Product[];
    expect(dining!.finishes.length).toBeGreaterThan(3);
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/product/${dining!.slug}`);
    const group = page.getByRole('group', { name: /Wood finish/ });
    const pills = group.locator('label');
    expect(await pills.count()).toBe(dining!.finishes.length);
    const tops = await pills.evaluateAll((labels) => labels.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size, 'every pill on one line').toBe(1);
    const row = page.getByTestId('finish-row');
    const scroll = () => row.evaluate((el) => ({ left: el.scrollLeft, width: el.scrollWidth, shown: el.clientWidth }));
    const before = await scroll();
    expect(before.width).toBeGreaterThan(before.shown);
    expect(before.left).toBe(0);
    await page.getByRole('button', { name: 'More finishes' }).click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="finish-row"]')?.scrollLeft ?? 0) > 20);
    // The last finish can be reached and chosen; the page itself never scrolls sideways.
    const last = dining!.finishes.at(-1)!;
    await group.getByText(last, { exact: true }).click();
    await expect(group.getByRole('radio', { name: last }).isChecked()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'buyer-finishes-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the dimensions with every label whole, at 375 and 1280 px', async () => {
    const all = await products();
    // A long piece, a tall one (beside a door) and a small one (beside a person).
    const pick = (test: (p: Product) => boolean) => all.find((p) => test(p) && p.dimensions.length && p.dimensions.height)!;
    // The longest piece's labels are drawn largest (their size follows the drawing's).
    const reach = (p: Product) => (p.dimensions.length ?? 0) + (p.dimensions.breadth ?? 0) * 0.39;
    const longest = all.filter((p) => p.dimensions.length && p.dimensions.height).sort((a, b) => reach(b) - reach(a))[0]!;
    const pieces = [
      longest,
      pick((p) => (p.dimensions.height ?? 0) > 170),
      pick((p) => (p.dimensions.height ?? 0) <= 100 && (p.dimensions.length ?? 0) <= 100),
    ];
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      for (const piece of pieces) {
        await visit(page, `${baseUrl}/product/${piece.slug}`);
        const drawing = page.getByRole('img', { name: /drawn to scale/ });
        await drawing.scrollIntoViewIfNeeded();
        const cut = await drawing.evaluate((svg) => {
          const box = (svg as SVGSVGElement).viewBox.baseVal;
          return Array.from(svg.querySelectorAll('text'))
            .map((t) => ({ text: t.textContent, b: t.getBBox() }))
            .filter(({ b }) => b.x < box.x || b.y < box.y || b.x + b.width > box.x + box.width || b.y + b.height > box.y + box.height)
            .map(({ text }) => text);
        });
        expect(cut, `${piece.slug} at ${viewport.width} px`).toEqual([]);
        expect(await drawing.locator('text').allTextContents()).toContain((piece.dimensions.height ?? 0) > 170 ? 'door 210 cm' : 'person 170 cm');
        if (piece === pieces[0]) await screenshot(page, `buyer-dimensions-${viewport.width}`);
      }
      await context.close();
    }
  });

  it('says "We do not deliver to 682001 yet" for an unserved pincode, and the cart will not check out to it', async () => {
    const token = (
      (await (
        await fetch(`${baseUrl}/api/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@teakwood.local', password: 'Teak#Admin2026' }),
        })
      ).json()) as { access: string }
    ).access;
    const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const made = await fetch(`${baseUrl}/api/admin/delivery/exclusions/`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ kind: 'range', pincode_from: '682001', pincode_to: '682001', note: 'A story of the buyer’s pages' }),
    });
    expect(made.status).toBe(201);
    const exclusion = (await made.json()) as { id: number };
    try {
      const product = (await products()).find((p) => p.in_stock && p.stock_kind === 'made_to_order')!;
      const customer = await newCustomer();
      const context = await browser.newContext({ viewport: PHONE });
      await signIn(context, baseUrl, customer);
      const page = await context.newPage();
      await visit(page, `${baseUrl}/product/${product.slug}`);
      await checkPincode(page, '682001');
      const answer = page.getByRole('region', { name: 'Delivery' }).getByRole('status');
      await answer.getByText('We do not deliver to 682001 yet.').waitFor();
      expect(await answer.innerText()).not.toContain('another delivery address');
      await captureAtBothWidths(page, 'buyer-unserved-product');

      await page.getByRole('button', { name: 'ADD TO CART' }).click();
      await page.getByRole('button', { name: 'ADDED TO CART' }).waitFor();
      await visit(page, `${baseUrl}/cart`);
      const summary = page.getByRole('region', { name: 'Order summary' });
      await summary.getByText('We do not deliver to 682001 yet.').first().waitFor();
      expect((await summary.innerText()).replace(/\s+/g, ' ')).toContain('Delivery Not available');
      const checkOut = page.getByRole('button', { name: 'Check Out' });
      expect(await checkOut.isDisabled()).toBe(true);
      await expect(page.locator('#checkout-refused').innerText()).resolves.toContain('We do not deliver to 682001 yet.');
      await captureAtBothWidths(page, 'buyer-unserved-cart');

      // Another pincode that is served opens the checkout again.
      const note = summary.getByRole('form', { name: 'Check delivery to a pincode' });
      await note.getByLabel('Pincode').fill('560001');
      await note.getByRole('button', { name: 'Change' }).click();
      await summary.getByText(/^Delivers to 560001/).waitFor();
      await expect.poll(() => checkOut.isEnabled()).toBe(true);
      await context.close();
    } finally {
      await fetch(`${baseUrl}/api/admin/delivery/exclusions/${exclusion.id}/`, { method: 'DELETE', headers: { authorization: admin.authorization } });
    }
  });
});

describe('what a buyer meets: listings and collections', () => {
  it('an unknown subcategory is Page Not Found, answered 404', async () => {
    const res = await fetch(`${baseUrl}/Subcategory?subcategory=zzz`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    expect(html).not.toContain('zzz Products');
  });

  it('a collection page shows its tagline and "starts from" price, as /collections does', async () => {
    const collections = (await (await fetch(`${baseUrl}/api/collections/`)).json()) as {
      id: string;
      title: string;
      tagline: string;
      starts_from: number | null;
    }[];
    const collection = collections.find((c) => c.tagline && c.starts_from !== null)!;
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/collect?collection=${collection.id}`);
    await page.getByRole('heading', { level: 1, name: collection.title }).waitFor();
    await page.getByText(collection.tagline, { exact: true }).waitFor();
    const startsFrom = `Starts from ₹${collection.starts_from!.toLocaleString('en-IN')}`;
    await expect(page.getByTestId('starts-from').innerText()).resolves.toBe(startsFrom);
    // The same words on /collections.
    await visit(page, `${baseUrl}/collections`);
    await page.getByText(startsFrom).first().waitFor();
    await page.getByText(collection.tagline, { exact: true }).waitFor();
    await visit(page, `${baseUrl}/collect?collection=${collection.id}`);
    await captureAtBothWidths(page, 'buyer-collection');
    await context.close();
  });

  it('says "Loading products..." while the shop reads its list again for another category', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/shop`);
    const status = page.getByRole('status').filter({ hasText: /pieces?$|Loading products/ });
    await status.getByText(/\d+ pieces?/).waitFor();
    // The list's answer is held back until the story has seen the page while it waits.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/shop\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Category').selectOption('beds');
    await status.getByText('Loading products...', { exact: true }).waitFor();
    release();
    await status.getByText(/\d+ pieces?/).waitFor();
    expect(page.url()).toContain('category=beds');
    await context.close();
  });
});

describe('what a buyer meets: the spec’s sentences when something fails', () => {
  it('sign-up that fails without a reason of its own says "Signup failed. Try again."', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await visit(page, `${baseUrl}/signup`);
    const username = `fail${unique()}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.in`);
    await page.getByLabel('Password', { exact: true }).fill('Teak#Buyer2026');
    await page.getByLabel('Re-enter password').fill('Teak#Buyer2026');
    await page.getByRole('checkbox').check();
    // The sign-up's answer never arrives (the connection drops): the form's own failure, not a refusal with a reason.
    await page.route(/\/signup\.data/, (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('alert').getByText('Signup failed. Try again.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Try again' }).waitFor();
    await screenshot(page, 'buyer-signup-failed-375');
    await context.close();
  });
});

describe('what a buyer meets: a room on a touch screen', () => {
  it('says "Tap a dot"; a first tap shows the piece and its price, the next opens it', async () => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/room`);
    await page.getByText('Tap a dot to see the piece and its price; tap it again to open it.').waitFor();
    expect(await page.getByText(/Hover or tab to a dot/).isVisible()).toBe(false);
    const dot = page.locator('figure a[href^="/product/"]').first();
    const slug = (await dot.getAttribute('href'))!.replace('/product/', '');
    const name = (await dot.locator('span.font-semibold').textContent())!;
    await dot.tap();
    await page.waitForFunction((href) => {
      const label = document.querySelector(`figure a[href="${href}"] > span:last-child`);
      return label !== null && getComputedStyle(label).opacity === '1';
    }, `/product/${slug}`);
    expect(page.url()).not.toContain('/product/');
    await screenshot(page, 'buyer-room-tap-375');
    await dot.tap();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(page.url()).toContain(`/product/${slug}`);
    expect(errors).toEqual([]);
    await context.close();

    // With a mouse the hint speaks of hovering and a click opens the piece at once.
    const desk = await browser.newPage({ viewport: DESKTOP });
    await visit(desk, `${baseUrl}/room`);
    await desk.getByText('Hover or tab to a dot to see the piece and its price; click to open it.').waitFor();
    expect(await desk.getByText(/Tap a dot/).isVisible()).toBe(false);
    await desk.locator('figure a[href^="/product/"]').first().click();
    await desk.waitForURL(/\/product\//);
    await desk.close();
  });
});

describe('what a buyer meets: saved addresses on a phone', () => {
  async function savedAddress(token: string, line: string) {
    const res = await fetch(`${baseUrl}/api/addresses/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Meera',
        last_name: 'Iyer',
        email: 'meera@example.in',
        phone: '+91 98400 12345',
        address_line1: line,
        city: 'Chennai',
        state: 'Tamil Nadu',
        postal_code: '600020',
      }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  }

  it('sets Delete apart from Deliver here and asks before deleting, with scripts and without', async () => {
    const customer = await newCustomer();
    const token = (
      (await (
        await fetch(`${baseUrl}/api/token/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: customer.email, password: customer.password }),
        })
      ).json()) as { access: string }
    ).access;
    await savedAddress(token, '12 Besant Avenue');
    const product = (await products()).find((p) => p.in_stock && p.stock_kind === 'made_to_order')!;
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    await signIn(context, baseUrl, customer);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${baseUrl}/product/${product.slug}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('button', { name: 'ADDED TO CART' }).waitFor();
    await visit(page, `${baseUrl}/orderaddress`);
    const card = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').filter({ hasText: '12 Besant Avenue' });
    const deliver = card.getByRole('button', { name: /^Deliver here/ });
    const remove = card.getByRole('button', { name: /^Delete the address/ });
    const [deliverBox, removeBox] = [(await deliver.boundingBox())!, (await remove.boundingBox())!];
    // Not side by side: Delete sits on its own line, well below Deliver here.
    expect(removeBox.y).toBeGreaterThanOrEqual(deliverBox.y + deliverBox.height + 12);
    await screenshot(page, 'buyer-address-card-375');

    await remove.tap();
    const ask = card.getByRole('group', { name: 'Delete this address?' });
    await ask.waitFor();
    await screenshot(page, 'buyer-address-confirm-375');
    await ask.getByRole('link', { name: 'Keep it' }).tap();
    await ask.waitFor({ state: 'detached' });
    await card.getByText('12 Besant Avenue').waitFor();
    await remove.tap();
    await ask.getByRole('button', { name: /^Yes, delete/ }).tap();
    await page.getByText('Address deleted successfully').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();

    // Without scripts the same question is a page of its own: Delete asks, and nothing is deleted yet.
    await savedAddress(token, '7 Luz Church Road');
    const plain = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    await signIn(plain, baseUrl, customer);
    const noScript = await plain.newPage();
    await noScript.goto(`${baseUrl}/orderaddress`);
    const plainCard = noScript.getByRole('listitem').filter({ hasText: '7 Luz Church Road' });
    // Paying needs the page's script (the provider's window): Deliver here and Add New Address wait for it.
    expect(await plainCard.getByRole('button', { name: /^Deliver here/ }).isDisabled()).toBe(true);
    expect(await noScript.getByRole('button', { name: 'Add New Address' }).isDisabled()).toBe(true);
    await plainCard.getByRole('button', { name: /^Delete the address/ }).click();
    await noScript.waitForURL(/\?delete-address=\d+$/);
    await plainCard
      .getByRole('group', { name: 'Delete this address?' })
      .getByRole('button', { name: /^Yes, delete/ })
      .waitFor();
    await plainCard.getByText('7 Luz Church Road').waitFor();
    await plain.close();
  });
});
