import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { products } from './catalog';

/** Consultation kinds, hours, closed dates, settings and bookings. */

/** A kind of consultation a visitor can book (showroom visit, video call, home visit); its slots are its length long. */
export const consultationKinds = pgTable(
  'consultation_kinds',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('consultation_kinds_slug_key').on(t.slug),
    check('consultation_kinds_duration_check', sql`${t.durationMinutes} between 15 and 240`),
  ],
);

/** The weekly hours in India time, as minutes after midnight; a weekday without a row is closed (0 = Sunday). */
export const consultationHours = pgTable(
  'consultation_hours',
  {
    weekday: smallint('weekday').primaryKey(),
    opensMinute: integer('opens_minute').notNull(),
    closesMinute: integer('closes_minute').notNull(),
  },
  (t) => [
    check('consultation_hours_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('consultation_hours_order_check', sql`0 <= ${t.opensMinute} and ${t.opensMinute} < ${t.closesMinute} and ${t.closesMinute} <= 1440`),
  ],
);

/** Days (India time) on which no consultation can be booked: festivals, stocktaking. */
export const consultationClosedDates = pgTable('consultation_closed_dates', {
  day: date('day').primaryKey(),
  reason: text('reason').notNull().default(''),
});

/** The one row of booking settings: how many days ahead a visitor may book. */
export const consultationSettings = pgTable(
  'consultation_settings',
  {
    id: integer('id').primaryKey().default(1),
    horizonDays: integer('horizon_days').notNull().default(30),
  },
  (t) => [
    check('consultation_settings_single_row', sql`${t.id} = 1`),
    check('consultation_settings_horizon_check', sql`${t.horizonDays} between 1 and 365`),
  ],
);

/**
 * A booked consultation. Two active bookings of one kind never overlap: an exclusion constraint
 * (`consultation_bookings_no_overlap`, btree_gist) in the hand-written migration `*_booking_no_overlap.sql`,
 * which drizzle cannot express.
 */
export const consultationBookings = pgTable(
  'consultation_bookings',
  {
    id: serial('id').primaryKey(),
    kindId: integer('kind_id')
      .notNull()
      .references(() => consultationKinds.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    note: text('note').notNull().default(''),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    photo: text('photo'),
    status: text('status').notNull().default('booked'),
    /** Counts the booking's changes (moves, cancellation): the calendar file's SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    /** SHA-256 of the secret manage token sent in the e-mail; the token itself is never stored. */
    manageTokenHash: text('manage_token_hash').notNull(),
    /** When the day-before reminder went out (once per booking). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consultation_bookings_token_key').on(t.manageTokenHash),
    index('consultation_bookings_starts_idx').on(t.startsAt),
    check('consultation_bookings_status_check', sql`${t.status} in ('booked', 'confirmed', 'cancelled')`),
    check('consultation_bookings_order_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);
