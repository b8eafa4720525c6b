import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, signIn, visit, watchConsole } from '../support/browser';
import { startShop, type ShopProcess } from '../support/server-process';
import { ownAddress } from '../support/customers';

const baseUrl = inject('baseUrl');
const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
const BRAND_LINE = 'Crafted. Curated. Bespoke';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is drawn').not.toBeNull();
  return box!;
}

/** The element a finger lands on at the middle of `locator`, without any scrolling first: is it that element? */
async function tappable(page: Page, locator: Locator): Promise<boolean> {
  const box = await boxOf(locator);
  const viewport = page.viewportSize()!;
  if (box.y < 0 || box.y + box.height > viewport.height || box.x < 0 || box.x + box.width > viewport.width) return false;
  const handle = await locator.elementHandle();
  return page.evaluate(
    ([x, y, el]) => {
      const hit = document.elementFromPoint(x, y);
      return Boolean(hit && (el as Element).contains(hit));
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

/** Taps the middle of an element where it is, as a finger would (no scrolling into view, no retargeting). */
async function tap(page: Page, locator: Locator): Promise<void> {
  expect(await tappable(page, locator), 'the element can be reached by a finger').toBe(true);
  const box = await boxOf(locator);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

async function tokensOf(user: { email: string; password: string }): Promise<{ access: string; refresh: string }> {
  const res = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access: string; refresh: string };
}

async function newUser(): Promise<{ email: string; password: string; username: string }> {
  const username = `shopper${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Shell2026' };
  const res = await fetch(`${baseUrl}/api/user/register/`, {
    method: 'POST',
    // A client address of its own: the sign-up limit is per address, and the run's stories share one shop.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ownAddress() },
    body: JSON.stringify({ ...user, password2: user.password }),
  });
  expect(res.status).toBe(201);
  return user;
}

/** A browser (context) where the user is logged in, as after logging in there: the session cookie in its jar. */
async function signedInContext(user: { email: string; password: string }, width: number, height = 800): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
  await signIn(context, baseUrl, user);
  return context;
}

async function logInThroughTheForm(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

describe('the menu on a phone and a tablet', () => {
  for (const width of [375, 768]) {
    it(`at ${width} px opens over the whole screen, its Shop link takes the shopper to /shop, and a signed-in shopper logs out from it`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: true });
      const page = await context.newPage();
      const errors = watchConsole(page);
      await visit(page, baseUrl);
      await tap(page, page.getByRole('button', { name: 'Open menu' }));
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      const panel = await boxOf(menu.getByRole('navigation', { name: 'Mobile' }));
      expect(panel.height).toBeGreaterThanOrEqual(800 - 1);
      for (const name of ['Home', 'Shop', 'Ready to Ship', 'Design Solution', 'Bespoke Furniture', 'Login', 'Cart']) {
        expect(await tappable(page, menu.getByRole('link', { name, exact: true })), name).toBe(true);
      }
      await screenshot(page, `menu-open-${width}`);
      await tap(page, menu.getByRole('link', { name: 'Shop', exact: true }));
      await page.waitForURL(`${baseUrl}/shop`);
      await menu.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
      await context.close();

      const user = await newUser();
      const signedIn = await signedInContext(user, width);
      const shopper = await signedIn.newPage();
      await visit(shopper, `${baseUrl}/profile`);
      await shopper.getByRole('heading', { name: 'Personal details' }).waitFor();
      await tap(shopper, shopper.getByRole('button', { name: 'Open menu' }));
      const greeting = shopper.getByRole('dialog', { name: 'Menu' }).getByText(`Hi ${user.username}`);
      await greeting.waitFor();
      expect(await tappable(shopper, greeting)).toBe(true);
      await screenshot(shopper, `menu-open-signed-in-${width}`);
      await tap(shopper, shopper.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }));
      await shopper.getByRole('heading', { name: BRAND_LINE }).waitFor();
      expect(shopper.url()).toBe(`${baseUrl}/`);
      await signedIn.close();
    });
  }

  it('opens without JavaScript, and the home page is whole: New In and Best Sellers show their products', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(baseUrl);
    for (const title of ['New In', 'Best Sellers']) {
      const section = page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      expect(await section.getByRole('status').count(), `${title} has no loading placeholder`).toBe(0);
      expect(await section.locator('a[href^="/product/"]').count(), `${title} lists products`).toBeGreaterThan(0);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Shop', exact: true }).click();
    await page.waitForURL(`${baseUrl}/shop`);
    await context.close();
  });
});

describe('logging out', () => {
  it('from a signed-in page goes home, and the next person to log in on that browser is not sent to the previous user’s page', async () => {
    const context = await signedInContext(await newUser(), 1280, 900);
    const page = await context.newPage();
    await visit(page, `${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: BRAND_LINE }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await logInThroughTheForm(page, ADMIN);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await context.close();
  });
});

