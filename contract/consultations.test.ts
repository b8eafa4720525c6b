import { describe, expect, it } from 'vitest';
import { addDays, hoursEditSchema, istDate, istInstant, kindEditSchema, parseMinute, toIstIso, weekdayOf } from './consultations';

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
