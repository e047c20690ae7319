/**
 * An RFC 5545 calendar of one event, written by hand (the format is small): CRLF line endings,
 * content lines folded at 75 octets without splitting a UTF-8 character, TEXT values escaped,
 * times in UTC. The interview's `.ics` invitation, its update and its cancellation.
 */

export type IcsPerson = { name: string; email: string };

export type IcsEvent = {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  stamp: Date;
  start: Date;
  minutes: number;
  summary: string;
  location?: string | null;
  url?: string | null;
  description?: string | null;
  organizer: IcsPerson;
  attendees: IcsPerson[];
};

const FOLD_OCTETS = 75;

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma escaped; any line break as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/\p{Cc}/gu, '');
}

/** A quoted parameter value (CN): DQUOTE and control characters cannot appear inside one. */
function quotedParam(value: string): string {
  return `"${value.replace(/["\p{Cc}]/gu, '').trim()}"`;
}

/** A mailto: address as a CAL-ADDRESS: nothing that could end the line or the value. */
function calAddress(email: string): string {
  return `mailto:${email.replace(/[\s"<>;,:\\]/g, '')}`;
}

/**
 * One content line folded (RFC 5545 3.1): no line longer than 75 octets, continuation lines
 * begin with a space (which counts), and a multi-byte character stays whole.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = FOLD_OCTETS;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = FOLD_OCTETS - 1; // the leading space of a continuation line
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A UTC DATE-TIME: 20261128T110000Z. */
export function icsDateTime(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function person(prop: 'ORGANIZER' | 'ATTENDEE', p: IcsPerson): string {
  const params = prop === 'ATTENDEE' ? ';ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE' : '';
  return `${prop};CN=${quotedParam(p.name || p.email)}${params}:${calAddress(p.email)}`;
}

/** The whole calendar: METHOD:REQUEST for an invitation or its update, METHOD:CANCEL for a cancellation. */
export function eventIcs(e: IcsEvent): string {
  const end = new Date(e.start.getTime() + e.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//HR-club//Interviews//RU',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid.replace(/[\s\p{Cc}]/gu, '')}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icsDateTime(e.stamp)}`,
    `DTSTART:${icsDateTime(e.start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url.replace(/[\s\p{Cc}]/gu, '')}`] : []),
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    person('ORGANIZER', e.organizer),
    ...e.attendees.map((a) => person('ATTENDEE', a)),
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
