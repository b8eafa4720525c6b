import { describe, expect, it } from 'vitest';
import { calendarFile, foldLine, icsText, icsTime } from './ics';

describe('the calendar file of a consultation', () => {
  const event = {
    uid: 'consultation-7@teakwood.example',
    sequence: 0,
    start: new Date('2026-11-24T10:30:00+05:30'),
    end: new Date('2026-11-24T11:00:00+05:30'),
    summary: 'Video call with Teakwood',
    description: 'Your design expert will call you.\nManage: https://shop.example/consultation?token=abc',
    location: 'Video call; link by e-mail, thanks',
    now: new Date('2026-11-23T12:00:00Z'),
  };

  it('holds the start and end in UTC: 10:30 India time is 05:00 UTC', () => {
    const text = calendarFile(event).toString('utf8');
    expect(text).toContain('\r\nDTSTART:20261124T050000Z\r\n');
    expect(text).toContain('\r\nDTEND:20261124T053000Z\r\n');
    expect(text).toContain('\r\nDTSTAMP:20261123T120000Z\r\n');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes text values and folds long lines at 75 octets', () => {
    expect(icsText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i ? l.slice(1) : l))
        .join(''),
    ).toBe(`DESCRIPTION:${'é'.repeat(60)}`);
  });

  it('a cancelled booking sends a cancelling entry with the same uid', () => {
    const text = calendarFile({ ...event, sequence: 2, cancelled: true }).toString('utf8');
    expect(text).toContain('METHOD:CANCEL');
    expect(text).toContain('STATUS:CANCELLED');
    expect(text).toContain('SEQUENCE:2');
    expect(text).toContain('UID:consultation-7@teakwood.example');
    expect(icsTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });
});
