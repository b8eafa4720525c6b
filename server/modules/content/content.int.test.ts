import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog, PromoBanner, Testimonial } from '../../../contract/content';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { startSmtpCapture } from '../../../tests/support/smtp';
import { contactMessages, emailOutbox, feedbackMessages } from '../../db/schema';

const CONTACT = {
  first_name: 'Meera',
  last_name: 'Iyer',
  email: 'meera@example.in',
  phone: '+91 98765 43210',
  description: 'A teak dining set for eight, please.',
};

describe('content reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the banners, video, testimonials and blogs', async () => {
    const banner = await t.app.inject({ url: '/api/homebanner/' });
    expect(banner.statusCode).toBe(200);
    expect(banner.json<{ image: string }>().image).toMatch(/^\/media\/banners\//);
    const promo = (await t.app.inject({ url: '/api/latest' })).json<PromoBanner>();
    expect(promo).toMatchObject({ title: 'Teak Wall Panels', price_text: '24,999' });
    expect((await t.app.inject({ url: '/api/banners/' })).json<PromoBanner[]>()[0]).toEqual(promo);
    const video = (await t.app.inject({ url: '/api/latest-video/' })).json<{ youtube_url: string }>();
    expect(video.youtube_url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    const testimonials = (await t.app.inject({ url: '/api/testimonials/' })).json<Testimonial[]>();
    expect(testimonials).toHaveLength(6);
    const blogs = (await t.app.inject({ url: '/api/blogs/' })).json<Blog[]>();
    expect(blogs).toHaveLength(5);
    const dates = blogs.map((b) => b.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const one = await t.app.inject({ url: `/api/blogs/${blogs[1]!.id}` });
    expect(one.json()).toEqual(blogs[1]);
  });

  it('answers 404 for a missing blog and 400 for a malformed id', async () => {
    expect((await t.app.inject({ url: '/api/blogs/99999/' })).json()).toEqual({ detail: 'Blog was not found.', code: 'not_found' });
    expect((await t.app.inject({ url: '/api/blogs/abc/' })).statusCode).toBe(400);
  });

  it('answers 404 when there is no banner, and a null video when there is none', async () => {
    const { homeBanners, latestVideos, promoBanners } = await import('../../db/schema');
    await t.database.db.delete(homeBanners);
    await t.database.db.delete(promoBanners);
    await t.database.db.delete(latestVideos);
    // Written around the service, so its read cache is told by hand.
    t.services.content.clearCache();
    expect((await t.app.inject({ url: '/api/homebanner/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/latest/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/banners/' })).json()).toEqual([]);
    expect((await t.app.inject({ url: '/api/latest-video/' })).json()).toEqual({ youtube_url: null });
  });
});

describe('contact and feedback', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, SHOP_EMAIL: 'studio@example.in' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const stored = async () => ({
    contacts: (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n,
    feedback: (await t.database.db.select({ n: count() }).from(feedbackMessages))[0]!.n,
  });

  it('stores a contact request and e-mails the shop through SMTP', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact/', payload: CONTACT, remoteAddress: '10.0.0.1' });
    expect(res.statusCode).toBe(201);
    expect((await stored()).contacts).toBe(1);
    // A job sends it, just after the answer.
    await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBe(1);
    expect(smtp.messages[0]!.to).toEqual(['studio@example.in']);
    expect(smtp.messages[0]!.raw).toContain('A teak dining set for eight');
    await expect
      .poll(async () => (await t.database.db.select().from(emailOutbox))[0], { timeout: 15_000 })
      .toMatchObject({ to: 'studio@example.in', status: 'sent', attempts: 1 });
  });

  it('takes a contact message with empty fields and any phone number (the spec asks only for the browser e-mail and phone types)', async () => {
    const before = await stored();
    for (const payload of [
      { ...CONTACT, first_name: '', last_name: '' },
      { ...CONTACT, phone: '+91 98765-43210 ext 2' },
      { description: 'Call me about a pooja unit.', phone: '044 2434' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact/', payload, remoteAddress: '10.0.0.4' });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await stored()).contacts).toBe(before.contacts + 3);
  });

  it('refuses a malformed e-mail, overlong fields and non-text with field errors, and stores nothing', async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...CONTACT, email: 'not-an-email' }, 'email'],
      [{ ...CONTACT, phone: '9'.repeat(31) }, 'phone'],
      [{ ...CONTACT, first_name: 'x'.repeat(101) }, 'first_name'],
      [{ ...CONTACT, description: 'x'.repeat(5001) }, 'description'],
      [{ ...CONTACT, last_name: 42 }, 'last_name'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact/', payload, remoteAddress: '10.0.0.2' });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ errors: Record<string, string[]>; detail: string }>();
      expect(Object.keys(body.errors)).toContain(field);
      expect(body.detail.length).toBeGreaterThan(5);
    }
    expect(await stored()).toEqual(before);
  });

  it('stores feedback, requires both fields, and mails the shop', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      payload: { user_email: 'a@b.in', user_message: 'Lovely finish.' },
      remoteAddress: '10.0.0.3',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ detail: 'Feedback sent successfully!' });
    await expect.poll(() => smtp.messages.some((m) => m.raw.includes('Lovely finish.')), { timeout: 15_000 }).toBe(true);
    const before = await stored();
    for (const payload of [{ user_email: 'a@b.in' }, { user_message: 'hi' }, { user_email: 'nope', user_message: 'hi' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/feedback/', payload, remoteAddress: '10.0.0.3' });
      expect(res.statusCode).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });

  it('rate limits the forms per address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/feedback/',
        payload: { user_email: 'x@y.in', user_message: `note ${i}` },
        remoteAddress: '10.0.0.9',
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    if (!last) throw new Error('no answer');
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json<{ code: string; detail: string }>()).toMatchObject({ code: 'rate_limited', detail: expect.stringMatching(/Too many attempts/) });
    // Another visitor is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/feedback/',
      payload: { user_email: 'z@y.in', user_message: 'hello' },
      remoteAddress: '10.0.0.10',
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('without SMTP', () => {
  it('keeps the shop notification in the outbox', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact/', payload: CONTACT });
      expect(res.statusCode).toBe(201);
      const rows = await t.database.db.select().from(emailOutbox);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'kept', subject: 'New enquiry from Meera Iyer' });
    } finally {
      await t.close();
    }
  });
});
