import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchConsole, visit } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * Waits until the browser has drawn `count` more frames. Playwright polls on the browser's own animation frames,
 * which its clock leaves alone: whatever a timer the clock just fired changed (a dot lit, a figure counted on)
 * is then on screen, so a check that it did not happen can fail.
 */
function framesDrawn(page: Page, count = 3) {
  return page.waitForFunction((left) => --left.frames < 0, { frames: count });
}

/**
 * Waits until a carousel's track has held its place for ten drawn frames. A smooth scroll that a timer starts
 * shows from about the third frame after, then moves on every frame until it stops: a track that a timer moved
 * is seen where it came to rest.
 */
function trackAtRest(page: Page, label: string) {
  return page.waitForFunction(
    ({ label, seen }) => {
      const left = document.querySelector(`[aria-label="${label}"] ul`)?.scrollLeft ?? -1;
      seen.still = left === seen.left ? seen.still + 1 : 0;
      seen.left = left;
      return seen.still >= 10;
    },
    { label, seen: { left: -1, still: 0 } },
  );
}

describe('a visitor opens the shop', () => {
  it('sees the twelve categories with their pictures, with no console errors', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchConsole(page);
    const response = await visit(page, baseUrl);
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
    await (await fetch(baseUrl)).arrayBuffer();
    const res = await fetch(baseUrl);
    const html = await res.text();
    // A visitor's page comes from the shared page cache: its inline scripts are admitted by their hashes.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    for (const name of ['Sofas', 'Beds', 'Book Shelf', 'TV Units', 'Wall Panels', 'Paintings']) expect(html).toContain(name);
  });

  it('sends the first screen ahead of the scripts: pictures eager, scripts after the first paint, assets precompressed', async () => {
    const res = await fetch(baseUrl);
    const html = await res.text();
    const nonce = /<script nonce="([^"]+)" type="text\/plain"/.exec(html)![1]!;
    // No script is fetched from the head: React Router's module script comes inert, and the script after it
    // starts the preloads and the module after the first paint.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const inert = new RegExp(
      `<script nonce="${nonce.replace(/[+/=]/g, '\\$&')}" type="text/plain" id="hydrate-module">[^<]*</script><script nonce="`,
    );
    expect(html).toMatch(inert);
    const preloads = JSON.parse(/\((\["\/assets\/[^\]]+\]), "hydrate-module"\)/.exec(html)![1]!) as string[];
    expect(preloads.length).toBeGreaterThan(3);
    // The first hero picture opens a phone's first screen, the video cover and the home banner follow it (a
    // laptop's first screen holds all three); the hero's, the largest, comes first (high priority, preloaded),
    // the other two at low priority.
    const eager = [...html.matchAll(/<img [^>]*loading="eager"[^>]*>/g)].map((m) => [
      /src="([^"]+)"/.exec(m[0])![1],
      /fetchpriority="(\w+)"/i.exec(m[0])?.[1],
    ]);
    expect(eager).toEqual([
      [expect.stringContaining('/media/site/hero1'), 'high'],
      [expect.stringContaining('/media/site/workshop2'), 'low'],
      [expect.stringContaining('/media/banners/'), 'low'],
    ]);
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]*\/media\/site\/hero1[^>]*fetchPriority="high"/);
    // The two web fonts are preloaded from the shop's own origin (decision 0047), never a font host.
    const fontLinks = [...html.matchAll(/<link rel="preload" as="font"[^>]*>/g)].map((m) => m[0]);
    expect(fontLinks).toHaveLength(2);
    for (const link of fontLinks) expect(link).toMatch(/href="\/assets\/[^"]+\.woff2"[^>]*crossorigin="anonymous"/i);
    expect(html).toContain('₹');

    // In a browser: the first screen's pictures are asked for before any script, every preloaded script is
    // fetched, and the page becomes interactive under the policy without a console error.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchConsole(page);
    const requests: { url: string; type: string }[] = [];
    page.on('request', (request) => requests.push({ url: new URL(request.url()).pathname, type: request.resourceType() }));
    await visit(page, baseUrl);
    const firstScript = requests.findIndex((r) => r.type === 'script');
    for (const picture of ['/media/site/workshop2', '/media/banners/', '/media/site/hero1']) {
      const at = requests.findIndex((r) => r.type === 'image' && r.url.startsWith(picture));
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThan(firstScript);
    }
    const scripts = requests.filter((r) => r.type === 'script').map((r) => r.url);
    for (const script of preloads) expect(scripts).toContain(script);
    // The web fonts (web/lib/web-fonts.ts): the first page is drawn in them, fetched from this origin only.
    await page.evaluate(() => document.fonts.ready);
    const webFaces = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.weight === '400 700').map((f) => `${f.family.replaceAll('"', '')} ${f.status}`),
    );
    expect(webFaces).toEqual(['Inter Variable loaded', 'Fraunces Variable loaded']);
    const fonts = requests.filter((r) => r.type === 'font');
    expect(fonts).toHaveLength(2);
    for (const font of fonts) expect(font.url).toMatch(/^\/assets\/.+\.woff2$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();

    const script = preloads[0]!;
    const plain = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    const brotli = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes the body: the precompressed copy holds exactly the script.
    expect(await brotli.text()).toBe(await plain.text());
  });

  it('keeps serving when visitors leave in the middle of a page', async () => {
    // Each request reads the first bytes of the page, then hangs up while the rest is still streaming.
    const leave = () =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(`${baseUrl}/?left=${Math.random()}`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(err)));
      });
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 20 }, leave));
    const res = await fetch(baseUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Crafted. Curated. Bespoke');
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  });

  it('rotates the hero every 5 seconds with dots, and stops for reduced motion', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The page loads with time flowing; then time stands still and only the test moves it.
    await page.clock.install();
    await visit(page, baseUrl);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const hero = page.getByRole('region', { name: 'Featured rooms' });
    const dots = hero.getByRole('button', { name: /Show picture/ });
    expect(await dots.count()).toBe(4);
    await expect(dots.nth(0).getAttribute('aria-current')).resolves.toBe('true');
    await expect(hero.getByText('Crafted. Curated. Bespoke').isVisible()).resolves.toBe(true);
    await page.clock.runFor(5000);
    await page.waitForFunction(() => document.querySelectorAll('[aria-label="Featured rooms"] button')[1]?.getAttribute('aria-current') === 'true');
    await dots.nth(3).click();
    await expect(dots.nth(3).getAttribute('aria-current')).resolves.toBe('true');
    await page.close();

    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 900 } });
    await context.clock.install();
    const still = await context.newPage();
    await visit(still, baseUrl);
    // More than the hero's 5 seconds go by: with reduced motion, still the first picture.
    await still.clock.runFor(5600);
    await framesDrawn(still);
    await expect(
      still
        .getByRole('region', { name: 'Featured rooms' })
        .getByRole('button', { name: /Show picture 1/ })
        .getAttribute('aria-current'),
    ).resolves.toBe('true');
    await context.close();
  });

  it("counts the 'Why Choose us?' figures up from 0 once they are seen", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await visit(page, baseUrl);
    await page.waitForLoadState('networkidle');
    // Time stands still from here: the count moves only with the clock the test moves.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const counter = page.getByText('Happy Customers').locator('..').locator('p').first().locator('span[aria-hidden]');
    await page.getByRole('heading', { name: 'Why Choose us?' }).scrollIntoViewIfNeeded();
    await framesDrawn(page); // the figures are seen, and their count set going
    await page.clock.runFor(300);
    await framesDrawn(page);
    const early = Number((await counter.textContent())!.replace('+', ''));
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(1000);
    // Two seconds of counting, then exactly the target.
    await page.clock.runFor(2000);
    await page.waitForFunction(() => Array.from(document.querySelectorAll('span[aria-hidden]')).some((s) => s.textContent === '1000+'));
    await expect(counter.textContent()).resolves.toBe('1000+');
    for (const badge of [
      '100% Transparent Pricing',
      'End-to-End Project Management',
      '100% Satisfaction',
      'Quality Assurance',
      'Strong Design Solutions',
    ]) {
      expect(await page.getByText(badge, { exact: true }).count()).toBe(1);
    }
    await page.close();
  });

  it('moves carousels with arrows and keys, shows arrows only from 4 slides, and pauses on hover', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await visit(page, baseUrl);
    const carousel = (name: string) => page.getByRole('region', { name }).and(page.locator('[aria-roledescription="carousel"]'));
    // The arrows come with the live page (after hydration, as a transition): a dozen categories get both, once
    // they show; three services get none.
    const icons = carousel('Shop by Furniture');
    await icons.getByRole('button', { name: 'Previous Slide' }).waitFor();
    expect(await icons.getByRole('button', { name: 'Previous Slide' }).count()).toBe(1);
    expect(await carousel('Services We Offer').getByRole('button', { name: /Slide/ }).count()).toBe(0);
    const track = icons.locator('ul').first();
    const scrollLeft = () => track.evaluate((el) => el.scrollLeft);
    await icons.scrollIntoViewIfNeeded();
    await icons.hover(); // autoplay pauses while the pointer is over it
    await trackAtRest(page, 'Shop by Furniture');
    const start = await scrollLeft();
    // More than its 3 seconds between moves go by with the pointer over it: it stays where it was.
    await page.clock.runFor(3600);
    await trackAtRest(page, 'Shop by Furniture');
    expect(await scrollLeft()).toBe(start);
    await icons.getByRole('button', { name: 'Next Slide' }).click();
    await page.waitForFunction((s) => (document.querySelector('[aria-label="Shop by Furniture"] ul')?.scrollLeft ?? 0) > s, start);
    // Five slides at 1280 px.
    const widths = await track.evaluate((el) => [el.clientWidth, (el.firstElementChild as HTMLElement).getBoundingClientRect().width]);
    expect(Math.round(widths[0]! / widths[1]!)).toBe(5);
    await icons.getByRole('link').first().focus();
    const before = await scrollLeft();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((s) => (document.querySelector('[aria-label="Shop by Furniture"] ul')?.scrollLeft ?? 0) > s, before);
    await page.setViewportSize({ width: 375, height: 800 });
    const narrow = await track.evaluate((el) => [el.clientWidth, (el.firstElementChild as HTMLElement).getBoundingClientRect().width]);
    expect(Math.round(narrow[0]! / narrow[1]!)).toBe(2);
    await page.close();
  });

  it('suggests at most 5 products after a pause in typing, and closes the list when focus leaves', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/products/?search=')) searches.push(r.url());
    });
    await visit(page, baseUrl);
    await page.waitForLoadState('networkidle');
    const box = page.getByRole('combobox', { name: 'Search for your product' });
    await box.pressSequentially('teak', { delay: 60 });
    await page.getByRole('option').first().waitFor();
    expect(searches).toHaveLength(1); // one request, after the pause, not one per key
    expect(await page.getByRole('option').count()).toBeLessThanOrEqual(5);
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByRole('heading', { name: 'Shop by Furniture' }).click();
    await page.getByRole('listbox', { name: 'Suggestions' }).waitFor({ state: 'hidden' });
    await expect(box.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.close();
  });

  it('shows Page Not Found with a link home for an unknown page', async () => {
    const page = await browser.newPage();
    const response = await visit(page, `${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });
});
