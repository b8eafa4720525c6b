import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { emailAttachments, emailOutbox } from '../db/schema';
import { conflict, notFound } from './errors';
import type { Jobs } from './jobs';

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
  /**
   * Files sent with the message (a PDF invoice, a calendar entry), kept with the outbox row until it is sent or
   * has failed for good. They are stored as they are: a file holding one of `secrets` is refused (send throws).
   */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export const SECRET_REMOVED = '[link removed]';
/** Tries at the SMTP server before a message is marked failed for the owner to see (and retry). */
export const MAIL_ATTEMPTS = 5;
/** The job queue that sends the outbox's messages. */
export const MAIL_QUEUE = 'mail-send';

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

/** Whether a file holds one of the message's secrets (also across a calendar file's folded lines). */
export function attachmentHoldsSecret(message: MailMessage): boolean {
  const secrets = (message.secrets ?? []).filter(Boolean);
  if (!secrets.length) return false;
  return (message.attachments ?? []).some((file) => {
    const text = file.content.toString('latin1');
    const unfolded = text.replace(/\r?\n[ \t]/g, '');
    return secrets.some((secret) => {
      const bytes = Buffer.from(secret, 'utf8').toString('latin1');
      return text.includes(bytes) || unfolded.includes(bytes);
    });
  });
}

/**
 * A message with secrets waits for its job encrypted (AES-256-GCM, with a key derived from the signing
 * secret): the outbox's readers see only the redacted text, the job alone the whole one.
 */
function sealer(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'teakwood-outbox', 'the whole text of a queued e-mail', 32));
  return {
    seal(content: { subject: string; text: string }): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed: string): { subject: string; text: string } {
      const raw = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as { subject: string; text: string };
    },
  };
}

export interface Mailer {
  /**
   * Records the message in the outbox and, with SMTP, queues a job that sends it (tried again with growing
   * waits; after five failed tries it is marked failed for the owner). Never waits for the mail server.
   */
  send(message: MailMessage): Promise<void>;
  /** Queues a failed message again for five more tries (the owner's retry). */
  retry(id: number): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Derives the key that seals queued messages' secrets (JWT_SECRET). */
  secret: string;
  /** Seconds before the first retry (doubled for each further one); 0: at once. */
  retrySeconds: number;
  /** How long one try may take before the job is taken as lost and tried again. */
  timeoutSeconds: number;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : 'unknown error').slice(0, 500);

/**
 * Every message is recorded in the outbox table (readable in the admin panel), with its secrets removed.
 * Without SMTP it stays there ('kept'); with SMTP_URL a job sends it, in full, and records the outcome
 * ('sent', or 'failed' after five tries). A failed send never fails the request that caused it.
 */
