import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Product } from '../../contract/catalog';
import { launchBrowser, signIn, watchConsole } from '../support/browser';

/**
 * A page whose data is all in goes out whole, in one piece with its length, to a person's browser too (decision
 * 0064), and still comes to life there. (The other stories' headless browser names itself, and is sent whole
 * pages as a crawler is.)
 */
const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let browser: Browser;
let phone: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  phone = await browser.newContext({ userAgent: PHONE, viewport: { width: 390, height: 844 } });
});
afterAll(() => browser?.close());

async function open(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const errors = watchConsole(page);
  const response = (await page.goto(`${baseUrl}${url}`))!;
  const headers = await response.allHeaders();
  // The page's scripts started after its first paint, and React took over the server's HTML.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { page, errors, headers, status: response.status() };
}

describe('a page rendered for a person’s browser', () => {
  it('goes out whole when nothing in it waits: a product page not kept yet, and the owner’s product list', async () => {
    const [product] = (await (await fetch(`${baseUrl}/api/products/?limit=1&ordering=-price`)).json()) as Product[];
    const shown = await open(phone, `/product/${product!.slug}?from=whole-pages-${Date.now()}`);
    expect(shown.status).toBe(200);
    expect(Number(shown.headers['content-length'])).toBeGreaterThan(0);
    expect(shown.headers['transfer-encoding']).toBeUndefined();
    await expect.poll(() => shown.page.getByRole('heading', { level: 1 }).textContent()).toBe(product!.name);
    expect(shown.errors).toEqual([]);
    await shown.page.close();

    const owner = await browser.newContext({ userAgent: PHONE, viewport: { width: 390, height: 844 } });
    await signIn(owner, baseUrl, ADMIN);
    const list = await open(owner, '/dashboard/products');
    expect(list.status).toBe(200);
    expect(Number(list.headers['content-length'])).toBeGreaterThan(0);
    expect(list.headers['transfer-encoding']).toBeUndefined();
    await list.page.getByRole('list', { name: 'Product list' }).getByRole('listitem').first().waitFor();
    expect(list.errors).toEqual([]);
    await owner.close();
  });
});
