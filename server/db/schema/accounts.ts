import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Accounts: users, their sessions, password resets and the shared rate-limit counters. */

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    gender: text('gender'),
    dob: date('dob'),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    profilePicture: text('profile_picture'),
    googleSub: text('google_sub'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
  ],
);

/**
 * One log-in (password, Google). Access and refresh tokens name it (`sid`); ending it (log-out, password
 * change or reset, e-mail change) ends both kinds of token at once, in every process.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** However often it is refreshed, a log-in lasts at most until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every process of the shop (server/lib/rate-limit-store.ts). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);
