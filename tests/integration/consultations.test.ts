import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, istDate, toIstIso, istInstant, VIDEO_CALL_HOW, type Booking, type ConsultationSlot } from '../../contract/consultations';
import { consultationBookings, consultationKinds, emailAttachments, emailOutbox } from '../../server/db/schema';
import { SCHEDULED_JOBS } from '../../server/services';
import { createTestApp, type TestApp } from '../support/app';
import { startPassesDone } from '../support/jobs';
import { nextAddress } from './admin-support';

/** Consultation booking: the database keeps one visitor per slot, the rules answer with sentences, e-mails carry a calendar file. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.test' });
}, 120_000);
afterAll(() => t?.close());

const today = () => istDate(new Date());
/** A day two days ahead (India date): always bookable, never "tomorrow" for the reminder stories. */
const soon = () => addDays(today(), 2);
const at = (day: string, hhmm: string) => `${day}T${hhmm}:00+05:30`;

let visitor = 0;
const form = (start: string, kind = 'video') => ({
  kind,
  start,
  name: `Visitor ${++visitor}`,
  phone: '98765 43210',
  email: `visitor${visitor}@example.com`,
  note: 'A teak dining table for six.',
});

const book = (payload: object) => t.app.inject({ method: 'POST', url: '/api/consultations/', payload, remoteAddress: nextAddress() });

