import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/app';
import { startSmtpCapture, type SmtpCapture } from '../../tests/support/smtp';
import { emailAttachments, emailOutbox } from '../db/schema';

/** The outbox keeps files as they are: never one holding a message's secret, and none once the message has ended. */

const DELIVERED = { timeout: 60_000, interval: 200 };

let t: TestApp | undefined;
let smtp: SmtpCapture | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

const calendar = (description: string) =>
  Buffer.from(
    `BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDESCRIPTION:${description}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`.replace(/(.{75})/g, '$1\r\n '),
    'utf8',
  );

describe('the outbox and attached files', () => {
  it('a file holding one of the message’s secrets is refused, even across folded lines, and nothing is stored', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.test' });
    const link = 'https://shop.test/consultation?token=k3VZ9hQ2mX7pL0aB4cD8eF1gH5iJ6kL9mN2oP3qR4sT';
    const to = 'secret-file@example.com';
    await expect(
      t.services.mailer.send({
        to,
        subject: 'Your consultation',
        text: `To move it: ${link}`,
        secrets: [link],
        attachments: [{ filename: 'consultation.ics', contentType: 'text/calendar', content: calendar(`To cancel or move it: ${link}`) }],
      }),
    ).rejects.toThrow(/holds one of its secrets/);
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).toEqual([]);
    // The same file without the link is kept with its message.
    await t.services.mailer.send({
      to,
      subject: 'Your consultation',
      text: `To move it: ${link}`,
      secrets: [link],
      attachments: [{ filename: 'consultation.ics', contentType: 'text/calendar', content: calendar('Your consultation.') }],
    });
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    expect(row!.text).toBe('To move it: [link removed]');
    expect(await t.database.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, row!.id))).toHaveLength(1);
  });

  it('a mail that failed for good lets go of its files, as a sent one does', async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://shop.test', JOBS_MAIL_RETRY_SECONDS: '0' });
    smtp.refuse(5);
    const to = 'failed-file@example.com';
    await t.services.mailer.send({
      to,
      subject: 'Your order #8 is confirmed',
      text: 'Thank you for your order.',
      attachments: [{ filename: 'TW-26-27-000008.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') }],
    });
    const app = t;
    await expect
      .poll(async () => (await app.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)))[0]?.status, DELIVERED)
      .toBe('failed');
    expect(await app.database.db.select().from(emailAttachments)).toEqual([]);
  }, 150_000);
});
