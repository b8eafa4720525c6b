import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, watchConsole, visit } from '../support/browser';
import { startFakeGoogle } from '../support/fake-google';
import { startShop, type ShopProcess } from '../support/server-process';

const CLIENT_ID = 'teakwood-test.apps.googleusercontent.com';
const GIS_SRC = 'https://accounts.google.com/gsi/client';

let browser: Browser;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let shop: ShopProcess;

// A shop of its own (a copy of the demo shop), configured for Google sign-in against a fake Google on 127.0.0.1.
beforeAll(async () => {
  google = await startFakeGoogle();
  shop = await startShop({ from: inject('seededDataDir'), env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_API_BASE: google.url } });
  browser = await launchBrowser();
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await google?.close();
});

/**
 * Stands in for Google's script (the test machine has no way out): the same global API, whose pop-up
 * answers at once with the given access token, or with an error when there is none.
 */
async function fakeGoogleScript(page: Page, accessToken: string | null, arrives: Promise<void> = Promise.resolve()) {
  await page.route(GIS_SRC, async (route) => {
    await arrives;
    await route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { oauth2: { initTokenClient(config) {
        return { requestAccessToken() {
          setTimeout(() => ${accessToken ? `config.callback({ access_token: ${JSON.stringify(accessToken)} })` : `config.error_callback({ type: 'popup_closed' })`}, 50);
        } };
      } } } };`,
    });
  });
}

/** Google's script has run: a click now opens its pop-up rather than finding it still on its way. */
const googleReady = (page: Page) => page.waitForFunction(() => 'google' in window);

describe('signing in with Google', () => {
  it('creates the account on the first visit, logs in, and shows the shopper’s name', async () => {
    const email = `nila.${Date.now()}@example.in`;
    google.tokens.set('ya29.browser-story', {
      aud: CLIENT_ID,
      sub: `g-${Date.now()}`,
      email,
      email_verified: true,
      exp: Math.floor(Date.now() / 1000) + 600,
      name: 'Nila',
    });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = watchConsole(page);
    await fakeGoogleScript(page, 'ya29.browser-story');
    await visit(page, `${shop.baseUrl}/login`);
    // The page asks for Google's script only because sign-in with Google is configured.
    await page.locator(`script[src="${GIS_SRC}"]`).waitFor({ state: 'attached' });
    await googleReady(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${shop.baseUrl}/`);
    // The home page streams its product rows in after the navigation; open the menu once it has settled.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByText(/^Hi nila/i)
      .waitFor();
    // The browser session (its HttpOnly cookie) is the account just made, for the pages and the API alike.
    const profile = await page.evaluate(async () => {
      const res = await fetch('/api/profile/');
      return (await res.json()) as { email: string };
    });
    expect(profile.email).toBe(email);
    expect((await page.context().cookies()).find((c) => c.name === 'session')?.httpOnly).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says so when the pop-up is closed, when Google refuses the token, and when Google cannot be reached', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await fakeGoogleScript(page, null);
    await visit(page, `${shop.baseUrl}/signup`);
    await googleReady(page);
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await page.getByText('Google signup was cancelled or failed').waitFor();
    await page.close();

    // A token Google does not know: our server refuses it and the page says the log-in failed.
    const refused = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await fakeGoogleScript(refused, 'ya29.unknown');
    await visit(refused, `${shop.baseUrl}/login`);
    await googleReady(refused);
    await refused.getByRole('button', { name: 'Continue with Google' }).click();
    await refused.getByText(/^Google login failed/).waitFor();
    // No session was opened.
    expect((await refused.context().cookies()).filter((c) => c.name === 'session')).toEqual([]);
    await refused.close();

    // Offline: Google's script never arrives; the page still works and the button explains.
    const offline = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await offline.route(GIS_SRC, (route) => route.abort('internetdisconnected'));
    await visit(offline, `${shop.baseUrl}/login`);
    await offline.getByRole('button', { name: 'Continue with Google' }).click();
    await offline.getByText(/^Google login failed/).waitFor();
    await expect(offline.getByLabel('Email').isEditable()).resolves.toBe(true);
    await offline.close();
  });

  it('a tap before Google’s script has arrived waits for it, and does not say that the sign-in failed', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    let arrive = () => {};
    await fakeGoogleScript(page, null, new Promise<void>((resolve) => (arrive = resolve)));
    await visit(page, `${shop.baseUrl}/signup`);
    // The page has asked for Google's script, which is still on its way.
    await page.locator(`script[src="${GIS_SRC}"]`).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await page.getByRole('button', { name: 'Waiting for Google…' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    // The script arrives: the tap goes on to Google's pop-up, which this shopper closes.
    arrive();
    await page.getByText('Google signup was cancelled or failed').waitFor();
    await expect(page.getByRole('button', { name: 'Sign up with Google' }).isEnabled()).resolves.toBe(true);
    await page.close();
  });

  it('a shopper who signs in with Google confirms with Google to change the e-mail on the profile', async () => {
    const stamp = Date.now();
    const email = `gita.${stamp}@example.in`;
    const claims = { aud: CLIENT_ID, sub: `g-gita-${stamp}`, email, email_verified: true, exp: Math.floor(Date.now() / 1000) + 600, name: 'Gita' };
    google.tokens.set('ya29.gita', claims);
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await fakeGoogleScript(page, 'ya29.gita');
    await visit(page, `${shop.baseUrl}/login?next=%2Fprofile`);
    await googleReady(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(`${shop.baseUrl}/profile`);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Personal details' });
    await form.getByLabel('First name').fill('Gita');
    await form.getByLabel('Last name').fill('Rao');
    await form.getByLabel('Phone number').fill('+91 98765 43210');
    await form.getByLabel('Date of birth').fill('1991-06-01');
    await form.getByLabel('Address').fill('7 Temple Road');
    await form.getByLabel('City').fill('Mysuru');
    await form.getByLabel('PIN code').fill('570001');
    const newEmail = `gita.new.${stamp}@example.in`;
    await form.getByLabel('Email').fill(newEmail);
    // No password to ask for: a fresh Google sign-in of this account is the proof.
    expect(await form.getByLabel('Current password').count()).toBe(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Sign in with Google again to change your e-mail address.').waitFor();
    await form.getByRole('button', { name: 'Confirm with Google' }).click();
    await page.getByRole('status').filter({ hasText: 'Profile updated successfully' }).waitFor();
    await page.getByRole('region', { name: 'Personal details' }).getByText(newEmail, { exact: true }).waitFor();
    await page.close();
  });
});