export function createMailer(db: Db, jobs: Jobs, options: MailerOptions, log: (err: unknown, message: string) => void = () => {}): Mailer {
  // Each try must end (or fail) well within the job's timeout, so that a slow server is a failure, not a lost job.
  const socketMs = Math.max(1000, Math.floor((options.timeoutSeconds * 1000) / 3));
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: socketMs, greetingTimeout: socketMs, socketTimeout: socketMs })
    : null;
  const seals = sealer(options.secret);

  const queue = jobs.queue<{ outboxId: number }>(
    MAIL_QUEUE,
    {
      // The outbox row counts the tries that reached the server (MAIL_ATTEMPTS); the queue allows more, for
      // runs lost with their process.
      retryLimit: MAIL_ATTEMPTS * 2,
      retryDelaySeconds: options.retrySeconds,
      timeoutSeconds: options.timeoutSeconds,
    },
    (data) => deliver(data.outboxId),
  );

  async function enqueue(id: number) {
    try {
      await queue.send({ outboxId: id });
    } catch (err) {
      log(err, 'an e-mail could not be queued for sending');
      await endFailed(id, `Could not be queued for sending: ${errorText(err)}`);
    }
  }

  /**
   * A message ends sent or failed together with letting go of its files (a retry of a failed one sends the text
   * alone): one transaction, so that no reader sees a message ended whose files are still held.
   */
  async function end(id: number, values: Partial<typeof emailOutbox.$inferInsert>) {
    await db.transaction(async (tx) => {
      await tx
        .update(emailOutbox)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')));
      await tx.delete(emailAttachments).where(eq(emailAttachments.emailId, id));
    });
  }
  const endFailed = (id: number, error: string, attempts?: number) => end(id, { status: 'failed', error, ...(attempts ? { attempts } : {}) });

  /** One try of one message; throws to be tried again later. */
  async function deliver(id: number): Promise<void> {
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (!row || row.status !== 'queued' || !transport) return;
    let content: { subject: string; text: string };
    try {
      content = row.sealed ? seals.open(row.sealed) : { subject: row.subject, text: row.text };
    } catch (err) {
      log(err, 'a queued e-mail could not be opened (was JWT_SECRET changed?)');
      await endFailed(id, 'Its links could not be read back (the signing key changed); it cannot be sent.');
      return;
    }
    const attachments = await db
      .select({ filename: emailAttachments.filename, contentType: emailAttachments.contentType, content: emailAttachments.content })
      .from(emailAttachments)
      .where(eq(emailAttachments.emailId, id))
      .orderBy(emailAttachments.id);
    const attempts = row.attempts + 1;
    try {
      await transport.sendMail({ from: options.from, to: row.to, subject: content.subject, text: content.text, attachments });
    } catch (err) {
      if (attempts >= MAIL_ATTEMPTS) {
        log(err, `an e-mail to ${row.to} failed ${MAIL_ATTEMPTS} times and is marked failed`);
        await endFailed(id, errorText(err), attempts);
        return;
      }
      await db
        .update(emailOutbox)
        .set({ attempts, error: errorText(err), updatedAt: new Date() })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')));
      throw err;
    }
    // Sent: the secrets and the files have done their work and are not kept.
    await end(id, { status: 'sent', attempts, error: null, sealed: null });
  }

  return {
    async send(message) {
      // The outbox keeps files as they are: one that holds a secret link would hand it to the outbox's readers.
      if (attachmentHoldsSecret(message))
        throw new Error(`An attachment of "${redacted(message).subject}" holds one of its secrets; it is not stored.`);
      const kept = redacted(message);
      const whole = kept.text !== message.text || kept.subject !== message.subject;
      // The row and its files are written together: a job never finds a message without its attachments.
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(emailOutbox)
          .values(
            transport
              ? { ...kept, status: 'queued', sealed: whole ? seals.seal({ subject: message.subject, text: message.text }) : null }
              : { ...kept, status: 'kept' },
          )
          .returning({ id: emailOutbox.id });
        const files = message.attachments ?? [];
        if (files.length) await tx.insert(emailAttachments).values(files.map((file) => ({ emailId: row!.id, ...file })));
        return row!.id;
      });
      if (transport) await enqueue(id);
    },

    async retry(id) {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      if (!row) throw notFound('E-mail');
      if (!transport) throw conflict('No mail server is configured (SMTP_URL), so e-mails are kept in the outbox and not sent.');
      if (row.status !== 'failed')
        throw conflict(`This e-mail is ${row.status === 'sent' ? 'already sent' : 'not failed'}; only a failed e-mail can be sent again.`);
      if (!row.sealed && row.text.includes(SECRET_REMOVED))
        throw conflict('This e-mail held a one-time link that was not kept, so it cannot be sent again. Ask the customer to request a new link.');
      const [queued] = await db
        .update(emailOutbox)
        .set({ status: 'queued', attempts: 0, error: null, updatedAt: new Date() })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
        .returning({ id: emailOutbox.id });
      if (!queued) throw conflict('This e-mail is already being sent again.');
      await enqueue(id);
    },
  };
}
