/**
 * A calendar file (RFC 5545) for one consultation: a VEVENT with its times in UTC (every calendar shows them
 * in its own zone) and the shop as organiser; never the secret manage link (the outbox keeps files as they
 * are: the mail's text carries it). Small enough to write and test here.
 */
export interface CalendarEvent {
  /** Stays the same for one booking, so that a moved or cancelled booking replaces the entry it sent before. */
  uid: string;
  /** Grows with each change of the booking (calendars keep the highest). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url?: string;
  cancelled?: boolean;
  /** The moment the file is made (DTSTAMP). */
  now?: Date;
}

/** 20261124T050000Z */
export function icsTime(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Text values escape backslashes, semicolons, commas and line breaks. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets continue on the next line after a space, never splitting a character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarFile(event: CalendarEvent): Buffer {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Teakwood//Consultations//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.now ?? new Date())}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return Buffer.from(lines.map(foldLine).join('\r\n') + '\r\n', 'utf8');
}
