import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, bytea } from './columns';

/** The e-mail outbox and its attachments. */

export const MAIL_STATUSES = ['kept', 'queued', 'sent', 'failed'] as const;

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    /** With its secrets (reset and sign-up links) replaced by "[link removed]". */
    text: text('text').notNull(),
    /** kept (no SMTP configured) | queued (a job sends it) | sent | failed (five attempts failed) */
    status: text('status').notNull(),
    /** The last failure's message. */
    error: text('error'),
    /** Tries at the SMTP server so far. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * The whole message (subject and text with their secrets), encrypted with a key derived from JWT_SECRET,
     * while it still has to be sent; null once sent, and for messages without secrets (the row's text is whole).
     */
    sealed: text('sealed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('email_outbox_status_known', sql`${t.status} in ('kept', 'queued', 'sent', 'failed')`),
    check('email_outbox_attempts_not_negative', sql`${t.attempts} >= 0`),
    index('email_outbox_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/** Files sent with an outbox message (an invoice, a calendar entry); dropped once the message is sent. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: serial('id').primaryKey(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
);
