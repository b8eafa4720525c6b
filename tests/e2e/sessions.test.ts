import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn, visit } from '../support/browser';
import { ownAddress } from '../support/customers';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function newCustomer() {
  const username = `sess${unique()}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Session2026' };
  const res = await fetch(`${baseUrl}/api/user/register/`, {
    method: 'POST',
    // A client address of its own: the shop's sign-up limit is per address, and the run's stories share one shop.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ownAddress() },
    body: JSON.stringify({ ...user, password2: user.password }),
  });
  expect(res.status).toBe(201);
  return user;
}

/** Logs in through the log-in page's form, as a browser without scripts would: the answer and its cookie. */
async function logInByForm(user: { email: string; password: string }, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/login?next=%2Fprofile`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ email: user.email, password: user.password }),
  });
}

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;

async function profilePage(cookie: string) {
  return fetch(`${baseUrl}/profile`, { headers: { cookie }, redirect: 'manual' });
}

describe('the browser session', () => {
  it('is an HttpOnly, SameSite=Lax cookie for the whole site that lasts at most 30 days, and the web app stores no token', async () => {
    const user = await newCustomer();
    const res = await logInByForm(user);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/profile');
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^session=[^;]+/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(setCookie)?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
    // The test shop runs on http://127.0.0.1: no Secure flag (nor the __Host- prefix, which needs it) here.
    expect(setCookie).not.toMatch(/; Secure/i);

    // The signed-in page is rendered on the server with the user's name, and kept out of shared caches.
    const page = await profilePage(cookieOf(setCookie));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(new RegExp(`Hi (<!-- -->)?${user.username}`));
    expect(page.headers.get('cache-control')).toBe('private, no-store');

    // In a browser: after logging in, no token is left in local or session storage.
    const context = await browser.newContext();
    const tab = await context.newPage();
    await visit(tab, `${baseUrl}/login`);
    await tab.getByLabel('Email').fill(user.email);
    await tab.getByLabel('Password', { exact: true }).fill(user.password);
    await tab.getByRole('button', { name: 'Login' }).click();
    await tab.getByRole('link', { name: `Hi ${user.username}` }).waitFor();
    const stored = await tab.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);
    expect(stored).not.toMatch(/"(access|refresh)"/);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await tab.evaluate(() => document.cookie)).not.toContain('session=');
    await context.close();
  });

  it('sends a visitor who opens a signed-in page to log in with the way back, from the server and without a flash', async () => {
    const res = await fetch(`${baseUrl}/orderdetails?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Forderdetails%3Fx%3D1');
    const customer = await newCustomer();
    const cookie = cookieOf((await logInByForm(customer)).headers.get('set-cookie')!);
    const dashboard = await fetch(`${baseUrl}/dashboard`, { headers: { cookie }, redirect: 'manual' });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get('location')).toBe('/');
  });

  it('refuses a log-in form posted from another site, and a cookie-carrying API change sent from another site', async () => {
    const user = await newCustomer();
    const forged = await logInByForm(user, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.headers.get('set-cookie')).toBeNull();
    expect(await forged.text()).toMatch(/must be sent from the shop’s own pages/);
    const fetchSite = await logInByForm(user, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.status).toBe(403);

    const cookie = cookieOf((await logInByForm(user)).headers.get('set-cookie')!);
    const change = await fetch(`${baseUrl}/api/profile/`, {
      method: 'PATCH',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Mallory' }),
    });
    expect(change.status).toBe(403);
    const profile = (await (await fetch(`${baseUrl}/api/profile/`, { headers: { cookie } })).json()) as { first_name: string };
    expect(profile.first_name).not.toBe('Mallory');
    // The same change from the shop's own page is made.
    const own = await fetch(`${baseUrl}/api/profile/`, {
      method: 'PATCH',
      headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Meera' }),
    });
    expect(own.status).toBe(200);
  });

  it('log-out from one browser ends that session only; the other browser stays signed in', async () => {
    const user = await newCustomer();
    const first = cookieOf((await logInByForm(user)).headers.get('set-cookie')!);
    const second = cookieOf((await logInByForm(user)).headers.get('set-cookie')!);
    expect(first).not.toBe(second);

    const out = await fetch(`${baseUrl}/logout`, { method: 'POST', headers: { cookie: first }, redirect: 'manual' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect(out.headers.get('set-cookie')).toMatch(/^session=; .*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);

    // The old cookie, replayed, no longer signs anyone in (the session row is ended on the server).
    expect((await profilePage(first)).status).toBe(302);
    expect((await fetch(`${baseUrl}/api/profile/`, { headers: { cookie: first } })).status).toBe(401);
    expect((await profilePage(second)).status).toBe(200);
  });

  it('a password change from the API ends every browser session of the account', async () => {
    const user = await newCustomer();
    const cookie = cookieOf((await logInByForm(user)).headers.get('set-cookie')!);
    const tokens = (await (
      await fetch(`${baseUrl}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      })
    ).json()) as { access: string };
    const changed = await fetch(`${baseUrl}/api/change-password/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ old_password: user.password, new_password: 'Teak#Changed2026!' }),
    });
    expect(changed.status).toBe(204);
    const after = await profilePage(cookie);
    expect(after.status).toBe(302);
    // The dead cookie is cleared as the visitor is sent to log in.
    expect(after.headers.get('set-cookie')).toMatch(/^session=;/);
  });

  it('keeps the Bearer API for a client that never touches cookies', async () => {
    const user = await newCustomer();
    const pair = (await (
      await fetch(`${baseUrl}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      })
    ).json()) as { access: string; refresh: string };
    const profile = await fetch(`${baseUrl}/api/profile/`, { headers: { authorization: `Bearer ${pair.access}` } });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('set-cookie')).toBeNull();
    expect(((await profile.json()) as { username: string }).username).toBe(user.username);
    const refreshed = await fetch(`${baseUrl}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: pair.refresh }),
    });
    expect(refreshed.status).toBe(200);
    const change = await fetch(`${baseUrl}/api/profile/`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${pair.access}`, 'content-type': 'application/json', origin: 'https://another-client.example' },
      body: JSON.stringify({ first_name: 'Asha' }),
    });
    expect(change.status).toBe(200);
    const out = await fetch(`${baseUrl}/api/token/logout/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: pair.refresh }),
    });
    expect(out.status).toBe(204);
    expect((await fetch(`${baseUrl}/api/profile/`, { headers: { authorization: `Bearer ${pair.access}` } })).status).toBe(401);
  });

  it('a wrong password on the log-in page is a message on the page, and the form keeps the e-mail', async () => {
    const user = await newCustomer();
    const res = await logInByForm({ email: user.email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain('Invalid email or password');
    expect(html).toContain(`value="${user.email}"`);
  });
});

describe('signIn support', () => {
  it('signs a browser context in through the form', async () => {
    const user = await newCustomer();
    const context = await browser.newContext();
    await signIn(context, baseUrl, user);
    const page = await context.newPage();
    await visit(page, `${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await context.close();
  });
});
