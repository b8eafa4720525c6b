import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { startFakeGoogle } from './fake-google';
import { startSmtpCapture } from './smtp';
import { emailOutbox, users } from '../../server/db/schema';

/** The accounts suites' shop: one per test file (each file runs in a process of its own), with SMTP and Google fakes. */
export let t: TestApp;
export let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
export let google: Awaited<ReturnType<typeof startFakeGoogle>>;
export const CLIENT_ID = 'shop-client.apps.example';
let ip = 0;
export const nextIp = () => `10.1.${Math.floor(++ip / 250)}.${ip % 250}`;

export function startAccountsShop(): void {
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    google = await startFakeGoogle();
    t = await createTestApp({ SMTP_URL: smtp.url, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_API_BASE: google.url, PUBLIC_URL: 'https://shop.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await google.close();
  });
}

export async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers, remoteAddress: nextIp() });
}
export async function signUp(username: string, email: string, password = 'Teak#Wood2026') {
  const res = await post('/api/user/register/', { username, email, password, password2: password });
  expect(res.statusCode, res.body).toBe(201);
}
export async function logIn(email: string, password = 'Teak#Wood2026') {
  const res = await post('/api/token/', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ access: string; refresh: string }>();
}
/** The reset token of a captured mail (its text is quoted-printable: soft breaks and =XX escapes). */
export function resetTokenIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /https:\/\/shop\.test\/reset-password\?token=([\w-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}
export const auth = (access: string) => ({ authorization: `Bearer ${access}` });
/** How long a test waits for the mail job (it runs just after the request; the machine may be busy). */
export const SENT = { timeout: 15_000 };
/**
 * The mails SMTP received from `index` on, once the job that sends them has delivered at least one; with `to`, only
 * those to that address (a mail another test's job sends late is not this test's).
 */
export async function received(index: number, to?: string): Promise<typeof smtp.messages> {
  const mine = () => smtp.messages.slice(index).filter((m) => !to || m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
  await expect.poll(() => mine().length, SENT).toBeGreaterThan(0);
  return mine();
}
/** Mails written for an address (the outbox gets them at once; SMTP just after, from a job). */
export const outboxTo = async (address: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.to}) = ${address.toLowerCase()}`)
  )[0]!.n;
export const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]!.n;