describe('consultation booking', () => {
  it('lists the kinds the owner offers: showroom visit, video call, home visit', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/consultations/kinds/' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ slug: string }[]>().map((k) => k.slug)).toEqual(['showroom', 'video', 'home']);
  });

  it('a day’s slots run from 9:30 to 21:00 India time, with the +05:30 offset, and are never kept by a cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/consultations/slots/?kind=video&date=${soon()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const slots = res.json<ConsultationSlot[]>();
    expect(slots[0]).toEqual({ start: at(soon(), '09:30'), end: at(soon(), '10:00'), available: true });
    expect(slots.at(-1)).toMatchObject({ start: at(soon(), '20:30'), end: at(soon(), '21:00') });
    expect(slots).toHaveLength(23);
  });

  it('20 visitors booking one slot at the same moment get exactly one booking and 19 clear refusals', async () => {
    const start = at(soon(), '11:00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => book(form(start))));
    const booked = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.json<{ detail: string }>().detail).toMatch(/just booked by someone else/);
    const rows = await t.database.db
      .select()
      .from(consultationBookings)
      .where(eq(consultationBookings.startsAt, new Date(start)));
    expect(rows).toHaveLength(1);
    const slots = (await t.app.inject({ method: 'GET', url: `/api/consultations/slots/?kind=video&date=${soon()}` })).json<ConsultationSlot[]>();
    expect(slots.find((s) => s.start === start)?.available).toBe(false);
  });

  it('the database itself refuses a second active booking over the same time of one kind', async () => {
    const start = istInstant(soon(), 12 * 60);
    const values = {
      kindId: 2,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      name: 'A',
      phone: '+919876543210',
      email: 'a@example.com',
    };
    await t.database.db.insert(consultationBookings).values({ ...values, manageTokenHash: 'x1' });
    await expect(t.database.db.insert(consultationBookings).values({ ...values, manageTokenHash: 'x2' })).rejects.toThrow();
    // Another kind at the same time is another expert's slot.
    await t.database.db
      .insert(consultationBookings)
      .values({ ...values, kindId: 1, endsAt: new Date(start.getTime() + 60 * 60_000), manageTokenHash: 'x3' });
  });

  it('a booking outside hours, on a closed date, in the past or too far ahead is refused with a sentence', async () => {
    const early = await book(form(at(soon(), '08:30')));
    expect(early.statusCode).toBe(400);
    expect(early.json<{ errors: Record<string, string[]> }>().errors.start?.[0]).toMatch(/outside our hours \(9:30 to 21:00 India time\)/);
    const late = await book(form(at(soon(), '20:45')));
    expect(late.statusCode).toBe(400);
    expect(late.json<{ detail: string }>().detail).toMatch(/outside our hours/);

    const closedDay = addDays(today(), 3);
    await t.services.consultations.addClosedDate({ day: closedDay, reason: 'Pongal' });
    const closed = await book(form(at(closedDay, '10:00')));
    expect(closed.statusCode).toBe(400);
    expect(closed.json<{ detail: string }>().detail).toMatch(/^The store is closed on .* \(Pongal\)\. Please pick another day\.$/);
    const closedSlots = await t.app.inject({ method: 'GET', url: `/api/consultations/slots/?kind=video&date=${closedDay}` });
    expect(closedSlots.json()).toEqual([]);

    const past = await book(form(at(addDays(today(), -1), '10:00')));
    expect(past.statusCode).toBe(400);
    expect(past.json<{ detail: string }>().detail).toBe('That time has already passed. Please pick a later slot.');

    const far = await book(form(at(addDays(today(), 45), '10:00')));
    expect(far.statusCode).toBe(400);
    expect(far.json<{ detail: string }>().detail).toMatch(/^Consultations can be booked up to 30 days ahead\. Please pick a day on or before /);

    const between = await book(form(at(soon(), '10:15')));
    expect(between.statusCode).toBe(400);
    expect(between.json<{ detail: string }>().detail).toMatch(/Please pick one of the offered slots/);

    const badPhone = await book({ ...form(at(soon(), '10:00')), phone: '12', email: 'nope' });
    expect(badPhone.statusCode).toBe(400);
    expect(Object.keys(badPhone.json<{ errors: object }>().errors).sort()).toEqual(['email', 'phone']);
  });

  it('cancelling frees the slot for the next visitor', async () => {
    const start = at(soon(), '14:00');
    const { booking, token } = await t.services.consultations.book({ ...form(start) });
    expect((await book(form(start))).statusCode).toBe(409);
    const cancelled = await t.services.consultations.cancelByToken(token);
    expect(cancelled.status).toBe('cancelled');
    const told = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, t.config.mail.shopEmail), like(emailOutbox.subject, `Consultation cancelled by ${booking.name}`)));
    expect(told).toHaveLength(1);
    const again = await book(form(start));
    expect(again.statusCode).toBe(201);
    expect(again.json<Booking>().id).not.toBe(booking.id);
  });

  it('moving a booking checks the new slot: a taken one is refused, a free one is moved to', async () => {
    const taken = at(soon(), '15:00');
    await t.services.consultations.book(form(taken));
    const { booking, token } = await t.services.consultations.book(form(at(soon(), '15:30')));
    await expect(t.services.consultations.moveByToken(token, taken)).rejects.toMatchObject({ status: 409 });
    await expect(t.services.consultations.moveById(booking.id, at(addDays(today(), -1), '15:00'))).rejects.toMatchObject({ status: 400 });
    const moved = await t.services.consultations.moveById(booking.id, at(soon(), '16:00'));
    expect(moved.start).toBe(at(soon(), '16:00'));
    expect((await book(form(at(soon(), '15:30')))).statusCode).toBe(201);
  });

  it('the booking e-mail carries a calendar file with the start in UTC, and a manage link kept out of the outbox', async () => {
    const email = 'ics@example.com';
    const res = await book({ ...form(at(soon(), '17:30')), email });
    expect(res.statusCode).toBe(201);
    expect(res.json<Booking>()).toMatchObject({ start: at(soon(), '17:30'), end: at(soon(), '18:00'), status: 'booked', kind_name: 'Video call' });
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail!.text).toContain('[link removed]');
    const [file] = await t.database.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, mail!.id));
    expect(file!.filename).toBe('consultation.ics');
    const ics = file!.content.toString('utf8');
    // 17:30 India time is 12:00 UTC.
    expect(ics).toContain(`DTSTART:${soon().replace(/-/g, '')}T120000Z`);
    expect(ics).toContain(`DTEND:${soon().replace(/-/g, '')}T123000Z`);
    expect(toIstIso(new Date(`${soon()}T12:00:00Z`))).toBe(at(soon(), '17:30'));
  });

  it('a video call says how the call happens: the visitor’s e-mail and calendar, and the shop’s mail asks for the link to be sent', async () => {
    const email = 'video@example.com';
    expect((await book({ ...form(at(soon(), '12:30')), email })).statusCode).toBe(201);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail!.text).toContain(VIDEO_CALL_HOW);
    expect(mail!.text).toContain('Where: Video call: the link comes by e-mail at least an hour before the slot');
    const [file] = await t.database.db.select().from(emailAttachments).where(eq(emailAttachments.emailId, mail!.id));
    expect(file!.content.toString('utf8').replace(/\r\n[ \t]/g, '')).toContain(
      'LOCATION:Video call: the link comes by e-mail at least an hour before the slot',
    );
    const shop = (await t.database.db.select().from(emailOutbox).where(like(emailOutbox.subject, 'New consultation: Video call%'))).find((m) =>
      m.text.includes(email),
    );
    expect(shop!.text).toContain(`Video call: e-mail the video-call link to ${email} at least an hour before 12:30 pm`);
    // A showroom visit says nothing of a link.
    const visit = 'visit@example.com';
    const visited = await book({ ...form(at(addDays(today(), 4), '12:30'), 'showroom'), email: visit });
    expect(visited.statusCode, visited.body).toBe(201);
    const [visitMail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, visit));
    expect(visitMail!.text).not.toContain('video-call link');
  });

  it('the reminder goes out once, the day before', async () => {
    // The shop's own pass after its start would otherwise take the bookings between the steps below.
    await startPassesDone(t.database, [SCHEDULED_JOBS.consultationReminders]);
    const email = 'reminder@example.com';
    const tomorrow = addDays(today(), 1);
    await t.services.consultations.book({ ...form(at(tomorrow, '20:30')), email });
    await t.services.consultations.book({ ...form(at(soon(), '20:30')), email });
    await t.services.consultations.sendReminders();
    await t.services.consultations.sendReminders();
    const reminders = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, 'Reminder%')));
    expect(reminders).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(consultationBookings)
      .where(and(eq(consultationBookings.email, email), eq(consultationBookings.startsAt, new Date(at(tomorrow, '20:30')))));
    expect(row!.reminderSentAt).not.toBeNull();
  });

  it('a sixth booking from one address within ten minutes is refused with a sentence, like every public form', async () => {
    const remoteAddress = nextAddress();
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await t.app.inject({ method: 'POST', url: '/api/consultations/', payload: { kind: 'video' }, remoteAddress }));
    expect(answers.slice(0, 5).map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[5]!.statusCode).toBe(429);
    expect(answers[5]!.json<{ detail: string }>().detail).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });

  it('the owner’s hours and horizon change the slots offered', async () => {
    const { consultations } = t.services;
    const day = addDays(today(), 5);
    const weekday = new Date(`${day}T12:00:00+05:30`).getUTCDay();
    try {
      await consultations.setHours({ weekday, opens: 600, closes: 720, closed: false });
      const slots = await consultations.slots('showroom', day);
      expect(slots.map((s) => s.start)).toEqual([at(day, '10:00'), at(day, '11:00')]);
      await consultations.setHours({ weekday, opens: 0, closes: 0, closed: true });
      expect(await consultations.slots('showroom', day)).toEqual([]);
      expect((await book(form(at(day, '10:00'), 'showroom'))).json<{ detail: string }>().detail).toMatch(/^The store is closed on /);
      await consultations.setHours({ weekday, opens: 570, closes: 1260, closed: false });
      await consultations.setHorizon(4);
      const refused = await book(form(at(day, '10:00'), 'showroom'));
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ detail: string }>().detail).toMatch(/up to 4 days ahead/);
    } finally {
      await consultations.setHours({ weekday, opens: 570, closes: 1260, closed: false });
      await consultations.setHorizon(30);
    }
  });

  it('the manage link is in the visitor’s mail only: no calendar file nor outbox row holds its token', async () => {
    const email = 'secret-link@example.com';
    const { token } = await t.services.consultations.book({ ...form(at(soon(), '18:30')), email });
    await t.services.consultations.moveByToken(token, at(soon(), '19:00'));
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mails.length).toBe(2);
    for (const mail of mails) expect(`${mail.subject}\n${mail.text}\n${mail.sealed ?? ''}`).not.toContain(token);
    const files = await t.database.db.select().from(emailAttachments);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = Buffer.from(file.content).toString('utf8');
      expect(text).not.toContain(token);
      // Nor across a folded line of the calendar file.
      expect(text.replace(/\r\n /g, '')).not.toContain(token);
      expect(text).not.toContain('/consultation?token');
    }
  });

  it('the owner’s confirm never undoes a visitor’s cancel made in between: the cancel stands and the owner is told why', async () => {
    for (let round = 0; round < 6; round++) {
      const { booking, token } = await t.services.consultations.book(form(at(addDays(today(), 6), `1${round}:00`)));
      // The visitor's cancel and the owner's confirm at the same moment.
      const [cancelled, confirmed] = await Promise.allSettled([
        t.services.consultations.cancelByToken(token),
        t.services.consultations.confirm(booking.id),
      ]);
      expect(cancelled.status).toBe('fulfilled');
      const [row] = await t.database.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
      expect(row!.status, `round ${round}`).toBe('cancelled');
      if (confirmed.status === 'rejected') {
        expect(confirmed.reason).toMatchObject({ status: 409 });
        expect((confirmed.reason as { detail: string }).detail).toMatch(/cancelled/);
      }
    }
    // Confirming a cancelled booking, and one whose slot another visitor has since taken, is a 409 with a sentence.
    const start = at(addDays(today(), 6), '17:00');
    const first = await t.services.consultations.book(form(start));
    await t.services.consultations.cancelByToken(first.token);
    await t.services.consultations.book(form(start));
    await expect(t.services.consultations.confirm(first.booking.id)).rejects.toMatchObject({ status: 409 });
    const answer = await t.services.consultations.confirm(first.booking.id).catch((err: { detail: string }) => err.detail);
    expect(answer).toBe('This booking was cancelled and can no longer be changed. Please book a new consultation.');
  });

  it('a reminder that cannot be written leaves its booking for the next run, and the other visitors still get theirs', async () => {
    await startPassesDone(t.database, [SCHEDULED_JOBS.consultationReminders]);
    const tomorrow = addDays(today(), 1);
    const refused = 'refused-reminder@example.com';
    const others = ['reminded-1@example.com', 'reminded-2@example.com'];
    // The failing one first: the others come after it in the run.
    await t.services.consultations.book({ ...form(at(tomorrow, '09:30'), 'showroom'), email: refused });
    await t.services.consultations.book({ ...form(at(tomorrow, '10:30'), 'showroom'), email: others[0]! });
    await t.services.consultations.book({ ...form(at(tomorrow, '11:30'), 'showroom'), email: others[1]! });
    const reminders = async (to: string) =>
      (
        await t.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, 'Reminder%')))
      ).length;
    const reminded = async (to: string) =>
      (await t.database.db.select().from(consultationBookings).where(eq(consultationBookings.email, to)))[0]!.reminderSentAt;
    // The outbox refuses one recipient's mail, as a database refusing a write would.
    await t.database.db.execute(
      sql.raw(`create function refuse_reminder() returns trigger language plpgsql as $$
        begin
          if new."to" = '${refused}' and new.subject like 'Reminder%' then raise exception 'the outbox refuses this mail'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger refuse_reminder before insert on email_outbox for each row execute function refuse_reminder()'),
    );
    try {
      await expect(t.services.consultations.sendReminders()).rejects.toThrow(/could not be sent/);
      for (const to of others) {
        expect(await reminders(to), to).toBe(1);
        expect(await reminded(to), to).not.toBeNull();
      }
      expect(await reminders(refused)).toBe(0);
      expect(await reminded(refused)).toBeNull();
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_reminder on email_outbox'));
      await t.database.db.execute(sql.raw('drop function refuse_reminder()'));
    }
    // The next run sends the one left, and only it.
    await t.services.consultations.sendReminders();
    expect(await reminders(refused)).toBe(1);
    for (const to of others) expect(await reminders(to), to).toBe(1);
  });

  it('a start on a day that does not exist (30 February) is refused with a sentence, never booked on the day after', async () => {
    const year = Number(today().slice(0, 4)) + 1;
    const res = await book(form(`${year}-02-30T10:00:00+05:30`));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.start).toEqual(['Pick one of the offered times.']);
    const slots = await t.app.inject({ method: 'GET', url: '/api/consultations/slots/?kind=video&date=9999-12-31' });
    expect(slots.statusCode).toBe(400);
    expect(slots.json<{ detail: string }>().detail).toMatch(/between the years 2000 and 2999/);
  });

  it('a booking of a kind the owner stopped offering can still be moved to that kind’s slots', async () => {
    const { consultations } = t.services;
    const { token } = await consultations.book(form(at(addDays(today(), 7), '09:30'), 'home'));
    const [home] = await t.database.db.select().from(consultationKinds).where(eq(consultationKinds.slug, 'home'));
    await t.database.db.update(consultationKinds).set({ active: false }).where(eq(consultationKinds.slug, 'home'));
    try {
      await expect(consultations.slots('home', addDays(today(), 8))).rejects.toMatchObject({ status: 400 });
      const slots = await consultations.slots('home', addDays(today(), 8), { booked: true });
      expect(slots.length).toBeGreaterThan(0);
      const moved = await consultations.moveByToken(token, slots.find((s) => s.available)!.start);
      expect(moved.kind).toBe('home');
    } finally {
      await t.database.db.update(consultationKinds).set({ active: home!.active }).where(eq(consultationKinds.slug, 'home'));
    }
  });
});
