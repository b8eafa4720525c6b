import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchConsole } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a visitor opens the shop', () => {
  it('sees the twelve categories with their pictures, with no console errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(page);
    const response = await page.goto(baseUrl);
    expect(response?.status()).toBe(200);
    const carousel = page.getByRole('region', { name: 'Shop by Furniture' }).and(page.locator('[aria-roledescription="carousel"]'));
    const links = carousel.getByRole('link');
    expect(await links.count()).toBe(12);
    await expect(links.first().getAttribute('href')).resolves.toBe('/Category/sofas');
    expect(await carousel.getByRole('link', { name: 'Wall Panels' }).count()).toBe(1);
    // Every category picture actually loads (they are lazy: bring them into view first).
    await carousel.scrollIntoViewIfNeeded();
    for (let i = 0; i < 3; i++) await carousel.getByRole('button', { name: 'Next Slide' }).click();
    await page.waitForFunction(
      () => {
        const region = document.querySelector('[aria-roledescription="carousel"][aria-label="Shop by Furniture"]');
        const imgs = Array.from(region?.querySelectorAll('img') ?? []);
        return imgs.length === 12 && imgs.some((i) => i.complete && i.naturalWidth > 0);
      },
      undefined,
      { timeout: 15_000 },
    );
    // The app hydrated: the mobile menu button works.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('server-renders the categories for clients without JavaScript', async () => {
    const res = await fetch(baseUrl);
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    for (const name of ['Sofas', 'Beds', 'Book Shelf', 'TV Units', 'Wall Panels', 'Paintings']) expect(html).toContain(name);
  });

  it('shows Page Not Found with a link home for an unknown page', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });
});
