import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  addDays,
  formatIstDay,
  formatIstTime,
  formatMinute,
  istDate,
  istInstant,
  toIstIso,
  VIDEO_CALL_HOW,
  VIDEO_KIND,
  weekdayOf,
  type Booking,
  type BookingInput,
  type ConsultationKind,
  type ConsultationSlot,
} from '../../../contract/consultations';
import type { Db } from '../../db/client';
import { consultationBookings, consultationClosedDates, consultationHours, consultationKinds, consultationSettings, products } from '../../db/schema';
import { conflict, invalid, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { calendarFile } from './ics';

export const SLOT_TAKEN = 'Sorry, that time was just booked by someone else. Please pick another free slot.';
const NOT_ACTIVE = 'This booking was cancelled and can no longer be changed. Please book a new consultation.';
const CHANGED = 'This booking was changed or cancelled a moment ago. Please look at it again before confirming.';
const STORE_ADDRESS = 'Teakwood showroom, Chennai';

type KindRow = typeof consultationKinds.$inferSelect;
type BookingRow = typeof consultationBookings.$inferSelect;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A PostgreSQL exclusion-constraint violation (23P01), as drizzle or the driver wrap it. */
function isOverlap(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23P01') return true;
  }
  return false;
}

const startError = (sentence: string) => invalid({ start: [sentence] }, sentence);

export interface ConsultationsOptions {
  publicUrl: string;
  shopEmail: string;
  /** The clock (tests); the current time otherwise. */
  now?: () => Date;
}

