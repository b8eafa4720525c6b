import { eq } from 'drizzle-orm';
import { expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { emailOutbox } from '../../server/db/schema';
import { startApiProcess } from '../support/api-process';
import { clonePgTemplate } from '../support/pg-template';
import { startSmtpCapture } from '../support/smtp';

const templateUrl = inject('pgTemplateUrl');

// Jobs are rows in PostgreSQL: a process that dies in the middle of one does not take it along.
it.skipIf(!templateUrl)(
  'a mail job in flight when its process is killed is sent after a restart',
  async () => {
    const clone = await clonePgTemplate(templateUrl);
    const smtp = await startSmtpCapture();
    const database = await openDatabase({ databaseUrl: clone.url });
    // A try may take 15 seconds before it counts as lost; lost jobs are looked for every second.
    const env = {
      DATABASE_URL: clone.url,
      SMTP_URL: smtp.url,
      JOBS_MAIL_TIMEOUT_SECONDS: '15',
      JOBS_SWEEP_SECONDS: '1',
      JOBS_MAIL_RETRY_SECONDS: '0',
    };
    try {
      const first = await startApiProcess(env);
      // The mail server reads the message and keeps the sender waiting: the job is in flight.
      smtp.hold();
      const sent = await fetch(`${first.baseUrl}/api/contact/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'meera@example.in', description: 'A teak swing, please.' }),
      });
      expect(sent.status).toBe(201);
      await expect.poll(() => smtp.waiting(), { timeout: 30_000 }).toBe(1);
      await first.kill('SIGKILL');
      smtp.release();
      const [row] = await database.db.select().from(emailOutbox);
      expect(row).toMatchObject({ status: 'queued', attempts: 0 });
      expect(smtp.messages).toHaveLength(0);

      // The shop starts again: the lost job is taken up and the mail goes out.
      const second = await startApiProcess(env);
      try {
        await expect.poll(() => smtp.messages.length, { timeout: 90_000, interval: 250 }).toBe(1);
        expect(smtp.messages[0]!.raw).toContain('A teak swing, please.');
        await expect
          .poll(async () => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)))[0]?.status, { timeout: 30_000 })
          .toBe('sent');
      } finally {
        await second.kill();
      }
    } finally {
      await database.close();
      await smtp.close();
      await clone.drop();
    }
  },
  240_000,
);
