import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { launchBrowser, reload, SCREENSHOT_DIR, screenshot, signIn, visit, watchConsole } from '../support/browser';
import { type Customer, newCustomer, ownAddress } from '../support/customers';

const baseUrl = inject('baseUrl');
/** A text as a regular expression matches it, character for character. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const OWNER = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function api<T>(url: string, json: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    // Each call from an address of its own: the whole run's log-ins from one address would meet the log-in limit.
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ownAddress(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(json),
  });
  expect(res.status, `${url}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A sofa (or the first piece on sale) bought by the story's customer through the simulated provider, walked to delivered by the owner. */
async function deliveredPiece(customer: Customer): Promise<Product> {
  const { access } = await api<{ access: string }>('/api/token/', customer);
  const products = (await (await fetch(`${baseUrl}/api/products/?in_stock=true&limit=200`)).json()) as Product[];
  const product = products.find((p) => /sofa/i.test(p.name) && p.review_count === 0) ?? products.find((p) => p.review_count === 0)!;
  const cart = `review${Date.now().toString(36)}`;
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
  const admin = (await api<{ access: string }>('/api/token/', OWNER)).access;
  for (let stage = 'paid'; stage !== 'delivered';) {
    const next = (await (await fetch(`${baseUrl}/api/admin/orders/${order_id}/`, { headers: { authorization: `Bearer ${admin}` } })).json()) as {
      next_stages: string[];
    };
    stage = next.next_stages.find((s) => s !== 'cancelled')!;
    await api(
      `/api/admin/orders/${order_id}/status/`,
      { stage, tracking_number: 'BD123456789IN', carrier: 'Blue Dart', eway_bill_number: '331000123456' },
      admin,
    );
  }
  return product;
}

async function phone(user?: { email: string; password: string }): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  if (user) await signIn(context, baseUrl, user);
  const page = await context.newPage();
  return { page, errors: watchConsole(page) };
}