export function createConsultationsService(db: Db, mailer: Mailer, options: ConsultationsOptions) {
  const now = options.now ?? (() => new Date());
  const host = new URL(options.publicUrl).host;
  const manageUrl = (token: string) => `${options.publicUrl.replace(/\/$/, '')}/consultation?token=${token}`;

  async function kindBySlug(slug: string, activeOnly = true): Promise<KindRow> {
    const [row] = await db.select().from(consultationKinds).where(eq(consultationKinds.slug, slug)).limit(1);
    if (!row || (activeOnly && !row.active)) {
      const sentence = 'Pick one of the kinds of consultation we offer.';
      throw invalid({ kind: [sentence] }, sentence);
    }
    return row;
  }

  async function horizonDays(): Promise<number> {
    const [row] = await db.select().from(consultationSettings).limit(1);
    return row?.horizonDays ?? 30;
  }

  async function dayRules(day: string) {
    const [hours] = await db
      .select()
      .from(consultationHours)
      .where(eq(consultationHours.weekday, weekdayOf(day)))
      .limit(1);
    const [closed] = await db.select().from(consultationClosedDates).where(eq(consultationClosedDates.day, day)).limit(1);
    return { hours: hours ?? null, closed: closed ?? null };
  }

  /** The slot starts of a day for a kind: every `duration` minutes from opening, the last one ending by closing. */
  function slotStarts(kind: KindRow, hours: { opensMinute: number; closesMinute: number }): number[] {
    const starts: number[] = [];
    for (let m = hours.opensMinute; m + kind.durationMinutes <= hours.closesMinute; m += kind.durationMinutes) starts.push(m);
    return starts;
  }

  /** Refuses a start that is not a bookable slot of its kind, with the sentence that says why. */
  async function checkStart(kind: KindRow, start: Date): Promise<Date> {
    const at = now();
    if (start.getTime() <= at.getTime()) throw startError('That time has already passed. Please pick a later slot.');
    const day = istDate(start);
    const horizon = await horizonDays();
    const lastDay = addDays(istDate(at), horizon);
    if (day > lastDay)
      throw startError(
        `Consultations can be booked up to ${horizon} days ahead. Please pick a day on or before ${formatIstDay(istInstant(lastDay, 720))}.`,
      );
    const { hours, closed } = await dayRules(day);
    if (closed)
      throw startError(`The store is closed on ${formatIstDay(start)}${closed.reason ? ` (${closed.reason})` : ''}. Please pick another day.`);
    if (!hours) throw startError(`The store is closed on ${formatIstDay(start)}. Please pick another day.`);
    const minute = Math.round((start.getTime() - istInstant(day, 0).getTime()) / 60_000);
    const hoursText = `${formatMinute(hours.opensMinute)} to ${formatMinute(hours.closesMinute)} India time`;
    if (minute < hours.opensMinute || minute + kind.durationMinutes > hours.closesMinute)
      throw startError(`That time is outside our hours (${hoursText}). Please pick one of the offered slots.`);
    if (!slotStarts(kind, hours).includes(minute) || start.getTime() % 60_000 !== 0)
      throw startError(`Please pick one of the offered slots (every ${kind.durationMinutes} minutes from ${formatMinute(hours.opensMinute)}).`);
    return new Date(start.getTime() + kind.durationMinutes * 60_000);
  }

  async function toBooking(row: BookingRow): Promise<Booking> {
    const [kind] = await db.select().from(consultationKinds).where(eq(consultationKinds.id, row.kindId)).limit(1);
    const [product] = row.productId
      ? await db.select({ slug: products.slug, name: products.name }).from(products).where(eq(products.id, row.productId)).limit(1)
      : [];
    return {
      id: row.id,
      kind: kind!.slug,
      kind_name: kind!.name,
      start: toIstIso(row.startsAt),
      end: toIstIso(row.endsAt),
      name: row.name,
      phone: row.phone,
      email: row.email,
      note: row.note,
      product: product ?? null,
      photo: row.photo,
      status: row.status as Booking['status'],
    };
  }

  function locationOf(kindSlug: string): string {
    if (kindSlug === 'showroom') return STORE_ADDRESS;
    if (kindSlug === VIDEO_KIND) return 'Video call: the link comes by e-mail at least an hour before the slot';
    if (kindSlug === 'home') return 'Your home in Chennai';
    return 'Teakwood, Chennai';
  }

  /** The calendar entry: never the manage link (the outbox keeps files as they are; the mail's text carries it). */
  function calendarOf(row: BookingRow, booking: Booking) {
    return {
      filename: 'consultation.ics',
      contentType: `text/calendar; charset=utf-8; method=${row.status === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
      content: calendarFile({
        uid: `consultation-${row.id}@${host}`,
        sequence: row.revision,
        start: row.startsAt,
        end: row.endsAt,
        summary: `${booking.kind_name} with Teakwood`,
        description: 'Your consultation with a Teakwood design expert. To cancel or move it, use the link in our e-mail.',
        location: locationOf(booking.kind),
        cancelled: row.status === 'cancelled',
        now: now(),
      }),
    };
  }

  const when = (b: Booking) => `${formatIstDay(b.start)}, ${formatIstTime(b.start)} to ${formatIstTime(b.end)} (India time)`;

  /** Tells the visitor what happened to their booking, with the calendar entry (and the link, when we have it). */
  async function tellVisitor(row: BookingRow, subject: string, opening: string, token?: string) {
    const booking = await toBooking(row);
    const link = token ? manageUrl(token) : undefined;
    const text = [
      `Dear ${booking.name},`,
      '',
      opening,
      '',
      `${booking.kind_name}: ${when(booking)}`,
      `Where: ${locationOf(booking.kind)}`,
      ...(booking.kind === VIDEO_KIND && row.status !== 'cancelled' ? ['', VIDEO_CALL_HOW] : []),
      ...(link ? ['', `To cancel or move your consultation: ${link}`] : []),
      '',
      'Teakwood, Chennai',
    ].join('\n');
    await mailer.send({ to: booking.email, subject, text, secrets: link ? [link] : [], attachments: [calendarOf(row, booking)] });
  }

  /** Tells the shop what a visitor changed (the owner sees it in the admin too). */
  async function tellShop(subject: string, text: string) {
    await mailer.send({ to: options.shopEmail, subject, text: `${text}\n` });
  }

  async function rowByToken(token: string): Promise<BookingRow> {
    if (!token || token.length > 200) throw notFound('The booking');
    const [row] = await db
      .select()
      .from(consultationBookings)
      .where(eq(consultationBookings.manageTokenHash, hashToken(token)))
      .limit(1);
    if (!row) throw notFound('The booking');
    return row;
  }

  async function rowById(id: number): Promise<BookingRow> {
    const [row] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, id)).limit(1);
    if (!row) throw notFound('The booking');
    return row;
  }

  async function move(row: BookingRow, startText: string): Promise<BookingRow> {
    if (row.status === 'cancelled') throw conflict(NOT_ACTIVE);
    const kind = (await db.select().from(consultationKinds).where(eq(consultationKinds.id, row.kindId)).limit(1))[0]!;
    const start = new Date(startText);
    const end = await checkStart(kind, start);
    try {
      const [moved] = await db
        .update(consultationBookings)
        .set({ startsAt: start, endsAt: end, revision: sql`${consultationBookings.revision} + 1`, reminderSentAt: null, updatedAt: new Date() })
        .where(and(eq(consultationBookings.id, row.id), ne(consultationBookings.status, 'cancelled')))
        .returning();
      if (!moved) throw conflict(NOT_ACTIVE);
      return moved;
    } catch (err) {
      if (isOverlap(err)) throw conflict(SLOT_TAKEN);
      throw err;
    }
  }

  async function cancel(row: BookingRow): Promise<BookingRow> {
    if (row.status === 'cancelled') return row;
    const [cancelled] = await db
      .update(consultationBookings)
      .set({ status: 'cancelled', revision: sql`${consultationBookings.revision} + 1`, updatedAt: new Date() })
      .where(and(eq(consultationBookings.id, row.id), ne(consultationBookings.status, 'cancelled')))
      .returning();
    return cancelled ?? row;
  }

  return {
    /** The kinds a visitor can book, in the owner's order. */
    async kinds(): Promise<ConsultationKind[]> {
      const rows = await db
        .select()
        .from(consultationKinds)
        .where(eq(consultationKinds.active, true))
        .orderBy(asc(consultationKinds.position), asc(consultationKinds.id));
      return rows.map((k) => ({ slug: k.slug, name: k.name, description: k.description, duration_minutes: k.durationMinutes }));
    },

    /** The first and last day a visitor may book today (India dates). */
    async bookableDays(): Promise<{ first: string; last: string }> {
      const today = istDate(now());
      return { first: today, last: addDays(today, await horizonDays()) };
    },

    /**
     * A day's slots of a kind: free or not; none on a closed day, in the past only, or beyond the horizon.
     * `booked`: the slots a booking of this kind may move to, even when the owner no longer offers the kind.
     */
    async slots(kindSlug: string, day: string, options: { booked?: boolean } = {}): Promise<ConsultationSlot[]> {
      const kind = await kindBySlug(kindSlug, !options.booked);
      const at = now();
      const horizon = await horizonDays();
      if (day < istDate(at) || day > addDays(istDate(at), horizon)) return [];
      const { hours, closed } = await dayRules(day);
      if (!hours || closed) return [];
      const dayStart = istInstant(day, 0);
      const taken = await db
        .select({ startsAt: consultationBookings.startsAt, endsAt: consultationBookings.endsAt })
        .from(consultationBookings)
        .where(
          and(
            eq(consultationBookings.kindId, kind.id),
            ne(consultationBookings.status, 'cancelled'),
            lt(consultationBookings.startsAt, istInstant(day, 1440)),
            gte(consultationBookings.endsAt, dayStart),
          ),
        );
      return slotStarts(kind, hours).map((minute) => {
        const start = istInstant(day, minute);
        const end = new Date(start.getTime() + kind.durationMinutes * 60_000);
        const busy = taken.some((t) => t.startsAt < end && t.endsAt > start);
        return { start: toIstIso(start), end: toIstIso(end), available: !busy && start.getTime() > at.getTime() };
      });
    },

    /**
     * Books a slot. The database refuses a second active booking that overlaps one of the same kind (an
     * exclusion constraint), so two visitors booking at the same moment get one booking and one 409.
     */
    async book(input: BookingInput, extra: { photo?: string | null } = {}): Promise<{ booking: Booking; token: string }> {
      const kind = await kindBySlug(input.kind);
      const start = new Date(input.start);
      const end = await checkStart(kind, start);
      let productId: number | null = null;
      if (input.product) {
        const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, input.product)).limit(1);
        if (!product) throw invalid({ product: ['That product was not found. Leave it out or pick another.'] });
        productId = product.id;
      }
      const token = randomBytes(32).toString('base64url');
      let row: BookingRow;
      try {
        [row] = (await db
          .insert(consultationBookings)
          .values({
            kindId: kind.id,
            startsAt: start,
            endsAt: end,
            name: input.name,
            phone: input.phone,
            email: input.email,
            note: input.note,
            productId,
            photo: extra.photo ?? null,
            manageTokenHash: hashToken(token),
          })
          .returning()) as [BookingRow];
      } catch (err) {
        if (isOverlap(err)) throw conflict(SLOT_TAKEN);
        throw err;
      }
      const booking = await toBooking(row);
      await tellVisitor(
        row,
        `Your ${booking.kind_name.toLowerCase()} with Teakwood is booked`,
        'Thank you for booking a consultation with us. We look forward to meeting you.',
        token,
      );
      await mailer.send({
        to: options.shopEmail,
        subject: `New consultation: ${booking.kind_name}, ${formatIstDay(booking.start)} ${formatIstTime(booking.start)}`,
        text: `${booking.name} <${booking.email}>, phone ${booking.phone}, booked a ${booking.kind_name.toLowerCase()} for ${when(booking)}.\n${
          booking.kind === VIDEO_KIND
            ? `Video call: e-mail the video-call link to ${booking.email} at least an hour before ${formatIstTime(booking.start)} on ${formatIstDay(booking.start)}; they have been told to expect it.\n`
            : ''
        }${
          booking.product ? `Product: ${booking.product.name}\n` : ''
        }${booking.photo ? `Photo: ${options.publicUrl.replace(/\/$/, '')}${booking.photo}\n` : ''}\n${booking.note}\n`,
      });
      return { booking, token };
    },

    /** The visitor's own booking, by the secret of their e-mail's link. */
    async byToken(token: string): Promise<Booking> {
      return toBooking(await rowByToken(token));
    },

    async cancelByToken(token: string): Promise<Booking> {
      const before = await rowByToken(token);
      const row = await cancel(before);
      if (before.status === 'cancelled') return toBooking(row);
      await tellVisitor(
        row,
        'Your consultation with Teakwood is cancelled',
        'Your consultation is cancelled, as you asked. You are welcome to book another time.',
      );
      const booking = await toBooking(row);
      await tellShop(
        `Consultation cancelled by ${booking.name}`,
        `${booking.name} cancelled their ${booking.kind_name.toLowerCase()} of ${when(booking)}.`,
      );
      return booking;
    },

    async moveByToken(token: string, start: string): Promise<Booking> {
      const row = await move(await rowByToken(token), start);
      await tellVisitor(row, 'Your consultation with Teakwood has moved', 'Your consultation has moved to the time below.', token);
      const booking = await toBooking(row);
      await tellShop(`Consultation moved by ${booking.name}`, `${booking.name} moved their ${booking.kind_name.toLowerCase()} to ${when(booking)}.`);
      return booking;
    },

    // ── the owner's side (callers check the superuser) ──
    /** The bookings from one India date for `days` days, in order. */
    async bookingsBetween(firstDay: string, days: number): Promise<Booking[]> {
      const rows = await db
        .select()
        .from(consultationBookings)
        .where(
          and(gte(consultationBookings.startsAt, istInstant(firstDay, 0)), lt(consultationBookings.startsAt, istInstant(addDays(firstDay, days), 0))),
        )
        .orderBy(asc(consultationBookings.startsAt), asc(consultationBookings.id));
      return Promise.all(rows.map(toBooking));
    },

    async confirm(id: number): Promise<Booking> {
      const row = await rowById(id);
      if (row.status === 'cancelled') throw conflict(NOT_ACTIVE);
      let confirmed: BookingRow | undefined;
      try {
        // Only the booking as read: a visitor's cancel (or move) in between is not undone.
        [confirmed] = await db
          .update(consultationBookings)
          .set({ status: 'confirmed', updatedAt: new Date() })
          .where(
            and(
              eq(consultationBookings.id, id),
              eq(consultationBookings.status, row.status),
              eq(consultationBookings.revision, row.revision),
              ne(consultationBookings.status, 'cancelled'),
            ),
          )
          .returning();
      } catch (err) {
        if (isOverlap(err)) throw conflict(SLOT_TAKEN);
        throw err;
      }
      if (!confirmed) throw conflict(CHANGED);
      await tellVisitor(confirmed, 'Your consultation with Teakwood is confirmed', 'Your design expert has confirmed your consultation.');
      return toBooking(confirmed);
    },

    async moveById(id: number, start: string): Promise<Booking> {
      const row = await move(await rowById(id), start);
      await tellVisitor(
        row,
        'Your consultation with Teakwood has moved',
        'We had to move your consultation to the time below. If it does not suit you, reply to this e-mail.',
      );
      return toBooking(row);
    },

    async cancelById(id: number): Promise<Booking> {
      const before = await rowById(id);
      const row = await cancel(before);
      if (before.status !== 'cancelled')
        await tellVisitor(
          row,
          'Your consultation with Teakwood is cancelled',
          'We are sorry: we had to cancel your consultation. Please book another time, or reply to this e-mail.',
        );
      return toBooking(row);
    },

    async settings() {
      const kinds = await db.select().from(consultationKinds).orderBy(asc(consultationKinds.position), asc(consultationKinds.id));
      const hours = await db.select().from(consultationHours).orderBy(asc(consultationHours.weekday));
      const closed = await db
        .select()
        .from(consultationClosedDates)
        .where(gte(consultationClosedDates.day, istDate(now())))
        .orderBy(asc(consultationClosedDates.day));
      return {
        kinds: kinds.map((k) => ({ slug: k.slug, name: k.name, description: k.description, duration_minutes: k.durationMinutes, active: k.active })),
        hours: hours.map((h) => ({ weekday: h.weekday, opens: h.opensMinute, closes: h.closesMinute })),
        closed_dates: closed.map((c) => ({ day: c.day, reason: c.reason })),
        horizon_days: await horizonDays(),
      };
    },

    async updateKind(input: { slug: string; name: string; description: string; duration_minutes: number; active: boolean }) {
      const kind = await kindBySlug(input.slug, false);
      await db
        .update(consultationKinds)
        .set({ name: input.name, description: input.description, durationMinutes: input.duration_minutes, active: input.active })
        .where(eq(consultationKinds.id, kind.id));
    },

    async setHours(input: { weekday: number; opens: number; closes: number; closed: boolean }) {
      if (input.closed) {
        await db.delete(consultationHours).where(eq(consultationHours.weekday, input.weekday));
        return;
      }
      await db
        .insert(consultationHours)
        .values({ weekday: input.weekday, opensMinute: input.opens, closesMinute: input.closes })
        .onConflictDoUpdate({ target: consultationHours.weekday, set: { opensMinute: input.opens, closesMinute: input.closes } });
    },

    async addClosedDate(input: { day: string; reason: string }) {
      if (input.day < istDate(now())) throw invalid({ day: ['That day has already passed.'] });
      await db
        .insert(consultationClosedDates)
        .values(input)
        .onConflictDoUpdate({ target: consultationClosedDates.day, set: { reason: input.reason } });
    },

    async removeClosedDate(day: string) {
      await db.delete(consultationClosedDates).where(eq(consultationClosedDates.day, day));
    },

    async setHorizon(days: number) {
      await db
        .insert(consultationSettings)
        .values({ id: 1, horizonDays: days })
        .onConflictDoUpdate({ target: consultationSettings.id, set: { horizonDays: days } });
    },

    /**
     * The day-before reminders: every active booking on tomorrow's India date that has not had one. Each
     * booking is claimed by setting `reminder_sent_at` first (one UPDATE), so two processes never both send it.
     */
    async sendReminders(): Promise<number> {
      const tomorrow = addDays(istDate(now()), 1);
      const claimed = await db
        .update(consultationBookings)
        .set({ reminderSentAt: now() })
        .where(
          and(
            inArray(consultationBookings.status, ['booked', 'confirmed']),
            isNull(consultationBookings.reminderSentAt),
            gte(consultationBookings.startsAt, istInstant(tomorrow, 0)),
            lt(consultationBookings.startsAt, istInstant(tomorrow, 1440)),
          ),
        )
        .returning();
      // Each booking on its own: one mail that cannot be written leaves its booking for the next run, not the others.
      const failures: unknown[] = [];
      for (const row of claimed) {
        try {
          await tellVisitor(
            row,
            'Reminder: your consultation with Teakwood is tomorrow',
            'A reminder: your consultation with our design expert is tomorrow.',
          );
        } catch (err) {
          failures.push(err);
          await db.update(consultationBookings).set({ reminderSentAt: null }).where(eq(consultationBookings.id, row.id));
        }
      }
      if (failures.length)
        throw new AggregateError(
          failures,
          `${failures.length} of ${claimed.length} consultation reminders could not be sent; they are left for the next run`,
        );
      return claimed.length;
    },
  };
}

export type ConsultationsService = ReturnType<typeof createConsultationsService>;
