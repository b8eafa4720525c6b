import { phoneSchema } from './phone';
import { z } from './zod';

/**
 * Consultation booking: the kinds, the free slots of a day, a booking. Every time is India time
 * (Asia/Kolkata, +05:30 all year: India has no daylight saving), written as ISO with its offset.
 */
import { istDate, istInstant } from './india';

export { IST_OFFSET_MINUTES, istDate, istInstant, toIstIso } from './india';

/** The date `days` after an India date. */
export function addDays(day: string, days: number): string {
  return istDate(new Date(istInstant(day, 0).getTime() + days * 86_400_000));
}

/** The weekday (0 = Sunday) of an India date. */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit', hour12: true });

/** "Tuesday, 24 November 2026" (India time). */
export function formatIstDay(at: Date | string): string {
  return dayFormat.format(typeof at === 'string' ? new Date(at) : at);
}

/** "10:30 am" (India time). */
export function formatIstTime(at: Date | string): string {
  return timeFormat.format(typeof at === 'string' ? new Date(at) : at).replace(/\s+/g, ' ');
}

/** "9:30" for 570 minutes after midnight. */
export function formatMinute(minute: number): string {
  return `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;
}

/** "09:30" → 570; null for anything else. */
export function parseMinute(text: string): number | null {
  const match = /^([01]?[0-9]|2[0-4]):([0-5][0-9])$/.exec(text.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute <= 1440 ? minute : null;
}

export const consultationKindSchema = z
  .object({ slug: z.string(), name: z.string(), description: z.string(), duration_minutes: z.number().int() })
  .meta({ id: 'ConsultationKind' });

export const consultationSlotSchema = z.object({ start: z.string(), end: z.string(), available: z.boolean() }).meta({ id: 'ConsultationSlot' });

/** The years a day or a time may name: a typed 9999 (or 0001) is a sentence, not a date the shop cannot count with. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2999;

/** Whether a calendar date exists as written (no 30 February, no month 13), within the shop's years. */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

const YEARS = `Pick a day between the years ${FIRST_YEAR} and ${LAST_YEAR}.`;

export const isoDaySchema = z
  .string({ message: 'Pick a day.' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a day (YYYY-MM-DD).')
  .refine((v) => {
    const year = Number(v.slice(0, 4));
    return year >= FIRST_YEAR && year <= LAST_YEAR;
  }, YEARS)
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    return !(y >= FIRST_YEAR && y <= LAST_YEAR) || isRealDay(y, m, d);
  }, 'Pick a day that exists.');

export const slotsQuerySchema = z.object({
  kind: z.string({ message: 'Pick a kind of consultation.' }).trim().min(1, 'Pick a kind of consultation.'),
  date: isoDaySchema,
});

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const START_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether a start is a moment as written: its date exists and its time of day is a real one. `Date.parse`
 * alone takes "2026-02-30T10:00" as 2 March; a start must name the day it books.
 */
export function isRealStart(v: string): boolean {
  const match = START_PATTERN.exec(v);
  if (!match) return false;
  const [, y, mo, d, h, mi, sec, , offset] = match;
  if (!isRealDay(Number(y), Number(mo), Number(d))) return false;
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec ?? 0) > 59) return false;
  if (offset !== 'Z' && (Number(offset!.slice(1, 3)) > 14 || Number(offset!.slice(4, 6)) > 59)) return false;
  return !Number.isNaN(Date.parse(v));
}

/** A slot's start as the slots list gives it: ISO with an offset (or Z), naming a day that exists. */
const startSchema = z.string({ message: 'Pick a time.' }).trim().min(1, 'Pick a time.').refine(isRealStart, 'Pick one of the offered times.');

/** The booking form: the page's action and POST /api/consultations/ alike. */
export const bookingInputSchema = z.object({
  kind: z.string({ message: 'Pick a kind of consultation.' }).trim().min(1, 'Pick a kind of consultation.').max(40),
  start: startSchema,
  name: required('Name', 120),
  phone: phoneSchema,
  email: required('E-mail', 254).pipe(z.email({ message: 'Enter a valid e-mail address.' })),
  note: z.string({ message: 'The note must be text.' }).trim().max(3000, 'The note must be at most 3000 characters.').default(''),
  product: z.string().trim().max(200).optional(),
});

export const bookingSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    kind_name: z.string(),
    start: z.string(),
    end: z.string(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    note: z.string(),
    product: z.object({ slug: z.string(), name: z.string() }).nullable(),
    photo: z.string().nullable(),
    status: z.enum(['booked', 'confirmed', 'cancelled']),
  })
  .meta({ id: 'ConsultationBooking' });

/** Moving a booking (the visitor's manage page, the owner's admin): a new start. */
export const moveBookingSchema = z.object({ start: startSchema });

/** The owner's edit of a kind. */
export const kindEditSchema = z.object({
  slug: z.string().trim().min(1),
  name: required('Name', 80),
  description: z.string().trim().max(500, 'The description must be at most 500 characters.').default(''),
  duration_minutes: z.coerce
    .number({ message: 'The length must be a number of minutes.' })
    .int('The length must be a whole number of minutes.')
    .min(15, 'A consultation lasts at least 15 minutes.')
    .max(240, 'A consultation lasts at most 240 minutes.'),
  active: z
    .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')])
    .optional()
    .transform((v) => v === true || v === 'on' || v === 'true'),
});

const timeOfDay = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .refine((v) => parseMinute(v) !== null, `${label} must be a time such as 09:30.`)
    .transform((v) => parseMinute(v)!);

/** The owner's hours of one weekday; `closed` leaves the day without hours. */
export const hoursEditSchema = z
  .object({
    weekday: z.coerce.number().int().min(0).max(6),
    opens: timeOfDay('Opening time'),
    closes: timeOfDay('Closing time'),
    closed: z
      .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')])
      .optional()
      .transform((v) => v === true || v === 'on' || v === 'true'),
  })
  .refine((v) => v.closed || v.opens < v.closes, { message: 'The closing time must be after the opening time.', path: ['closes'] });

export const closedDateSchema = z.object({
  day: isoDaySchema,
  reason: z.string().trim().max(200, 'The reason must be at most 200 characters.').default(''),
});

export const horizonSchema = z.object({
  horizon_days: z.coerce
    .number({ message: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(1, 'Bookings must be open at least 1 day ahead.')
    .max(365, 'Bookings can be open at most 365 days ahead.'),
});

export type ConsultationKind = z.infer<typeof consultationKindSchema>;
export type ConsultationSlot = z.infer<typeof consultationSlotSchema>;
export type BookingInput = z.infer<typeof bookingInputSchema>;
export type Booking = z.infer<typeof bookingSchema>;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The kind of consultation held by video call (its slug). */
export const VIDEO_KIND = 'video';

/**
 * How a video-call consultation happens, as the booking page, the manage page and the e-mails say it. The
 * shop's mail about a new video booking asks the design team to send that link (decision 0034).
 */
export const VIDEO_CALL_HOW =
  'We will e-mail you a video-call link at least an hour before your slot. Open it on your phone or computer at the time of your consultation.';