describe('reviews and saved pieces, at 375 px', () => {
  it('a buyer reviews a delivered sofa with a photo from the e-mail’s link; the owner publishes and replies; the product page shows it with its stars', async () => {
    const customer = await newCustomer(baseUrl, 'asha');
    const product = await deliveredPiece(customer);

    // The review e-mail's link (decision 0050): /product/<slug>/review, which asks her to log in first.
    const buyer = await phone();
    await visit(buyer.page, `${baseUrl}/product/${product.slug}/review`);
    await buyer.page.getByLabel('Email').fill(customer.email);
    await buyer.page.getByLabel('Password', { exact: true }).fill(customer.password);
    await buyer.page.getByRole('button', { name: 'Login' }).click();
    await buyer.page.getByRole('heading', { level: 1, name: `Review ${product.name}` }).waitFor();
    const form = buyer.page.getByRole('form', { name: 'Your review' });
    await form.getByLabel('4 stars').check();
    await form.getByLabel('Title').fill('Sturdy and handsome');
    await form.getByLabel('Your review').fill('The teak grain is lovely, the joints are tight and the cushions are firm.');
    const photo = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .toBuffer();
    await form.getByLabel(/^Photos/).setInputFiles({ name: 'sofa.jpg', mimeType: 'image/jpeg', buffer: photo });
    await screenshot(buyer.page, 'review-form-375');
    await form.getByRole('button', { name: 'Send my review' }).click();
    await buyer.page.getByRole('status').filter({ hasText: 'Your review waits for the studio' }).waitFor();
    expect(buyer.errors).toEqual([]);

    // The owner publishes it and replies, under Dashboard → Reviews.
    const owner = await phone(OWNER);
    await visit(owner.page, `${baseUrl}/dashboard/reviews`);
    const card = owner.page.getByRole('listitem').filter({ hasText: 'Sturdy and handsome' });
    await card.getByRole('button', { name: 'Publish' }).click();
    // Published, it leaves the waiting list.
    await card.waitFor({ state: 'detached' });
    await visit(owner.page, `${baseUrl}/dashboard/reviews?status=published`);
    const published = owner.page.getByRole('listitem').filter({ hasText: 'Sturdy and handsome' });
    await published.getByRole('textbox').fill('Thank you, Asha! Enjoy the sofa.');
    await published.getByRole('button', { name: 'Reply' }).click();
    await published.getByRole('button', { name: 'Update reply' }).waitFor();
    await screenshot(owner.page, 'dashboard-reviews-375');
    expect(owner.errors).toEqual([]);

    // Any visitor: the stars, the count, the review with its photo and the studio's reply.
    const visitor = await phone();
    await visit(visitor.page, `${baseUrl}/product/${product.slug}#reviews`);
    const reviews = visitor.page.getByRole('region', { name: 'Reviews', exact: true });
    await reviews.getByText('Sturdy and handsome').waitFor();
    await reviews.getByText('1 review from verified buyers').waitFor();
    await reviews.getByText('Thank you, Asha! Enjoy the sofa.').waitFor();
    await expect(reviews.getByRole('img', { name: 'Rated 4.0 out of 5' }).count()).resolves.toBeGreaterThan(0);
    const jsonLd = await visitor.page.locator('script[type="application/ld+json"]').allTextContents();
    const productLd = jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).find((d) => d['@type'] === 'Product')!;
    expect(productLd.aggregateRating).toMatchObject({ ratingValue: 4, ratingCount: 1 });

    // "Helpful" asks a visitor to log in, beside the button, with the way there and back.
    const seen = visitor.errors.length;
    await reviews.getByRole('button', { name: 'Mark “Sturdy and handsome” as helpful' }).click();
    await reviews.getByRole('alert').getByText('Log in to mark a review as helpful.').waitFor();
    expect(await reviews.getByRole('alert').getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent(`/product/${product.slug}`)}`,
    );
    // The browser logs the refusal's status itself: not an error of the page.
    visitor.errors.splice(seen, Infinity, ...visitor.errors.slice(seen).filter((e) => !/status of 401/.test(e)));

    // Her photo opens in the gallery's zoom viewer: zoomed by a click (a tap on a phone) and by its button, closed by Escape, and again
    // by its Close button.
    await reviews.getByRole('link', { name: /Photo 1 by/ }).click();
    const viewer = visitor.page.getByRole('dialog', { name: /^Photos by/ });
    await viewer.getByRole('img', { name: /Photo 1 by/ }).waitFor();
    await viewer.getByText('Picture 1 of 1').waitFor();
    const frame = viewer.locator('[data-zoom]');
    await frame.click();
    await viewer.getByText(/Picture 1 of 1, zoomed 250%/).waitFor();
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await viewer.getByText(/zoomed 375%/).waitFor();
    await screenshot(visitor.page, 'review-photo-zoomed-375');
    await visitor.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await reviews.getByRole('link', { name: /Photo 1 by/ }).click();
    await viewer.getByText('Picture 1 of 1').waitFor();
    await screenshot(visitor.page, 'product-reviews-375');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });
    await visitor.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(visitor.page, 'product-reviews-1280');
    await owner.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(owner.page, 'dashboard-reviews-1280');
    expect(visitor.errors).toEqual([]);
  });

  it('a visitor saves two pieces, logs in, finds them under Saved and moves one to the cart', async () => {
    const customer = await newCustomer(baseUrl, 'saver');
    const products = ((await (await fetch(`${baseUrl}/api/products/?in_stock=true&limit=20`)).json()) as Product[]).slice(2, 4);
    const [first, second] = [products[0]!, products[1]!];
    const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const { page, errors } = await phone();
    // Every heart a page draws is recorded from the first byte on: a saved piece's heart is never drawn empty.
    await page.addInitScript(() => {
      const seen: Record<string, string[]> = {};
      (window as unknown as { hearts: typeof seen }).hearts = seen;
      // A heart is a button named `product`, its value the piece; neutral, it has no data-saved ('').
      const note = (el: Element) => {
        const slug = (el as HTMLButtonElement).value;
        if (slug) (seen[slug] ??= []).push(el.getAttribute('data-saved') ?? '');
      };
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'attributes') note(r.target as Element);
          r.addedNodes.forEach((n) => n instanceof Element && n.querySelectorAll('button.heart').forEach(note));
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-saved'] });
    });
    const hearts = (slug: string) => page.evaluate((s) => (window as unknown as { hearts: Record<string, string[]> }).hearts[s] ?? [], slug);

    // The first from its page, in its finish; the second from its card among the search's results.
    await visit(page, `${baseUrl}/product/${first.slug}`);
    await page.getByRole('button', { name: exactly(`Save ${first.name}${first.finishes[0] ? ` in ${first.finishes[0]}` : ''} for later`) }).click();
    await page.getByRole('button', { name: `${first.name} is saved`, pressed: true, disabled: false }).waitFor();
    await visit(page, `${baseUrl}/search?q=${encodeURIComponent(second.name)}`);
    await page.getByRole('button', { name: exactly(`Save ${second.name} for later`), pressed: false }).click();
    await page.getByRole('button', { name: `${second.name} is saved`, pressed: true, disabled: false }).waitFor();
    await screenshot(page, 'saved-hearts-375');

    // Back on the first piece's page (a page kept for every shopper with her facts, her saved pieces among them):
    // her heart is full from the first byte, never drawn empty or neutral first.
    await visit(page, `${baseUrl}/product/${first.slug}`);
    await page.getByRole('button', { name: `${first.name} is saved`, pressed: true }).waitFor();
    const drawn = await hearts(first.slug);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn).toEqual(drawn.map(() => 'true'));

    // What the first paint shows, before any script: the same browser's cookies, its scripts off. Both pieces'
    // hearts are full on their pages and on their cards, and a piece she did not save has an empty one.
    const firstPaint = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    await firstPaint.addCookies(await page.context().cookies());
    const before = await firstPaint.newPage();
    for (const product of products) {
      await before.goto(`${baseUrl}/product/${product.slug}`);
      await before
        .getByRole('button', { name: `${product.name} is saved`, pressed: true })
        .first()
        .waitFor();
      await before.goto(`${baseUrl}/search?q=${encodeURIComponent(product.name)}`);
      await before.getByRole('button', { name: `${product.name} is saved`, pressed: true }).waitFor();
    }
    // (The screenshot helper scrolls with the page's scripts: without them, the first screen as it is.)
    if (SCREENSHOT_DIR) await before.screenshot({ path: path.join(SCREENSHOT_DIR, 'saved-hearts-first-paint-375.png') });
    const unsaved = ((await (await fetch(`${baseUrl}/api/products/?in_stock=true&limit=20`)).json()) as Product[])[5]!;
    await before.goto(`${baseUrl}/product/${unsaved.slug}`);
    await before.getByRole('button', { name: new RegExp(`^Save ${escaped(unsaved.name)}( in .*)? for later$`), pressed: false }).waitFor();

    // Without scripts the product page's heart is a form: it lands on the saved pieces.
    const plain = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    const noScript = await plain.newPage();
    await noScript.goto(`${baseUrl}/product/${second.slug}`);
    await noScript
      .getByRole('button', { name: new RegExp(`^Save ${second.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( in .*)? for later$`) })
      .click();
    await noScript.getByText(`${second.name} is saved.`).waitFor();
    await noScript.getByRole('list', { name: 'Saved pieces' }).getByRole('link', { name: second.name }).waitFor();
    await plain.close();

    await visit(page, `${baseUrl}/login?next=/saved`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Saved pieces' }).waitFor();
    const list = page.getByRole('list', { name: 'Saved pieces' });
    for (const product of products) await list.getByRole('link', { name: product.name }).waitFor();
    // Signed in, her pieces moved to her account: their hearts are full before any script too.
    await firstPaint.clearCookies();
    await firstPaint.addCookies(await page.context().cookies());
    await before.goto(`${baseUrl}/product/${second.slug}`);
    await before
      .getByRole('button', { name: `${second.name} is saved`, pressed: true })
      .first()
      .waitFor();
    await firstPaint.close();
    await screenshot(page, 'saved-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'saved-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await list.getByRole('button', { name: `Move ${products[0]!.name} to the cart` }).click();
    await page.getByText(`${products[0]!.name} is in your cart.`).waitFor();
    await list.getByRole('link', { name: products[0]!.name }).waitFor({ state: 'detached' });
    await visit(page, `${baseUrl}/cart`);
    await page.getByText(products[0]!.name).first().waitFor();
    expect(errors).toEqual([]);
  });
  it('a heart on the home page’s card saves the piece; pressed again it lets it go: the Saved page no longer lists it, after a reload too', async () => {
    const { page, errors } = await phone();
    await visit(page, `${baseUrl}/`);
    const newIn = page.getByRole('region', { name: 'New In' });
    // The home page's hearts are drawn once her saved pieces are known: none is neutral, none pressed yet.
    const first = newIn.getByRole('button', { name: /^Save .+ for later$/, pressed: false }).first();
    const name = (await first.getAttribute('aria-label'))!.replace(/^Save /, '').replace(/ for later$/, '');
    await first.click();
    // Pressed at once, and enabled again once the shop has answered.
    await newIn.getByRole('button', { name: `${name} is saved`, pressed: true, disabled: false }).waitFor();
    await visit(page, `${baseUrl}/saved`);
    await page.getByRole('list', { name: 'Saved pieces' }).getByRole('link', { name }).waitFor();

    // Back on the home page (a kept page): her heart is full, in the HTML before any script runs (she has saved a
    // piece, so the home page's cards carry their hearts); pressed, it empties and the piece leaves Saved.
    const firstPaint = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    await firstPaint.addCookies(await page.context().cookies());
    const before = await firstPaint.newPage();
    await before.goto(`${baseUrl}/`);
    await before
      .getByRole('region', { name: 'New In' })
      .getByRole('button', { name: `${name} is saved`, pressed: true })
      .first()
      .waitFor();
    await visit(page, `${baseUrl}/`);
    const saved = newIn.getByRole('button', { name: `${name} is saved`, pressed: true });
    await saved.click();
    await newIn.getByRole('button', { name: `Save ${name} for later`, pressed: false, disabled: false }).waitFor();
    await screenshot(page, 'home-heart-unsaved-375');
    await visit(page, `${baseUrl}/saved`);
    await page.getByText('Nothing saved yet.', { exact: false }).waitFor();
    await reload(page);
    await page.getByText('Nothing saved yet.', { exact: false }).waitFor();
    await visit(page, `${baseUrl}/`);
    await newIn.getByRole('button', { name: `Save ${name} for later`, pressed: false }).waitFor();
    expect(await newIn.getByRole('button', { name: `${name} is saved` }).count()).toBe(0);
    // Let go, before any script: no card of hers is full (she has saved nothing, so the home page's cards draw
    // their hearts once live), and the piece's own page shows its heart empty.
    await before.goto(`${baseUrl}/`);
    expect(await before.getByRole('button', { name: `${name} is saved` }).count()).toBe(0);
    await before.getByRole('region', { name: 'New In' }).getByRole('link', { name }).first().click();
    await before.getByRole('button', { name: new RegExp(`^Save ${escaped(name)}( in .*)? for later$`), pressed: false }).waitFor();
    await firstPaint.close();
    expect(errors).toEqual([]);
  });
});
