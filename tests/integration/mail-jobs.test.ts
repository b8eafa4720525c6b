import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxPage, Overview } from '../../contract/admin';
import { emailAttachments, emailOutbox } from '../../server/db/schema';
import { ensureDevelopmentUsers } from '../../server/db/seed';
import { createTestApp, type TestApp } from '../support/app';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { ADMIN, CUSTOMER, login, nextAddress } from './admin-support';

/** E-mails are sent by background jobs: tried again with growing waits, and shown to the owner when they fail for good. */

/** Retries wait a second or more each: the test waits for a few. */
const DELIVERED = { timeout: 60_000, interval: 200 };
/** Five tries with their waits, on a busy machine. */
const STORY_MS = 150_000;

let t: TestApp | undefined;
let smtp: SmtpCapture | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

async function shopWithMail(env: Record<string, string>) {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.test', ...env });
  await ensureDevelopmentUsers(t.database.db);
  return { t, smtp };
}

const rowsTo = (app: TestApp, to: string) => app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe('e-mail sent by jobs', () => {
  it(
    'a reset mail whose mail server refuses twice is delivered on the third try, its link kept only in the mail',
    async () => {
      const { t, smtp } = await shopWithMail({ JOBS_MAIL_RETRY_SECONDS: '1' });
      smtp.refuse(2);
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/password-reset/',
        payload: { email: CUSTOMER.email },
        remoteAddress: nextAddress(),
      });
      expect(asked.statusCode).toBe(202);

      await expect.poll(() => smtp.messages.length, DELIVERED).toBe(1);
      expect(smtp.refused()).toBe(2);
      expect(smtp.messages[0]!.to).toEqual([CUSTOMER.email]);
      expect(smtp.messages[0]!.raw.replace(/=\r?\n/g, '')).toContain('https://shop.test/reset-password?token=3D');
      await expect
        .poll(async () => (await rowsTo(t, CUSTOMER.email))[0], DELIVERED)
        .toMatchObject({ status: 'sent', attempts: 3, error: null, sealed: null });
      const [row] = await rowsTo(t, CUSTOMER.email);
      expect(row!.text).toContain('[link removed]');
      expect(row!.text).not.toContain('token=');
    },
    STORY_MS,
  );

  it(
    'a mail refused five times is marked failed for the owner, who sends it again',
    async () => {
      const { t, smtp } = await shopWithMail({ JOBS_MAIL_RETRY_SECONDS: '0' });
      smtp.refuse(5);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/contact/',
        payload: { first_name: 'Meera', last_name: 'Iyer', email: 'meera@example.in', phone: '9876543210', description: 'A teak swing, please.' },
        remoteAddress: nextAddress(),
      });
      expect(sent.statusCode).toBe(201);
      const admin = await login(t, ADMIN);
      const failedList = async () => (await t.app.inject({ url: '/api/admin/mail/failed/', headers: admin })).json<OutboxPage>();

      await expect.poll(async () => (await failedList()).count, DELIVERED).toBe(1);
      const [failed] = (await failedList()).results;
      expect(failed).toMatchObject({ subject: 'New enquiry from Meera Iyer', status: 'failed', attempts: 5 });
      expect(failed!.error).toContain('try again later');
      expect(smtp.refused()).toBe(5);
      expect(smtp.messages).toHaveLength(0);
      const overview = (await t.app.inject({ url: '/api/admin/overview/', headers: admin })).json<Overview>();
      expect(overview.attention.failed_mail).toBe(1);
      // A customer sees none of it.
      const customer = await login(t, CUSTOMER);
      expect((await t.app.inject({ url: '/api/admin/mail/failed/', headers: customer })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/mail/failed/${failed!.id}/retry/`, headers: customer })).statusCode).toBe(403);

      // The mail server is back: the owner's retry sends it, and the failed list is empty again.
      const retried = await t.app.inject({ method: 'POST', url: `/api/admin/mail/failed/${failed!.id}/retry/`, headers: admin });
      expect(retried.statusCode, retried.body).toBe(202);
      await expect.poll(() => smtp.messages.length, DELIVERED).toBe(1);
      expect(smtp.messages[0]!.raw).toContain('A teak swing, please.');
      expect((await failedList()).count).toBe(0);
      // The mail server has it before the outbox says so (the row is written once the server answered).
      await expect
        .poll(async () => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id)))[0], DELIVERED)
        .toMatchObject({ status: 'sent', attempts: 1 });
      // Only a failed mail can be sent again; a missing one is said so.
      const again = await t.app.inject({ method: 'POST', url: `/api/admin/mail/failed/${failed!.id}/retry/`, headers: admin });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ detail: string }>().detail).toBe('This e-mail is already sent; only a failed e-mail can be sent again.');
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/mail/failed/999999/retry/', headers: admin })).statusCode).toBe(404);
    },
    STORY_MS,
  );

  it(
    'a mail with a file attached arrives with the file, which the outbox lets go of once sent',
    async () => {
      const { t, smtp } = await shopWithMail({ JOBS_MAIL_RETRY_SECONDS: '0' });
      const pdf = Buffer.from('%PDF-1.4\n% an invoice of the shop\n%%EOF\n');
      await t.services.mailer.send({
        to: 'asha@example.in',
        subject: 'Your order #7 is confirmed',
        text: 'Thank you for your order.',
        attachments: [{ filename: 'TW-26-27-000007.pdf', contentType: 'application/pdf', content: pdf }],
      });
      await expect.poll(() => smtp.messages.length, DELIVERED).toBe(1);
      const raw = smtp.messages[0]!.raw;
      expect(raw).toContain('filename=TW-26-27-000007.pdf');
      expect(raw).toContain('Content-Type: application/pdf');
      expect(raw.replace(/\r?\n/g, '')).toContain(pdf.toString('base64'));
      await expect.poll(async () => (await rowsTo(t, 'asha@example.in'))[0]?.status, DELIVERED).toBe('sent');
      expect(await t.database.db.select().from(emailAttachments)).toEqual([]);
    },
    STORY_MS,
  );
});