describe('the cart badge', () => {
  it('shows the user’s cart count at once on a second device, before the cart changes there', async () => {
    const user = await newUser();
    const { access } = await tokensOf(user);
    const products = (await (await fetch(`${baseUrl}/api/products/?limit=2`)).json()) as { id: number; in_stock: boolean }[];
    // The first device: a cart of 3 pieces, made by the logged-in user.
    const code = `FirstDevice${Date.now()}`.padEnd(32, 'x');
    for (const [product, quantity] of [
      [products[0]!, 2],
      [products[1]!, 1],
    ] as const) {
      const res = await fetch(`${baseUrl}/api/add_item/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
        body: JSON.stringify({ cart_code: code, product_id: product.id, quantity }),
      });
      expect(res.status, await res.text()).toBeLessThan(300);
    }
    // The second device: a browser that has never seen that cart, where the user has just logged in.
    const context = await signedInContext(user, 1280);
    const page = await context.newPage();
    await visit(page, baseUrl);
    await page.getByTestId('cart-badge').waitFor();
    await expect(page.getByTestId('cart-badge').textContent()).resolves.toBe('3');
    await expect(page.getByRole('link', { name: 'Cart, 3 items' }).count()).resolves.toBe(1);
    await context.close();
  });
});

describe('the home page', () => {
  it("'Services We Offer' shows its 3 slides side by side from 1025 px, and arrows wherever one is out of view", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, baseUrl);
    // Carousel arrows come with the live page (a transition after hydration): wait until the first ones show.
    await page.getByRole('button', { name: 'Previous Slide' }).first().waitFor();
    const services = page.getByRole('region', { name: 'Services We Offer' }).and(page.locator('[aria-roledescription="carousel"]'));
    await services.scrollIntoViewIfNeeded();
    const perView = () =>
      services
        .locator('ul')
        .first()
        .evaluate((el) => Math.round(el.clientWidth / (el.firstElementChild as HTMLElement).getBoundingClientRect().width));
    for (const [width, shown] of [
      [1280, 3],
      [1025, 3],
      [1024, 2],
      [768, 2],
      [767, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      expect(await perView(), `${width} px`).toBe(shown);
      const next = services.getByRole('button', { name: 'Next Slide' });
      expect(await next.isVisible(), `arrows at ${width} px`).toBe(shown < 3);
    }
    await screenshot(page, 'services-767');
    await page.close();
  });

  it('at 375 px keeps the carousel arrows off the slides, makes every arrow a 44 px target, and outlines the focused search box', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await visit(page, baseUrl);
    for (const name of ['Testimonials', 'New In', 'Shop by Furniture', 'Services We Offer']) {
      const carousel = page.getByRole('region', { name }).and(page.locator('[aria-roledescription="carousel"]'));
      await carousel.scrollIntoViewIfNeeded();
      // Measured at one moment: the page scrolls smoothly.
      const [track, ...arrows] = await carousel.evaluate((el) =>
        [el.querySelector('ul')!, ...el.querySelectorAll('button[aria-label$="Slide"]')].map((node) => {
          const r = node.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      expect(arrows, `${name} has its two arrows`).toHaveLength(2);
      for (const arrow of arrows) {
        expect(arrow.width, name).toBeGreaterThanOrEqual(44);
        expect(arrow.height, name).toBeGreaterThanOrEqual(44);
        expect(overlaps(arrow, track!), `${name}: an arrow sits on the slides`).toBe(false);
      }
    }
    await screenshot(page, 'home-375');

    const search = page.getByRole('combobox', { name: 'Search for your product' });
    await search.scrollIntoViewIfNeeded();
    await search.focus();
    const focus = await search.evaluate((el) => {
      const style = getComputedStyle(el);
      return { outline: style.outlineStyle, width: parseFloat(style.outlineWidth), shadow: style.boxShadow };
    });
    expect(focus.outline !== 'none' && focus.width >= 2 ? 'outline' : focus.shadow !== 'none' ? 'ring' : 'nothing').not.toBe('nothing');

    const [dining] = (await (await fetch(`${baseUrl}/api/products/?category=dinning&limit=1`)).json()) as { slug: string; finishes: string[] }[];
    expect(dining!.finishes.length).toBeGreaterThan(3);
    await visit(page, `${baseUrl}/product/${dining!.slug}`);
    for (const label of ['Previous finishes', 'More finishes']) {
      const arrow = await boxOf(page.getByRole('button', { name: label }));
      expect(arrow.width, label).toBeGreaterThanOrEqual(44);
      expect(arrow.height, label).toBeGreaterThanOrEqual(44);
    }
    await page.close();
  });
});

describe('the brand', () => {
  it('has its own mark (also the favicon), and no social links unless they are configured', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, baseUrl);
    const home = page.getByRole('banner').getByRole('link', { name: 'Teakwood Studio, home' });
    // The mark is drawn from the page's sprite: a reference to a drawing of several paths.
    const mark = await home.locator('svg use').getAttribute('href');
    expect(await page.locator(`symbol${mark} path`).count()).toBeGreaterThan(1);
    expect((await home.textContent())?.trim()).toBe('Teakwood Studio');
    const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
    const icon = await (await fetch(`${baseUrl}${favicon}`)).text();
    expect(icon).toContain(readFileSync('web/assets/favicon.svg', 'utf8').match(/<path d="([^"]+)"/)![1]);
    const footer = page.getByRole('contentinfo');
    for (const network of ['Instagram', 'Facebook', 'YouTube', 'Pinterest'])
      expect(await footer.getByRole('link', { name: network }).count()).toBe(0);
    await page.close();
  });

  describe('with social pages configured', () => {
    let shop: ShopProcess;
    beforeAll(async () => {
      // A copy of the demo shop: it opens at once, already migrated.
      shop = await startShop({
        from: inject('seededDataDir'),
        env: {
          SEED: 'false',
          SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/teakwoodstudio',
          SOCIAL_PINTEREST_URL: 'https://in.pinterest.com/teakwoodstudio/',
        },
      });
    }, 200_000);
    afterAll(() => shop?.stop());

    it('links the footer and the contact page to exactly those pages', async () => {
      const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
      for (const path of ['/', '/contact']) {
        await visit(page, `${shop.baseUrl}${path}`);
        const place = path === '/' ? page.getByRole('contentinfo') : page.getByRole('main');
        await expect(place.getByRole('link', { name: 'Instagram' }).getAttribute('href')).resolves.toBe('https://www.instagram.com/teakwoodstudio');
        await expect(place.getByRole('link', { name: 'Pinterest' }).getAttribute('href')).resolves.toBe('https://in.pinterest.com/teakwoodstudio/');
        expect(await place.getByRole('link', { name: 'Facebook' }).count()).toBe(0);
        expect(await place.getByRole('link', { name: 'YouTube' }).count()).toBe(0);
      }
      await visit(page, shop.baseUrl);
      await screenshot(page, 'footer-social-375');
      await page.close();
    });
  });
});

describe('scrolling between pages', () => {
  it('opens a new page at its top at once, and puts a page loaded again or gone back to where it was', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    const product = (await (await fetch(`${baseUrl}/api/products/?limit=1`)).json()) as { slug: string; name: string }[];
    await visit(page, `${baseUrl}/product/${product[0]!.slug}`);
    await hydrated();
    // A fresh visit's entry gets the key its position is saved under before the router starts.
    expect(await page.evaluate(() => (history.state as { key?: string } | null)?.key)).toMatch(/^[0-9a-v]+$/);

    // Reload, scrolled down: the page is there when its HTML has been read, before its scripts have run.
    await page.evaluate(() => scrollTo(0, 1200));
    await page.waitForFunction(() => scrollY === 1200);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { read: unknown[] }).read = [scrollY, document.documentElement.dataset.hydrated === undefined];
      });
    });
    await page.reload();
    await hydrated();
    expect(await page.evaluate(() => (window as unknown as { read: unknown[] }).read)).toEqual([1200, true]);
    expect(await page.evaluate(() => scrollY)).toBe(1200);

    // A related product at the bottom opens at the top of its page, without passing through the positions between.
    const related = page.getByRole('region', { name: 'Related Products' }).getByRole('link').first();
    await related.scrollIntoViewIfNeeded();
    const from = await page.evaluate(() => scrollY);
    expect(from).toBeGreaterThan(1200);
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      addEventListener('scroll', () => seen.push(scrollY));
    });
    await related.click();
    await page.waitForURL((url) => url.pathname !== `/product/${product[0]!.slug}`);
    await page.waitForFunction(() => scrollY === 0);
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    expect(
      seen.filter((y) => y > 0 && y < from),
      'no animated scroll up the new page',
    ).toEqual([]);

    // Back: where the shopper left the first page.
    await page.goBack();
    await page.waitForFunction((y) => scrollY === y, from);
    expect(errors).toEqual([]);
    await context.close();
  });
});
