import sharp from 'sharp';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchBrowser, reload, signIn, visit, watchConsole } from '../support/browser';

/**
 * The shared shop of the run (behind a "proxy": TRUST_PROXY): each story is a client of an address of its own
 * (X-Forwarded-For, in a range no other file uses), so the sign-ups and limits of one story never use up
 * another's, nor another file's.
 */
const baseUrl = inject('baseUrl');
const base = baseUrl;
const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
const range = `10.203.${Math.floor(Math.random() * 250)}`;
let browser: Browser;
let address = '';
let stories = 0;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(() => {
  address = `${range}.${++stories}`;
});

const client = () => ({ 'x-forwarded-for': address });
const newContext = (options: BrowserContextOptions = {}) =>
  browser.newContext({ viewport: { width: 1280, height: 900 }, ...options, extraHTTPHeaders: client() });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A form as a browser without scripts sends it: url-encoded, to the page itself. */
function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}, to = base) {
  return fetch(`${to}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...client(), ...headers },
    body: new URLSearchParams(fields),
  });
}

function api(path: string, body: object, headers: Record<string, string> = {}, to = base) {
  return fetch(`${to}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...client(), ...headers },
    body: JSON.stringify(body),
  });
}

const apiToken = (user: { email: string; password: string }, to = base) => api('/api/token/', user, {}, to);

async function newCustomer() {
  const username = `form${unique()}`;
  const user = { username, email: `${username}@example.in`, password: 'Teak#Forms2026' };
  expect((await api('/api/user/register/', { ...user, password2: user.password })).status).toBe(201);
  const login = await post('/login', { email: user.email, password: user.password });
  expect(login.status).toBe(302);
  return { ...user, cookie: login.headers.get('set-cookie')!.split(';')[0]! };
}

/** The visible text of a page's HTML, tags and React's comment markers left out. */
const textOf = async (res: Response) =>
  (await res.text())
    .replace(/<!-- -->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

const count = (text: string, phrase: string) => text.split(phrase).length - 1;

describe('the forms work without JavaScript', () => {
  it('a visitor without JavaScript signs up, is sent to log in with the notice, and logs in', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const username = `nojs${unique()}`;
    const email = `${username}@example.in`;
    await page.goto(`${base}/signup`);
    // Showing the password needs the page's script: without it the toggle is there, disabled.
    await expect(page.getByRole('button', { name: 'Show password' }).first().isDisabled()).resolves.toBe(true);
    // A mistake first: the page answers from the server, per field, and keeps what was typed.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('teakwood');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Include at least one uppercase letter.').waitFor();
    await page.getByText('Please accept the Terms & Conditions to create an account.').waitFor();
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(username);
    await page.getByLabel('Password', { exact: true }).fill('Teak#Wood2026');
    await page.getByLabel('Re-enter password').fill('Teak#Wood2026');
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${base}/login?signup=done`);
    await page.getByText('Your account is ready. Please log in.').waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Teak#Wood2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/`);
    await page
      .getByRole('banner')
      .getByRole('link', { name: `Hi ${username}` })
      .first()
      .waitFor();
    await context.close();
  });

  it('a customer without JavaScript logs in, lands on the page asked for, and reads the profile', async () => {
    const user = await newCustomer();
    const context = await newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/profile`);
    await page.waitForURL(`${base}/login?next=%2Fprofile`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Pass2026');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/profile`);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await page.getByText(user.email).first().waitFor();

    // The details are edited and saved without scripts as well; a problem is shown under its field.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Personal details' });
    await form.getByLabel('First name').fill('Lata');
    await form.getByLabel('Last name').fill('Iyer');
    await form.getByLabel('Phone number').fill('12345');
    await form.getByLabel('Date of birth').fill('1990-01-02');
    await form.getByLabel('Address').fill('3 Beach Road');
    await form.getByLabel('City').fill('Puducherry');
    await form.getByLabel('PIN code').fill('605001');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a valid phone number (10–15 digits).').waitFor();
    await form.getByLabel('Phone number').fill('9876543210');
    await form.getByRole('button', { name: 'Save' }).click();
    const details = page.getByRole('region', { name: 'Personal details' });
    await details.getByText('Puducherry', { exact: true }).waitFor();
    await details.getByText('+919876543210').waitFor();
    await context.close();
  });

  it('a visitor without JavaScript sends feedback and reads the thanks', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/page#feedback`);
    await page.getByLabel('Your e-mail').fill('meera@example.in');
    await page.getByLabel('Your feedback').fill('The cot arrived on the day you promised.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Feedback sent successfully!').waitFor();
    await expect(page.getByLabel('Your feedback').inputValue()).resolves.toBe('');
    await context.close();
  });
});

