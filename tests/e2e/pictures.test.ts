import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { finishSlug } from '../../contract/finishes';
import { launchBrowser, screenshot, visit, watchConsole } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Sums the page's layout shifts (as CLS counts them: not those right after input) from the first paint on. */
const COUNT_SHIFTS = `
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function open(path: string, width: number, touch = false): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 }, hasTouch: touch, isMobile: touch });
  const page = await context.newPage();
  await page.addInitScript(COUNT_SHIFTS);
  const errors = watchConsole(page);
  const res = await visit(page, `${baseUrl}${path}`);
  expect(res?.status(), path).toBe(200);
  return { page, errors };
}

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift);

async function pixels(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(200, 150, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

const mainPicture = (page: Page) => page.getByRole('button', { name: /^Enlarge picture/ }).locator('img');

async function shownInFinish(page: Page, finish: string): Promise<void> {
  await page.waitForFunction((slug) => {
    const img = document.querySelector<HTMLImageElement>('button[aria-label^="Enlarge picture"] img');
    return !!img && img.complete && img.naturalWidth > 0 && img.currentSrc.includes(`-front-${slug}-`);
  }, finishSlug(finish));
}

describe('pictures that sell', () => {
  for (const width of [375, 1280]) {
    it(`a shopper chooses each finish of the canopy bed and sees the piece in it (${width} px)`, async () => {
      const { page, errors } = await open('/product/pondy-canopy-bed', width);
      const product = (await (await fetch(`${baseUrl}/api/products/pondy-canopy-bed/`)).json()) as { finishes: string[] };
      expect(product.finishes.length).toBeGreaterThan(3);
      await shownInFinish(page, product.finishes[0]!);
      let previous = await pixels(await mainPicture(page).screenshot());
      for (const [i, finish] of product.finishes.entries()) {
        if (i === 0) continue;
        const radio = page.getByRole('radio', { name: finish });
        if ((await page.locator('label', { hasText: finish }).count()) === 0) {
          await page.getByRole('button', { name: 'More finishes' }).click();
        }
        await page.locator('label', { hasText: finish }).click();
        await expect(radio.isChecked()).resolves.toBe(true);
        await shownInFinish(page, finish);
        const now = await pixels(await mainPicture(page).screenshot());
        expect(difference(previous, now), `${finish} looks like the finish before it`).toBeGreaterThan(1);
        previous = now;
      }
      await expect(mainPicture(page).getAttribute('alt')).resolves.toContain(`in ${product.finishes.at(-1)}`);
      // The size drawing: length, breadth and height in cm beside a door (the bed is taller than a person).
      await page.getByRole('img', { name: /drawn to scale: 200 cm long, 215 cm deep and 210 cm high, beside a door/ }).waitFor();
      await screenshot(page, `pictures-canopy-bed-${width}`);
      expect(await layoutShift(page)).toBeLessThan(0.01);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('a shopper zooms the gallery with the keyboard, and nothing on the page moves', async () => {
    const { page, errors } = await open('/product/kanchi-three-door-wardrobe', 1280);
    const enlarge = page.getByRole('button', { name: /^Enlarge picture 1 of/ });
    await enlarge.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Kanchi Three Door Wardrobe pictures' });
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'Close' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('+');
    await dialog.getByText(/Picture 1 of \d+, zoomed 150%/).waitFor();
    await page.keyboard.press('+');
    await dialog.getByText(/zoomed 225%/).waitFor();
    await page.keyboard.press('0');
    await dialog.getByText(/^Picture 1 of \d+$/).waitFor();
    await page.keyboard.press('ArrowRight');
    await dialog.getByText(/^Picture 2 of \d+$/).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByRole('button', { name: /^Enlarge picture 2 of/ }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    // On a desktop, the main picture is magnified under the mouse, inside its own frame.
    const frame = page.getByRole('button', { name: /^Enlarge picture/ });
    const box = (await frame.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.4);
    await expect(mainPicture(page).evaluate((el) => getComputedStyle(el).transform)).resolves.not.toBe('none');
    expect(await frame.boundingBox()).toEqual(box);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a shopper on a phone taps the gallery’s arrow twice before the scripts have started, and the page answers both once they have', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    // The page's scripts are held back until the taps are made: a slow phone, a slow connection.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/product/kaveri-three-seater-sofa`, { waitUntil: 'domcontentloaded' });
    const next = page.getByRole('button', { name: 'Next picture' });
    await next.waitFor();
    await next.tap();
    await next.tap();
    // Nothing can answer yet: the first picture is still shown, and the page is not hydrated.
    await expect(page.locator('html[data-hydrated]').count()).resolves.toBe(0);
    await page.getByRole('button', { name: /^Enlarge picture 1 of/ }).waitFor();
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    // Once the scripts have taken over, both taps are answered, in order: the third picture.
    await page.getByRole('button', { name: /^Enlarge picture 3 of/ }).waitFor();
    // A tap after hydration is answered at once, and only once.
    await next.tap();
    await page.getByRole('button', { name: /^Enlarge picture 4 of/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a shopper on a phone pinches the enlarged picture to zoom in', async () => {
    const { page, errors } = await open('/product/shanti-floor-mandir', 375, true);
    await page.getByRole('button', { name: /^Enlarge picture 1 of/ }).tap();
    const dialog = page.getByRole('dialog', { name: 'Shanti Floor Mandir pictures' });
    await dialog.waitFor();
    const frame = dialog.locator('[data-zoom]');
    const b = (await frame.boundingBox())!;
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: cx - spread, y: cy, id: 1 },
                { x: cx + spread, y: cy, id: 2 },
              ],
      });
    await touch('touchStart', 20);
    for (const spread of [30, 45, 60, 70]) await touch('touchMove', spread);
    await touch('touchEnd', 70);
    await expect.poll(async () => Number(await frame.getAttribute('data-zoom')), { timeout: 5000 }).toBeGreaterThan(2);
    await dialog.getByText(/zoomed \d+%/).waitFor();
    await screenshot(page, 'pictures-pinch-375');
    await dialog.getByRole('button', { name: 'Zoom out' }).tap();
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.runIf(Boolean(process.env.SCREENSHOT_DIR))(
    'pictures of five products side by side',
    async () => {
      for (const width of [375, 1280]) {
        for (const slug of ['pondy-canopy-bed', 'besant-lounge-chair', 'kovalam-drawer-bed', 'karaikudi-sideboard', 'gopura-grand-mandir']) {
          const { page } = await open(`/product/${slug}`, width);
          await screenshot(page, `pictures-${slug}-${width}`);
          await page.context().close();
        }
      }
    },
    300_000,
  );
});
