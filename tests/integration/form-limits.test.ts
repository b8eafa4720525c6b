import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, feedbackMessages, users } from '../../server/db/schema';
import { PUBLIC_FORM_BODY_LIMIT } from '../../server/lib/edge';
import { createTestApp, type TestApp } from '../support/app';

const CONTACT = { first_name: 'Meera', last_name: 'Iyer', email: 'meera@example.in', phone: '+91 98765 43210', description: 'A teak bed.' };

describe('the public forms of the API hold their lengths and a size cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const stored = async () => ({
    contacts: (await t.database.db.select({ n: count() }).from(contactMessages))[0]!.n,
    feedback: (await t.database.db.select({ n: count() }).from(feedbackMessages))[0]!.n,
    users: (await t.database.db.select({ n: count() }).from(users))[0]!.n,
  });

  it('refuses a contact message over 5,000 characters in any text field with a sentence, and stores nothing', async () => {
    const before = await stored();
    for (const field of ['first_name', 'last_name', 'phone', 'description'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact/',
        payload: { ...CONTACT, [field]: 'x'.repeat(5001) },
        remoteAddress: '10.1.0.1',
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/must be at most \d+ characters\./);
    }
    // Exactly 5,000 characters of message, in a script of three bytes a character, is taken.
    const full = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: { ...CONTACT, description: 'த'.repeat(5000) },
      remoteAddress: '10.1.0.1',
    });
    expect(full.statusCode).toBe(201);
    expect((await stored()).contacts).toBe(before.contacts + 1);
  });

  it('refuses a 200 KB body on every public form with 413 and a sentence, before anything is stored', async () => {
    const before = await stored();
    const padding = 'y'.repeat(200 * 1024);
    const calls: [string, Record<string, unknown>][] = [
      ['/api/contact/', { ...CONTACT, notes: padding }],
      ['/api/contact/', { ...CONTACT, description: padding }],
      ['/api/feedback/', { user_email: 'meera@example.in', user_message: 'Lovely work.', notes: padding }],
      ['/api/user/register/', { username: 'meera', email: 'meera@example.in', password: 'Teak#Shop2026x', notes: padding }],
      ['/api/token/', { email: 'priya@example.com', password: padding }],
      ['/api/token/refresh/', { refresh: padding }],
      ['/api/password-reset/', { email: 'priya@example.com', notes: padding }],
      ['/api/password-reset/confirm/', { token: 'x', password: 'y', notes: padding }],
      ['/api/consultations/', { kind: 'video', notes: padding }],
      ['/api/auth/google/', { access_token: padding }],
    ];
    let n = 0;
    for (const [url, payload] of calls) {
      const res = await t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.2.0.${++n}` });
      expect(res.statusCode, url).toBe(413);
      expect(res.json<{ detail: string }>().detail, url).toBe('The request is too large. Shorten the text or send a smaller file, and try again.');
    }
    expect(await stored()).toEqual(before);
  });

  it('takes a form just under the cap through to its own checks', async () => {
    const body = JSON.stringify({ ...CONTACT, notes: 'z'.repeat(PUBLIC_FORM_BODY_LIMIT - 400) });
    expect(body.length).toBeLessThan(PUBLIC_FORM_BODY_LIMIT);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: body,
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.3.0.1',
    });
    expect(res.statusCode).toBe(201);
  });
});
