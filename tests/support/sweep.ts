import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { visit, watchConsole } from './browser';

/**
 * Resolves once the page has asked for nothing new for `quietMs` and every request it made has been answered
 * (or has failed). Playwright's `networkidle` waits for each request's `loadingFinished`, which never comes for
 * the revalidation Chromium makes behind a response it served from its cache under `stale-while-revalidate`
 * (the shared pages' policy): with a warm cache that wait never ends.
 */
function quietNetwork(page: Page, quietMs = 500, timeout = 30_000): () => Promise<void> {
  const open = new Set<unknown>();
  let last = Date.now();
  const started = (r: unknown) => {
    open.add(r);
    last = Date.now();
  };
  const answered = (r: unknown) => {
    open.delete(r);
    last = Date.now();
  };
  page.on('request', started);
  page.on('response', (res) => answered(res.request()));
  page.on('requestfailed', answered);
  return async () => {
    const deadline = Date.now() + timeout;
    while (open.size > 0 || Date.now() - last < quietMs) {
      if (Date.now() > deadline) throw new Error(`the network was not quiet within ${timeout} ms (${open.size} requests unanswered)`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/**
 * Opens every page at each width as a visitor would, and checks that it answers 200, logs no console error
 * once its network is quiet, and does not scroll sideways. At each width a few visitors (browser contexts)
 * share the pages out and open theirs one after another, as someone going through the shop does: their later
 * pages find the scripts, the stylesheet and the fonts in the browser's cache (the first page of each is a
 * first visit), and the sweep waits on several pages at once rather than one after another.
 */
export async function sweepPages(browser: Browser, baseUrl: string, paths: string[], widths = [375, 1280], visitors = 3): Promise<void> {
  for (const width of widths) {
    const left = [...paths];
    const visitor = async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        for (let path = left.shift(); path !== undefined; path = left.shift()) {
          const page = await context.newPage();
          const errors = watchConsole(page);
          const quiet = quietNetwork(page);
          const res = await visit(page, `${baseUrl}${path}`);
          expect(res?.status(), `${path} at ${width}px`).toBe(200);
          await quiet().catch((err: Error) => {
            throw new Error(`${path} at ${width}px: ${err.message}`);
          });
          expect(errors, `${path} at ${width}px`).toEqual([]);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(1);
          await page.close();
        }
      } finally {
        await context.close();
      }
    };
    await Promise.all(Array.from({ length: Math.min(visitors, paths.length) }, visitor));
  }
}
