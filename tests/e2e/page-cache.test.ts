import { createHash } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchConsole } from '../support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const sameEtag = (tag: string | null | undefined) => (tag ?? '').replace(/^W\//, '').replace(/-(br|gz)"$/, '"');

describe('a page from the shared page cache', () => {
  it('runs its own scripts under its policy (the page hydrates) and blocks a script injected into it', async () => {
    // Asked for again: the answer is the cached page, the same bytes for everyone.
    await (await fetch(`${baseUrl}/shop`)).arrayBuffer();
    const first = await fetch(`${baseUrl}/shop`);
    await first.arrayBuffer();
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // Weak only if the page is compressed on the way out, in an encoding it keeps no copy of.
    expect(first.headers.get('etag')).toMatch(/^(W\/)?"/);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchConsole(page);
    let etag: string | undefined;
    // An attacker's markup that got into the page: an inline script, without any nonce the policy names.
    await page.route(`${baseUrl}/shop`, async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      etag = headers.etag;
      delete headers['content-encoding'];
      delete headers['content-length'];
      const html = (await response.text()).replace('</body>', '<script>window.__injected = true;</script></body>');
      await route.fulfill({ status: response.status(), headers, body: html });
    });
    await page.goto(`${baseUrl}/shop`);
    // The page's own scripts ran: React took over the server's HTML.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(sameEtag(etag)).toBe(sameEtag(first.headers.get('etag')));
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    // The browser refused the injected script, and nothing else.
    const injectedHash = createHash('sha256').update('window.__injected = true;').digest('base64');
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/Content[- ]Security[- ]Policy/);
    expect(errors.some((e) => e.includes(injectedHash))).toBe(true);
    await page.close();
  });

  it('runs its scripts when the page comes by the quick path, sent again with the headers the host sent it with', async () => {
    // Each visit in a new context: no browser cache, so every visit is a whole answer of the shop.
    const visit = async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const response = (await page.goto(`${baseUrl}/faq`))!;
      return { context, page, errors, headers: response.headers() };
    };
    // Until the host has sent the brotli copy once; the visit after that is answered by the quick path.
    let byHost: Record<string, string> = {};
    await expect
      .poll(
        async () => {
          const seen = await visit();
          byHost = seen.headers;
          await seen.context.close();
          return byHost.etag ?? '';
        },
        { timeout: 10_000, interval: 50 },
      )
      .toMatch(/-br"$/);
    const quick = await visit();
    const lasting = (headers: Record<string, string>) => {
      const { 'x-request-id': _id, date: _date, ...rest } = headers;
      return rest;
    };
    expect(lasting(quick.headers)).toEqual(lasting(byHost));
    await quick.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await quick.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(quick.errors).toEqual([]);
    await quick.context.close();
  });
});
