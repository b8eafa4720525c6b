import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingInputSchema,
  hoursEditSchema,
  isoDaySchema,
  istDate,
  istInstant,
  kindEditSchema,
  moveBookingSchema,
  parseMinute,
  toIstIso,
  weekdayOf,
} from './consultations';

describe('consultation times are India time', () => {
  it('an India date and time of day is the right instant, written with +05:30', () => {
    expect(istInstant('2026-11-24', 570).toISOString()).toBe('2026-11-24T04:00:00.000Z');
    expect(toIstIso(new Date('2026-11-23T19:00:00Z'))).toBe('2026-11-24T00:30:00+05:30');
    // Past midnight in India while it is still the day before in UTC.
    expect(istDate(new Date('2026-11-23T19:00:00Z'))).toBe('2026-11-24');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-24')).toBe(2);
    expect(parseMinute('9:30')).toBe(570);
    expect(parseMinute('21:00')).toBe(1260);
    expect(parseMinute('25:00')).toBeNull();
  });

  it('the owner’s hours must close after they open, and a kind lasts 15 to 240 minutes', () => {
    const hours = hoursEditSchema.safeParse({ weekday: '1', opens: '21:00', closes: '09:30' });
    expect(hours.success).toBe(false);
    expect(hours.error?.issues[0]?.message).toBe('The closing time must be after the opening time.');
    expect(hoursEditSchema.parse({ weekday: '1', opens: '09:30', closes: '21:00' })).toEqual({ weekday: 1, opens: 570, closes: 1260, closed: false });
    expect(hoursEditSchema.safeParse({ weekday: '0', opens: '09:30', closes: '09:00', closed: 'on' }).success).toBe(true);
    expect(kindEditSchema.safeParse({ slug: 'video', name: 'Video call', duration_minutes: '5' }).error?.issues[0]?.message).toBe(
      'A consultation lasts at least 15 minutes.',
    );
  });
});

describe('a booked time names a day that exists', () => {
  it('30 February, 31 April or 24:00 is refused with a sentence, never taken as a day of the next month', () => {
    for (const start of [
      '2026-02-30T10:00:00+05:30',
      '2027-04-31T10:00:00+05:30',
      '2026-12-01T24:00:00+05:30',
      '2026-12-01T10:60:00+05:30',
      '9999-12-01T10:00:00+05:30',
    ])
      expect(moveBookingSchema.safeParse({ start }).error?.issues[0]?.message, start).toBe('Pick one of the offered times.');
    expect(moveBookingSchema.parse({ start: '2028-02-29T10:00:00+05:30' }).start).toBe('2028-02-29T10:00:00+05:30');
    expect(moveBookingSchema.parse({ start: '2026-12-01T04:30:00Z' }).start).toBe('2026-12-01T04:30:00Z');
    const form = { kind: 'video', name: 'A', phone: '98765 43210', email: 'a@example.com', start: '2026-02-30T10:00:00+05:30' };
    expect(bookingInputSchema.safeParse(form).error?.issues.map((i) => i.path[0])).toEqual(['start']);
  });

  it('a day is within the years 2000 to 2999, and exists', () => {
    expect(isoDaySchema.safeParse('9999-12-31').error?.issues[0]?.message).toBe('Pick a day between the years 2000 and 2999.');
    expect(isoDaySchema.safeParse('0001-01-01').error?.issues[0]?.message).toBe('Pick a day between the years 2000 and 2999.');
    expect(isoDaySchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe('Pick a day that exists.');
    expect(isoDaySchema.parse('2999-12-31')).toBe('2999-12-31');
  });
});
