import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { ownAddress } from './addresses';

/**
 * Debian's Chromium for the stories: its headless shell (`chromium-headless-shell`, the same build's browser without
 * a window, the one Playwright drives for headless runs) where it is installed, else the browser itself. The shell
 * runs the same Blink and V8; the stories took 687 s of processor with the browser and 386 with the shell, because
 * the browser keeps a compositor, a GPU process and a browser UI busy for a window nobody sees (decision 0062).
 */
export const CHROMIUM_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_BROWSER = '/usr/bin/chromium';
export const CHROMIUM = existsSync(CHROMIUM_SHELL) ? CHROMIUM_SHELL : CHROMIUM_BROWSER;

/** Set SCREENSHOT_DIR to a folder to keep full-page pictures of the pages the stories visit, for a look by eye. */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/** Keeps a full-page picture named `name` when SCREENSHOT_DIR is set; does nothing otherwise. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Sections below the first screen are drawn only as they come near the viewport (content-visibility,
  // decision 0009); a full-page capture draws beyond it, so it shows each as a visitor scrolling would see it.
  const style = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  // Lazy pictures load as they come near the viewport: scroll down the page once, as a visitor would, and
  // wait for them before the capture.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
    const pending = Array.from(document.images).filter((image) => !image.complete);
    await Promise.all(
      pending.map(
        (image) =>
          new Promise((resolve) => {
            image.addEventListener('load', resolve, { once: true });
            image.addEventListener('error', resolve, { once: true });
            setTimeout(resolve, 5000);
          }),
      ),
    );
  });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  await style.evaluate((node) => (node as Element).remove());
}

/**
 * Opens a page the way a visitor does and waits until it is interactive. The server's HTML is whole at once,
 * but its scripts start only after the first paint (decision 0009): controls that need them (add to cart,
 * carousels, forms) work once React has hydrated the page, which the root marks on <html data-hydrated>.
 */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/** Reloads a page and waits until it is interactive again (see visit). */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await hydrated(page);
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/**
 * Debian's Chromium (its headless shell where installed), with the flags that keep it off the network. Each of its contexts (and each page
 * opened with `browser.newPage`) is a visitor from an address of her own (X-Forwarded-For, which the shared shop
 * trusts), unless the story gives one: no two stories share a per-address limit, whatever their order and speed.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launch();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) =>
    newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': ownAddress(), ...options.extraHTTPHeaders } });
  return browser;
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Collects console errors and failed page errors, so a test can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  // A Content-Security-Policy violation that code catches (a probe for eval, say) never reaches the console,
  // only Chrome's Issues panel: report each one as an error too.
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`);
    });
  });
  return errors;
}

/**
 * Signs a browser context in as a user would, through the log-in page's form (a plain POST to /login): the
 * session's HttpOnly cookie lands in the context's cookie jar, shared by its pages.
 */
export async function signIn(context: BrowserContext, baseUrl: string, user: { email: string; password: string }): Promise<void> {
  // From an address of its own (the e2e shop trusts the proxy header): a whole run's log-ins from one address would
  // meet the log-in limit of 60 in 5 minutes, sooner the faster the run.
  const res = await context.request.post(`${baseUrl}/login`, {
    form: { email: user.email, password: user.password },
    headers: { 'x-forwarded-for': ownAddress() },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`log-in failed with ${res.status()}: ${(await res.text()).slice(0, 200)}`);
}
