import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, reload, screenshot, SCREENSHOT_DIR, signIn, visit, watchConsole } from '../support/browser';
import { newCustomer, ownAddress } from '../support/customers';

const baseUrl = inject('baseUrl');
/** The seeded customer's username: taken, whatever its case. The stories that log in have customers of their own. */
const SEEDED_USERNAME = 'priya';
const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function open(path: string, width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = watchConsole(page);
  await visit(page, `${baseUrl}${path}`);
  return { page, errors };
}

/** The browser reports refused requests (a wrong password, a bad field) as console errors; those are expected. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of 40[01]/.test(e));

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function signUpByApi(username: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/user/register/`, {
    method: 'POST',
    // A client address of its own: the shop's sign-up limit is per address, and the run's stories share one shop.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ownAddress() },
    body: JSON.stringify({ username, email, password, password2: password }),
  });
  expect(res.status).toBe(201);
}

describe('a shopper’s account', () => {
  it('a shopper signs up, logs in, sees their name, stays on a guarded page after reload, and logs out', async () => {
    const username = `asha${unique()}`;
    const email = `${username}@example.in`;
    const password = 'Teak#Wood2026';
    const { page, errors } = await open('/signup');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Re-enter password').fill(password);
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();

    await page.waitForURL(`${baseUrl}/login?signup=done`);
    await page.getByText('Your account is ready. Please log in.').waitFor();
    await logIn(page, email, password);
    await page.waitForURL(`${baseUrl}/`);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: `Hi ${username}` }).waitFor();
    expect(await header.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);

    await header.getByRole('link', { name: `Hi ${username}` }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await reload(page);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/profile`);
    expect(await page.getByText(email).count()).toBeGreaterThan(0);

    await header.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await header.getByRole('link', { name: 'Login' }).waitFor();
    // The log-out ended the session on the server and took its cookie away.
    expect((await page.context().cookies()).filter((c) => c.name === 'session')).toEqual([]);
    await visit(page, `${baseUrl}/profile`);
    await page.waitForURL(/\/login\?next=%2Fprofile$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a visitor opening /profile is sent to /login and comes back to /profile after logging in', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const { page, errors } = await open('/profile');
    await page.waitForURL(`${baseUrl}/login?next=%2Fprofile`);
    await logIn(page, customer.email, customer.password);
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
    await page
      .getByRole('banner')
      .getByRole('link', { name: `Hi ${customer.username}` })
      .waitFor();
    const side = page.getByRole('navigation', { name: 'Account' });
    expect(await side.getByRole('link', { name: 'Login & Password' }).getAttribute('href')).toBe('/login');
    expect(await side.getByRole('link', { name: 'My Cart' }).getAttribute('href')).toBe('/cart');
    expect(await side.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/orderdetails');
    expect(await side.getByRole('button', { name: 'Logout' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a superuser logging in lands on the dashboard and sees the Admin Panel button', async () => {
    const { page, errors } = await open('/login');
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${baseUrl}/dashboard`);
    await visit(page, `${baseUrl}/`);
    const adminButton = page.getByRole('banner').getByRole('link', { name: 'Admin Panel' });
    await adminButton.waitFor();
    expect(await adminButton.getAttribute('href')).toBe('/dashboard');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('two tabs of one signed-in browser opened at once both show the profile, and stay signed in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(context, baseUrl, await newCustomer(baseUrl, 'priya'));
    const [first, second] = [await context.newPage(), await context.newPage()];
    const errors = watchConsole(first);
    await Promise.all([visit(first, `${baseUrl}/profile`), visit(second, `${baseUrl}/profile`)]);
    for (const page of [first, second]) await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await reload(first);
    await first.getByRole('heading', { name: 'Personal details' }).waitFor();
    // Nothing of the session is readable by the page's scripts.
    const kept = await first.evaluate(() => [document.cookie, ...Object.keys(localStorage), ...Object.keys(sessionStorage)].join(' '));
    expect(kept).not.toMatch(/session|access|refresh|token/i);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('a customer who opens the dashboard is sent back to the shop', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const { page } = await open('/login');
    await logIn(page, customer.email, customer.password);
    await page.waitForURL(`${baseUrl}/`);
    await visit(page, `${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/`);
    await page.close();
  });
});

describe('the header’s cart badge', () => {
  it('counts the items of the visitor’s cart, follows changes, and asks nothing for a cart not yet made', async () => {
    const { page, errors } = await open('/');
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
    });
    const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ }).first();
    expect(await cartLink.getAttribute('aria-label')).toBe('Cart');

    const products = (await (await fetch(`${baseUrl}/api/products/?in_stock=true&limit=50`)).json()) as {
      slug: string;
      available_quantity: number | null;
    }[];
    const product = products.find((p) => p.available_quantity === null || p.available_quantity >= 3)!;
    // Looking at a product makes no cart (and no cookie).
    await visit(page, `${baseUrl}/product/${product.slug}`);
    expect((await page.context().cookies()).filter((c) => c.name === 'cart_code')).toEqual([]);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    expect(await page.getByRole('banner').getByTestId('cart-badge').textContent()).toBe('2');
    // The count is the server's, in the page's first HTML: a reload shows it at once.
    await reload(page);
    await page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    expect(apiCalls).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the account pages explain every problem', () => {
  it('the sign-up page shows the spec’s messages and the server’s answer per field', async () => {
    const { page, errors } = await open('/signup');
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await page.getByText('This field is required.').count()).toBe(4);
    await page.getByText('Please accept the Terms & Conditions to create an account.').waitFor();

    const password = page.getByLabel('Password', { exact: true });
    // Editing a field clears its message.
    await page.getByLabel('Username').fill('someone');
    expect(await page.getByText('This field is required.').count()).toBe(3);
    const rules: [string, string][] = [
      ['Ab1!', 'Password must be at least 8 characters.'],
      ['qwerty', 'Password is too common.'],
      ['teak#wood2026', 'Include at least one uppercase letter.'],
      ['TEAK#WOOD2026', 'Include at least one lowercase letter.'],
      ['Teak#Wood', 'Include at least one number.'],
      ['TeakWood2026', 'Include at least one special character (!@#$%^&*).'],
    ];
    for (const [value, message] of rules) {
      await password.fill(value);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByText(message, { exact: true }).waitFor();
    }
    await password.fill('Teak#Wood2026');
    await page.getByLabel('Re-enter password').fill('Teak#Wood2027');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Passwords do not match!').waitFor();

    // The server's own rule: a username already taken, whatever its case.
    await page.getByLabel('Username').fill(SEEDED_USERNAME.toUpperCase());
    await page.getByLabel('Email').fill(`someone${unique()}@example.in`);
    await page.getByLabel('Re-enter password').fill('Teak#Wood2026');
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('This username is taken.').waitFor();
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${baseUrl}/signup`);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('sign-up does not reveal an existing account: a taken e-mail is answered as a new one', async () => {
    const { page, errors } = await open('/signup');
    await page.getByLabel('Username').fill(`stranger${unique()}`);
    await page.getByLabel('Email').fill('PRIYA@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Teak#Wood2026');
    await page.getByLabel('Re-enter password').fill('Teak#Wood2026');
    await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${baseUrl}/login?signup=done`);
    await page.getByText('Your account is ready. Please log in.').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('the login page asks for both fields and answers a wrong password without saying which part was wrong', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const { page, errors } = await open('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is required.').waitFor();
    await page.getByText('Password is required.').waitFor();
    await logIn(page, customer.email, 'Wrong#Pass2026');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('a shopper edits the profile, sees each problem, saves, discards and changes the picture', async () => {
    const username = `meena${unique()}`;
    const email = `${username}@example.in`;
    await signUpByApi(username, email, 'Teak#Wood2026');
    const { page, errors } = await open('/login?next=%2Fprofile');
    await logIn(page, email, 'Teak#Wood2026');
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('link', { name: 'Edit profile' }).click();
    const form = page.getByRole('form', { name: 'Personal details' });
    await form.getByLabel('Email').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    // Every required field of a new account is empty: first and last name, e-mail, phone, birth date, address, city, PIN.
    expect(await form.getByText('This field is required.').count()).toBe(8);
    await form.getByLabel('First name').fill('Meena');
    expect(await form.getByText('This field is required.').count()).toBe(7);
    await form.getByLabel('Last name').fill('Raj');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone number').fill('12345');
    await form.getByLabel('Date of birth').fill('1990-04-12');
    await form.getByLabel('Address').fill('4 Gandhi Street');
    await form.getByLabel('City').fill('Madurai');
    await form.getByLabel('PIN code').fill('625001');
    await form.getByLabel('Gender').selectOption('female');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a valid phone number (10–15 digits).').waitFor();
    // Written as the address form shows its own example: the profile takes it too.
    await form.getByLabel('Phone number').fill('+91 98765 43210');
    expect(await form.getByText('Enter a valid phone number (10–15 digits).').count()).toBe(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Profile updated successfully' }).waitFor();
    await page.getByText('12 April 1990').waitFor();
    await page.getByRole('region', { name: 'Personal details' }).getByText('+919876543210').waitFor();

    // Discard leaves the saved profile as it was.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await form.getByLabel('City').fill('Chennai');
    await form.getByRole('link', { name: 'Discard' }).click();
    await page.getByRole('region', { name: 'Personal details' }).getByText('Madurai', { exact: true }).waitFor();
    await reload(page);
    await page.getByText('12 April 1990').waitFor();
    const details = page.getByRole('region', { name: 'Personal details' });
    await details.getByText('Madurai', { exact: true }).waitFor();
    expect(await details.getByText('Chennai').count()).toBe(0);
    // The notification has left by itself.
    expect(await page.getByText('Profile updated successfully').count()).toBe(0);

    // A new e-mail address needs the current password: an open session alone cannot hand the account over.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    const newEmail = `new-${email}`;
    await form.getByLabel('Email').fill(newEmail);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter your current password to change your e-mail address.').waitFor();
    await form.getByLabel('Current password').fill('Wrong#Pass2026');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('The current password is not correct.').waitFor();
    await form.getByLabel('Current password').fill('Teak#Wood2026');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Profile updated successfully' }).waitFor();
    await details.getByText(newEmail, { exact: true }).waitFor();

    const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#8a5a2b' } })
      .png()
      .toBuffer();
    const picker = page.getByLabel('Upload profile picture');
    await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('status').filter({ hasText: 'Profile picture updated' }).waitFor();
    await page.getByRole('img', { name: 'Your profile picture' }).first().waitFor();
    await page
      .getByLabel('Upload profile picture')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
    await page.getByRole('alert').filter({ hasText: 'Failed to upload image' }).waitFor();
    expect(unexpected(errors).filter((e) => !/status of 415/.test(e))).toEqual([]);
    await page.close();
  });
});

describe('the account pages on a phone', () => {
  it('the menu greets the shopper, offers the profile and logs out', async () => {
    const customer = await newCustomer(baseUrl, 'priya');
    const { page, errors } = await open('/login', 375);
    await screenshot(page, 'login-375');
    await logIn(page, customer.email, customer.password);
    await page.waitForURL(`${baseUrl}/`);
    // The home page streams its product rows in after the navigation; open the menu once it has settled.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByText(`Hi ${customer.username}`).waitFor();
    expect(await menu.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await screenshot(page, 'profile-375');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await visit(page, `${baseUrl}/signup`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await screenshot(page, 'signup-375-errors');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.runIf(Boolean(SCREENSHOT_DIR))('pictures of the wide pages', async () => {
    const { page } = await open('/login');
    await screenshot(page, 'login-1280');
    await visit(page, `${baseUrl}/signup`);
    await page.getByLabel('Password', { exact: true }).fill('Teak#w');
    await screenshot(page, 'signup-1280');
    await visit(page, `${baseUrl}/login?next=%2Fprofile`);
    const customer = await newCustomer(baseUrl, 'priya');
    await logIn(page, customer.email, customer.password);
    await page.waitForURL(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Personal details' }).waitFor();
    await screenshot(page, 'profile-1280');
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await screenshot(page, 'profile-edit-1280');
    await page.close();
  });
});
