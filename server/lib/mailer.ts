import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is recorded in the outbox table (readable in the admin panel). Without SMTP it stays
 * there ('kept'); with SMTP_URL it is also sent, and the outcome ('sent' or 'failed') is recorded.
 * A failed send never fails the request that caused it: the message is kept for a person to follow up.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }, log: (err: unknown) => void = () => {}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      if (!transport) {
        await db.insert(emailOutbox).values({ ...message, status: 'kept' });
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
        await db.insert(emailOutbox).values({ ...message, status: 'sent' });
      } catch (err) {
        log(err);
        await db.insert(emailOutbox).values({
          ...message,
          status: 'failed',
          error: err instanceof Error ? err.message.slice(0, 500) : 'unknown error',
        });
      }
    },
  };
}