describe('a browser session ended elsewhere', () => {
  it('a browser whose session was ended elsewhere is sent to log in on its next page, and the stale cookie is cleared', async () => {
    const user = await newCustomer();
    const context = await newContext();
    await signIn(context, base, user);
    const page = await context.newPage();
    const errors = watchConsole(page);
    await visit(page, `${base}/profile`);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    // The password is changed from another device (the API): every other session of the account ends.
    const tokens = (await (await apiToken(user)).json()) as { access: string };
    const changed = await api(
      '/api/change-password/',
      { old_password: user.password, new_password: 'Teak#Other2026' },
      { authorization: `Bearer ${tokens.access}` },
    );
    expect(changed.status).toBe(204);
    await reload(page);
    await page.waitForURL(`${base}/login?next=%2Fprofile`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).first().waitFor();
    expect((await context.cookies()).filter((c) => c.name === 'session')).toEqual([]);
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('the pages’ actions check every form on the server', () => {
  it('sign-up refuses each bad field with its message and makes no account', async () => {
    const username = `bad${unique()}`;
    const email = `${username}@example.in`;
    const empty = await post('/signup', {});
    expect(empty.status).toBe(400);
    const emptyText = await textOf(empty);
    expect(count(emptyText, 'This field is required.')).toBe(4);
    expect(emptyText).toContain('Please accept the Terms & Conditions to create an account.');

    const weak = await post('/signup', { username, email, password: 'qwerty', password2: 'qwertz', policy: 'on' });
    expect(weak.status).toBe(400);
    const weakText = await textOf(weak);
    for (const message of [
      'Password must be at least 8 characters.',
      'Password is too common.',
      'Include at least one uppercase letter.',
      'Passwords do not match!',
    ])
      expect(weakText).toContain(message);

    // The server's own rules beyond the schema: a password too like the username.
    const similar = await post('/signup', { username, email, password: `${username}#A1`, password2: `${username}#A1`, policy: 'on' });
    expect(similar.status).toBe(400);
    expect(await textOf(similar)).toContain('The password is too similar to the username or e-mail.');
    expect((await apiToken({ email, password: `${username}#A1` })).status).toBe(401);
    expect((await apiToken({ email, password: 'qwerty' })).status).toBe(401);
  });

  it('password reset pages refuse a missing e-mail, a weak password and a broken link, and change nothing', async () => {
    const user = await newCustomer();
    const forgot = await post('/forgot-password', { email: '' });
    expect(forgot.status).toBe(400);
    expect(await textOf(forgot)).toContain('Email is required.');

    const weak = await post('/reset-password?token=x', { token: 'x', password: 'short', password2: 'other' });
    expect(weak.status).toBe(400);
    const weakText = await textOf(weak);
    expect(weakText).toContain('Password must be at least 8 characters.');
    expect(weakText).toContain('Passwords do not match!');

    const broken = await post('/reset-password?token=not-a-token', { token: 'not-a-token', password: 'Teak#Reset2026', password2: 'Teak#Reset2026' });
    expect(broken.status).toBe(400);
    expect(await textOf(broken)).toContain('This reset link is invalid or has expired. Ask for a new one.');
    expect((await apiToken(user)).status).toBe(200);
  });

  it('the contact and feedback forms refuse a bad e-mail and an empty field, and store nothing', async () => {
    const stamp = unique();
    const contact = await post('/contact', { first_name: 'Anil', email: 'not-an-address', description: `Contact ${stamp}` }, {}, baseUrl);
    expect(contact.status).toBe(400);
    expect(await textOf(contact)).toContain('Enter a valid e-mail address.');
    const feedback = await post('/page', { user_email: 'anil@example.in', user_message: '' }, {}, baseUrl);
    expect(feedback.status).toBe(400);
    expect(await textOf(feedback)).toContain('Please fill in all fields.');
    const badAddress = await post('/page', { user_email: 'anil', user_message: `Feedback ${stamp}` }, {}, baseUrl);
    expect(badAddress.status).toBe(400);
    expect(await textOf(badAddress)).toContain('Enter a valid e-mail address.');

    const { access } = (await (await apiToken(ADMIN, baseUrl)).json()) as { access: string };
    const inbox = await fetch(`${baseUrl}/api/admin/messages/?limit=100`, { headers: { authorization: `Bearer ${access}` } });
    expect(inbox.status).toBe(200);
    expect(JSON.stringify(await inbox.json())).not.toContain(stamp);
  });

  it('the profile’s action refuses bad details, a mistyped new password and a file that is not a picture, and keeps the profile', async () => {
    const user = await newCustomer();
    const headers = { cookie: user.cookie };
    const before = await (await fetch(`${base}/api/profile/`, { headers })).json();

    const details = await post('/profile', { intent: 'details', email: '', phone_number: '12345', zip_code: '12' }, headers);
    expect(details.status).toBe(400);
    const detailsText = await textOf(details);
    expect(count(detailsText, 'This field is required.')).toBe(6);
    expect(detailsText).toContain('Enter a valid phone number (10–15 digits).');
    expect(detailsText).toContain('Enter a 6-digit PIN code.');

    const complete = {
      first_name: 'Lata',
      last_name: 'Iyer',
      phone_number: '9876543210',
      dob: '1990-01-02',
      address: '3 Beach Road',
      city: 'Puducherry',
      zip_code: '605001',
    };
    const noProof = await post('/profile', { intent: 'details', ...complete, email: `other-${user.email}` }, headers);
    expect(noProof.status).toBe(400);
    expect(await textOf(noProof)).toContain('Enter your current password to change your e-mail address.');
    const wrongProof = await post(
      '/profile',
      { intent: 'details', ...complete, email: `other-${user.email}`, current_password: 'Wrong#Pass2026' },
      headers,
    );
    expect(wrongProof.status).toBe(400);
    expect(await textOf(wrongProof)).toContain('The current password is not correct.');

    const password = await post(
      '/profile',
      { intent: 'password', old_password: user.password, new_password: 'Teak#New2026', new_password2: 'Teak#New2027' },
      headers,
    );
    expect(password.status).toBe(400);
    expect(await textOf(password)).toContain('Passwords do not match!');
    const oldWrong = await post(
      '/profile',
      { intent: 'password', old_password: 'Wrong#Pass2026', new_password: 'Teak#New2026', new_password2: 'Teak#New2026' },
      headers,
    );
    expect(oldWrong.status).toBe(400);
    expect(await textOf(oldWrong)).toContain('The current password is not correct.');

    const upload = (bytes: Buffer, type: string) => {
      const form = new FormData();
      form.set('intent', 'picture');
      form.set('profile_picture', new Blob([new Uint8Array(bytes)], { type }), 'me.png');
      return fetch(`${base}/profile`, { method: 'POST', headers, body: form });
    };
    const notPicture = await upload(Buffer.from('<html>not an image</html>'), 'image/png');
    expect(notPicture.status).toBe(415);
    expect(await textOf(notPicture)).toContain('The file is not a JPEG, PNG or WebP image.');
    const huge = await upload(Buffer.alloc(6 * 1024 * 1024, 1), 'image/png');
    expect(huge.status).toBe(413);
    expect(await textOf(huge)).toContain('Choose a picture under 5 MB.');

    expect(await (await fetch(`${base}/api/profile/`, { headers })).json()).toEqual(before);
    expect((await apiToken(user)).status).toBe(200);
  });

  it('a password changed on the profile keeps this browser signed in and ends the others', async () => {
    const user = await newCustomer();
    const other = (await post('/login', { email: user.email, password: user.password })).headers.get('set-cookie')!.split(';')[0]!;
    const changed = await post(
      '/profile',
      { intent: 'password', old_password: user.password, new_password: 'Teak#Fresh2026', new_password2: 'Teak#Fresh2026' },
      { cookie: user.cookie },
    );
    expect(changed.status).toBe(200);
    expect((await fetch(`${base}/profile`, { headers: { cookie: user.cookie }, redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${base}/profile`, { headers: { cookie: other }, redirect: 'manual' })).status).toBe(302);
    expect((await apiToken({ email: user.email, password: 'Teak#Fresh2026' })).status).toBe(200);
  });

  it('a picture sent to the profile’s action is stored through the shop’s image code and shown', async () => {
    const user = await newCustomer();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#6b4423' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('intent', 'picture');
    form.set('profile_picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${base}/profile`, { method: 'POST', headers: { cookie: user.cookie }, body: form });
    expect(res.status).toBe(200);
    const profile = (await (await fetch(`${base}/api/profile/`, { headers: { cookie: user.cookie } })).json()) as { profile_picture: string };
    expect(profile.profile_picture).toMatch(/^\/media\/profiles\/.+\.(jpg|webp|png)$/);
    expect((await fetch(`${base}${profile.profile_picture}`)).status).toBe(200);
  });
});

describe('the account pages count on their API twins’ limits', () => {
  it('a sign-up page and the API share ten sign-ups in ten minutes; reset e-mails share five', async () => {
    const person = (i: number) => {
      const username = `limit${i}${unique()}`;
      return { username, email: `${username}@example.in`, password: 'Teak#Limit2026', password2: 'Teak#Limit2026' };
    };
    for (let i = 0; i < 5; i++) expect((await api('/api/user/register/', person(i))).status).toBe(201);
    for (let i = 5; i < 10; i++) expect((await post('/signup', { ...person(i), policy: 'on' })).status).toBe(302);
    const refused = person(10);
    const page = await post('/signup', { ...refused, policy: 'on' });
    expect(page.status).toBe(429);
    expect(await textOf(page)).toMatch(/Too many attempts\. Please wait \d+ seconds and try again\./);
    expect((await api('/api/user/register/', person(11))).status).toBe(429);
    // Nothing was made for the refused sign-up.
    const login = await api('/api/token/', { email: refused.email, password: refused.password });
    expect(login.status).toBe(401);

    for (let i = 0; i < 3; i++) expect((await api('/api/password-reset/', { email: `nobody${i}@example.in` })).status).toBe(202);
    for (let i = 3; i < 5; i++) expect((await post('/forgot-password', { email: `nobody${i}@example.in` })).status).toBe(200);
    const sixth = await post('/forgot-password', { email: 'nobody5@example.in' });
    expect(sixth.status).toBe(429);
    expect(await textOf(sixth)).toContain('Too many attempts.');
  });
});
