import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, istDate } from '../../contract/consultations';
import { launchBrowser, screenshot, signIn, visit, watchConsole } from '../support/browser';
import { ownAddress } from '../support/customers';

/** The shared shop (TRUST_PROXY): this file's visitors come from addresses of their own, so shared form limits are not used up. */
const baseUrl = inject('baseUrl');
let browser: Browser;
let stories = 0;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const ADMIN = { email: 'admin@teakwood.local', password: 'Teak#Admin2026' };

const newPhone = (width: number) =>
  browser.newContext({ viewport: { width, height: 800 }, extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${140 + ++stories}` } });

describe('booking a consultation', () => {
  it('a visitor books a video call from the Design Solution page and sees the confirmation', async () => {
    const context = await newPhone(375);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await visit(page, `${baseUrl}/design_solution`);
    await page.getByRole('link', { name: 'BOOK A CONSULTATION', exact: true }).click();
    await page.getByRole('heading', { name: 'Book a consultation', level: 1 }).waitFor();

    await page.getByRole('link', { name: /Video call/ }).click();
    await page.locator('a[aria-current="true"]', { hasText: 'Video call' }).waitFor();
    // The first free time of the first day with one, as the visitor sees it in India time.
    const slot = page.locator('fieldset label:has(input[name="start"]:not([disabled]))').first();
    const time = (await slot.innerText()).trim();
    expect(time).toMatch(/^\d{1,2}:\d{2} (am|pm)$/);
    await screenshot(page, 'consultation-booking-375');
    await slot.click();
    await page.getByLabel('Name').fill('Meena Raghavan');
    await page.getByLabel('Phone').fill('98765 43210');
    await page.getByLabel('E-mail').fill('meena@example.in');
    await page.getByLabel('What would you like made?').fill('A teak bookshelf for the study, about 6 feet wide.');
    await page.getByRole('button', { name: 'BOOK CONSULTATION' }).click();

    await page.getByRole('heading', { name: 'Thank you! Your consultation is booked' }).waitFor();
    await expect.poll(() => page.getByText('Video call', { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('dl').innerText()).toContain(time);
    expect(await page.getByText(/We have sent a confirmation to meena@example.in/).isVisible()).toBe(true);
    await screenshot(page, 'consultation-booked-375');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a visitor books a showroom visit with a photo, then moves it through the manage page and cancels it', async () => {
    const context = await newPhone(375);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await visit(page, `${baseUrl}/book-consultation?kind=showroom`);
    const free = page.locator('fieldset label:has(input[name="start"]:not([disabled]))');
    await free.first().click();
    await page.getByLabel('Name').fill('Kavya Menon');
    await page.getByLabel('Phone').fill('+91 91234 56789');
    await page.getByLabel('E-mail').fill('kavya@example.in');
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8b5a2b' } })
      .png()
      .toBuffer();
    await page.getByLabel('A photo (optional)').setInputFiles({ name: 'sketch.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('button', { name: 'BOOK CONSULTATION' }).click();
    await page.getByRole('heading', { name: 'Thank you! Your consultation is booked' }).waitFor();
    const before = await page.locator('dl').innerText();

    await page.getByRole('link', { name: 'Move to another time' }).click();
    await page.getByRole('heading', { name: 'Move to another time' }).waitFor();
    // Another day's first free time.
    const days = page.getByRole('navigation', { name: 'Choose a day' }).getByRole('link');
    await days.nth(3).click();
    await page.locator('nav[aria-label="Choose a day"] li:nth-child(4) a[aria-current="date"]').waitFor();
    const other = page.getByRole('form', { name: 'Move the consultation' }).locator('label:has(input[name="start"]:not([disabled]))').first();
    await other.waitFor();
    await other.click();
    await page.getByRole('button', { name: 'MOVE HERE' }).click();
    await page.getByText('Your consultation has moved.', { exact: false }).waitFor();
    await expect.poll(() => page.locator('dl').innerText()).not.toBe(before);
    await screenshot(page, 'consultation-manage-375');

    await page.getByRole('button', { name: 'Cancel the consultation' }).click();
    await page.getByRole('heading', { name: 'Your consultation is cancelled' }).waitFor();
    await page.getByRole('link', { name: 'BOOK ANOTHER TIME' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the booking page and its data are answered private, no-store, never kept by the shared page cache', async () => {
    const first = await fetch(`${baseUrl}/book-consultation?kind=showroom`, { headers: { 'x-forwarded-for': '198.51.100.200' } });
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const data = await fetch(`${baseUrl}/book-consultation.data?kind=showroom`, { headers: { 'x-forwarded-for': '198.51.100.200' } });
    expect(data.headers.get('cache-control')).toContain('no-store');
  });

  it('the owner sees the week’s bookings, confirms one, and the visitor is told', async () => {
    const day = addDays(istDate(new Date()), 1);
    const booked = await fetch(`${baseUrl}/api/consultations/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.201' },
      body: JSON.stringify({
        kind: 'home',
        start: `${day}T11:00:00+05:30`,
        name: 'Arjun Iyer',
        phone: '9876501234',
        email: 'arjun@example.in',
        note: 'A wardrobe.',
      }),
    });
    expect(booked.status).toBe(201);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.202' } });
    await signIn(context, baseUrl, ADMIN);
    const page = await context.newPage();
    await visit(page, `${baseUrl}/dashboard/consultations`);
    const row = page.locator('li', { hasText: 'Arjun Iyer' });
    await row.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Booking confirmed; the visitor has been told by e-mail.').waitFor();
    await row.getByText('confirmed', { exact: true }).waitFor();
    await screenshot(page, 'consultations-admin-1280');
    await visit(page, `${baseUrl}/book-consultation?kind=home&date=${day}`);
    expect(await page.locator('label:has(input[value="' + day + 'T11:00:00+05:30"][disabled])').count()).toBe(1);
    await screenshot(page, 'consultation-booking-1280');
    await context.close();
  });

  it('the booking page counts its posts: a sixth is refused with the seconds to wait; a body that is not a form is a sentence', async () => {
    const address = ownAddress();
    const post = (body: FormData | string, type?: string) =>
      fetch(`${baseUrl}/book-consultation`, {
        method: 'POST',
        headers: { origin: baseUrl, 'x-forwarded-for': address, ...(type ? { 'content-type': type } : {}) },
        body,
        redirect: 'manual',
      });
    // A body that does not read as a form is refused by the shop before any page reads it.
    const broken = await post('--cut\r\nContent-Disposition: form-data; name="kind"\r\n\r\nvid', 'multipart/form-data; boundary=cut');
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain('The form could not be read. Please try again.');
    const incomplete = () => {
      const form = new FormData();
      form.set('kind', 'video');
      return post(form);
    };
    for (let i = 0; i < 5; i++) expect((await incomplete()).status).toBe(400);
    // The sixth form is refused by the count alone, with the sentence on the page.
    const sixth = await incomplete();
    expect(sixth.status).toBe(429);
    expect(await sixth.text()).toMatch(/Too many attempts\. Please wait \d+ seconds and try again\./);
  });

  it('a visitor moves a booking of a kind the owner has since stopped offering, and the owner’s impossible week is a sentence', async () => {
    const address = '198.51.100.210';
    const kinds = (await (await fetch(`${baseUrl}/api/consultations/kinds/`)).json()) as {
      slug: string;
      name: string;
      description: string;
      duration_minutes: number;
    }[];
    const home = kinds.find((k) => k.slug === 'home')!;
    const day = addDays(istDate(new Date()), 9);
    const booked = await fetch(`${baseUrl}/book-consultation`, {
      method: 'POST',
      headers: { origin: baseUrl, 'x-forwarded-for': address, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        kind: 'home',
        start: `${day}T09:30:00+05:30`,
        name: 'Lakshmi Nair',
        phone: '9876512345',
        email: 'lakshmi@example.in',
      }),
      redirect: 'manual',
    });
    expect(booked.status).toBe(302);
    const manage = new URL(booked.headers.get('location')!, baseUrl);
    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.211' } });
    await signIn(owner, baseUrl, ADMIN);
    const setHome = async (active: boolean) => {
      const res = await owner.request.post(`${baseUrl}/dashboard/consultations`, {
        headers: { origin: baseUrl },
        form: {
          intent: 'kind',
          slug: 'home',
          name: home.name,
          description: home.description,
          duration_minutes: String(home.duration_minutes),
          ...(active ? { active: 'on' } : {}),
        },
      });
      expect(res.status()).toBeLessThan(400);
    };
    await setHome(false);
    try {
      expect(((await (await fetch(`${baseUrl}/api/consultations/kinds/`)).json()) as { slug: string }[]).map((k) => k.slug)).not.toContain('home');
      const context = await newPhone(375);
      const page = await context.newPage();
      const problems = watchConsole(page);
      manage.searchParams.delete('booked');
      manage.searchParams.set('move', '1');
      await visit(page, manage.toString());
      await page.getByRole('heading', { name: 'Move to another time' }).waitFor();
      const other = page.getByRole('form', { name: 'Move the consultation' }).locator('label:has(input[name="start"]:not([disabled]))').first();
      await other.click();
      await page.getByRole('button', { name: 'MOVE HERE' }).click();
      await page.getByText('Your consultation has moved.', { exact: false }).waitFor();
      expect(problems).toEqual([]);
      await context.close();

      const admin = await owner.newPage();
      const answer = await visit(admin, `${baseUrl}/dashboard/consultations?from=9999-12-31`);
      expect(answer?.status()).toBe(200);
      await admin.getByText('Pick a day between the years 2000 and 2999. Showing the week from today.').waitFor();
    } finally {
      await setHome(true);
      await owner.close();
    }
  });
});
