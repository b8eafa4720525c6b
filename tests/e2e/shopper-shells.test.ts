import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn, watchConsole } from '../support/browser';

// A signed-in shopper's browsing pages come from the shoppers' shell, and her name, cart count and remembered
// pincode's window from `/personal` (decision 0036): at no moment does her header say Log in or show anyone
// else's name, and nothing on the page moves when her parts arrive.

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newShopper(): Promise<{ email: string; password: string; username: string }> {
  const username = `shell${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Shell2026' };
  const res = await fetch(`${baseUrl}/api/user/register/`, {
    method: 'POST',
    // A client address of its own: the sign-up limit is per address, and the run's stories share one shop.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
    body: JSON.stringify({ ...user, password2: user.password }),
  });
  expect(res.status).toBe(201);
  return user;
}

/** A signed-in browser whose cart holds `pieces` products and which remembers `pincode`. */
async function shopperContext(user: { email: string; password: string }, pieces: number, pincode: string, product: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await signIn(context, baseUrl, user);
  const list = (await (await fetch(`${baseUrl}/api/products/?limit=12`)).json()) as { id: number; in_stock: boolean; finishes?: string[] }[];
  for (const piece of list.filter((p) => p.in_stock).slice(0, pieces)) {
    const added = await context.request.post(`${baseUrl}/api/add_item/`, {
      data: { cart_code: `shellcart${pieces}`.padEnd(12, '0'), product_id: piece.id, quantity: 1, finish: piece.finishes?.[0] ?? '' },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const checked = await context.request.post(`${baseUrl}/product/${product}`, { form: { intent: 'pincode', pincode }, maxRedirects: 0 });
  expect(checked.status()).toBe(200);
  return context;
}

/**
 * Records, from before the page's first byte is parsed, every text the header shows (each change of it), and
 * sums the layout shifts not caused by the visitor.
 */
async function watchHeader(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { headerTexts: string[]; layoutShift: number };
    w.headerTexts = [];
    w.layoutShift = 0;
    const note = () => {
      const header = document.querySelector('header');
      if (!header) return;
      const text = header.innerText;
      if (w.headerTexts.at(-1) !== text) w.headerTexts.push(text);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

describe('a signed-in shopper’s pages from the shoppers’ shell', () => {
  let product: string;
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  it('never shows Log in or another shopper’s name in her header, and nothing moves as her parts arrive', async () => {
    product = ((await (await fetch(`${baseUrl}/api/products/?limit=1`)).json()) as { slug: string }[])[0]!.slug;
    const other = await newShopper();
    const her = await newShopper();
    // Another shopper goes first on the same pages, so the shells are made and kept before she comes.
    const otherContext = await shopperContext(other, 1, '110001', product);
    const herContext = await shopperContext(her, 2, '600004', product);
    contexts.push(otherContext, herContext);
    const pages = ['/', '/shop', `/product/${product}`];
    for (const url of pages) {
      const page = await otherContext.newPage();
      await page.goto(baseUrl + url);
      await page
        .getByRole('banner')
        .getByRole('link', { name: `Hi ${other.username}` })
        .waitFor();
      await page.close();
    }

    for (const url of pages) {
      const page = await herContext.newPage();
      const errors = watchConsole(page);
      await watchHeader(page);
      const response = await page.goto(baseUrl + url);
      expect(response?.headers()['cache-control'], url).toBe('private, no-cache');
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: `Hi ${her.username}` }).waitFor();
      await expect.poll(() => header.getByTestId('cart-badge').textContent()).toBe('2');
      if (url.startsWith('/product/')) {
        // Her remembered pincode's window, in the room kept for it.
        await page
          .getByRole('list', { name: 'Delivery methods' })
          .getByText(/600004/)
          .first()
          .waitFor();
        expect(
          await page
            .getByRole('list', { name: 'Delivery methods' })
            .getByText(/110001/)
            .count(),
        ).toBe(0);
      }
      // One more frame, so a shift caused by her parts is counted.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const { headerTexts, layoutShift } = await page.evaluate(() => {
        const w = window as unknown as { headerTexts: string[]; layoutShift: number };
        return { headerTexts: w.headerTexts, layoutShift: w.layoutShift };
      });
      expect(headerTexts.length, url).toBeGreaterThan(0);
      for (const text of headerTexts) {
        expect(text, `${url}: the header never offers Log in to her`).not.toMatch(/\bLogin\b/);
        expect(text, `${url}: the header never shows another shopper`).not.toContain(other.username);
      }
      expect(headerTexts.at(-1), url).toContain(`Hi ${her.username}`);
      expect(layoutShift, `${url}: layout shift`).toBeLessThanOrEqual(0.01);
      expect(errors, url).toEqual([]);
      await page.close();
    }
  });

  it('shows a visitor with a cart Log in from the first paint, and her cart count once read', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const list = (await (await fetch(`${baseUrl}/api/products/?limit=12`)).json()) as { id: number; in_stock: boolean; finishes?: string[] }[];
    const piece = list.find((p) => p.in_stock)!;
    // A guest's cart code cookie, as the product page's first ADD TO CART gives it.
    const added = await context.request.post(`${baseUrl}/api/add_item/`, {
      data: { cart_code: 'guestshell0001', product_id: piece.id, quantity: 3, finish: piece.finishes?.[0] ?? '' },
    });
    expect(added.status()).toBe(201);
    await context.addCookies([{ name: 'cart_code', value: Buffer.from(JSON.stringify('guestshell0001')).toString('base64'), url: baseUrl }]);
    const page = await context.newPage();
    await watchHeader(page);
    await page.goto(`${baseUrl}/shop`);
    const header = page.getByRole('banner');
    await expect.poll(() => header.getByTestId('cart-badge').textContent()).toBe('3');
    const headerTexts = await page.evaluate(() => (window as unknown as { headerTexts: string[] }).headerTexts);
    for (const text of headerTexts) expect(text).toMatch(/\bLogin\b/);
  });
});
