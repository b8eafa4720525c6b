import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * Parts of the text that act for their reader (reset and sign-up links, one-time codes): sent by SMTP as
   * they are, but kept in the outbox as "[link removed]", so that whoever reads the outbox (the owner, a
   * backup) cannot use another person's link.
   */
  secrets?: string[];
}

export const SECRET_REMOVED = '[link removed]';

/** The message as the outbox keeps it: every secret replaced. */
export function redacted(message: MailMessage): { to: string; subject: string; text: string } {
  let { text, subject } = message;
  for (const secret of message.secrets ?? []) {
    if (!secret) continue;
    text = text.split(secret).join(SECRET_REMOVED);
    subject = subject.split(secret).join(SECRET_REMOVED);
  }
  return { to: message.to, subject, text };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is recorded in the outbox table (readable in the admin panel), with its secrets removed.
 * Without SMTP it stays there ('kept'); with SMTP_URL it is also sent, in full, and the outcome ('sent' or
 * 'failed') is recorded. A failed send never fails the request that caused it: the message is kept for a
 * person to follow up (a reset link can be asked for again).
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }, log: (err: unknown) => void = () => {}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      const kept = redacted(message);
      if (!transport) {
        await db.insert(emailOutbox).values({ ...kept, status: 'kept' });
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text });
        await db.insert(emailOutbox).values({ ...kept, status: 'sent' });
      } catch (err) {
        log(err);
        await db.insert(emailOutbox).values({
          ...kept,
          status: 'failed',
          error: err instanceof Error ? err.message.slice(0, 500) : 'unknown error',
        });
      }
    },
  };
}
