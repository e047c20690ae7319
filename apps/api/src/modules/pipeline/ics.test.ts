import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, eventIcs, foldLine, icsDateTime } from './ics.ts';
import { candidateOrganizer, senderAddress } from './interviews.letters.ts';

const event = {
  method: 'REQUEST' as const,
  uid: '0f8e6c1a-1111-4222-8333-944445555666@club.test',
  sequence: 2,
  stamp: new Date('2026-11-20T09:00:00Z'),
  start: new Date('2026-12-01T11:30:00Z'),
  minutes: 45,
  summary: 'Интервью: Рекрутер; IT, продукт',
  location: 'Москва, ул. Тверская, д. 1; офис 5',
  url: 'https://meet.example/abc?x=1,2',
  description: 'Первая строка\nВторая, с запятой; и точкой с запятой \\ и обратной чертой',
  organizer: { name: 'Анна "Главная" Петрова', email: 'anna@club.test' },
  attendees: [
    { name: 'Соколова Ирина', email: 'irina@mail.test' },
    { name: 'Пётр Иванов', email: 'petr@club.test' },
  ],
};

describe('RFC 5545 writer', () => {
  it('escapes TEXT values: backslash, semicolon, comma, line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets with CRLF and a space, never inside a multi-byte character', () => {
    const line = `DESCRIPTION:${'Ж'.repeat(100)}x${'€'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const [i, part] of parts.entries()) {
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
      // Each part is valid UTF-8 on its own: no character was cut in two.
      expect(Buffer.from(Buffer.from(part, 'utf8').toString('utf8'), 'utf8').equals(Buffer.from(part, 'utf8'))).toBe(true);
      expect(part).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
    expect(foldLine('A'.repeat(75))).toBe('A'.repeat(75));
    expect(foldLine('A'.repeat(76))).toBe(`${'A'.repeat(75)}\r\n A`);
  });

  it('writes UTC times with Z', () => {
    expect(icsDateTime(new Date('2026-12-01T11:30:05.123Z'))).toBe('20261201T113005Z');
  });

  it('every line ends with CRLF and fits 75 octets; the organizer CN is quoted without inner quotes', () => {
    const text = eventIcs({ ...event, description: `${event.description} ${'очень длинное описание '.repeat(10)}` });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('ORGANIZER;CN="Анна Главная Петрова":mailto:anna@club.test');
    expect(unfolded).toContain('SUMMARY:Интервью: Рекрутер\\; IT\\, продукт');
    expect(unfolded).toContain('ATTENDEE;CN="Соколова Ирина";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:irina@mail.test');
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:[^\r]+\r\nCALSCALE:GREGORIAN\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\n/);
  });

  it('an independent parser (ical.js) reads back the request', () => {
    const cal = new ICAL.Component(ICAL.parse(eventIcs(event)));
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    const vevent = cal.getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe(event.uid);
    expect(parsed.sequence).toBe(2);
    expect(parsed.summary).toBe(event.summary);
    expect(parsed.location).toBe(event.location);
    expect(parsed.description).toBe(event.description);
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-12-01T11:30:00.000Z');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-12-01T12:15:00.000Z');
    expect(parsed.startDate.zone?.tzid).toBe('UTC');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('url')).toBe(event.url);
    const attendees = parsed.attendees.map((a) => ({ value: a.getFirstValue(), cn: a.getParameter('cn'), partstat: a.getParameter('partstat'), rsvp: a.getParameter('rsvp') }));
    expect(attendees).toEqual([
      { value: 'mailto:irina@mail.test', cn: 'Соколова Ирина', partstat: 'NEEDS-ACTION', rsvp: 'TRUE' },
      { value: 'mailto:petr@club.test', cn: 'Пётр Иванов', partstat: 'NEEDS-ACTION', rsvp: 'TRUE' },
    ]);
    expect(parsed.organizer).toBe('mailto:anna@club.test');
  });

  it('a cancellation: METHOD:CANCEL, STATUS:CANCELLED, the same UID', () => {
    const cal = new ICAL.Component(ICAL.parse(eventIcs({ ...event, method: 'CANCEL', sequence: 3 })));
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = cal.getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('uid')).toBe(event.uid);
    expect(vevent?.getFirstPropertyValue('sequence')).toBe(3);
    expect(vevent?.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it("the candidate's copy: only the candidate attends, the organizer is the published contact or the site sender", () => {
    const base = { mailFrom: 'HR-клуб <no-reply@hr-club.local>', appUrl: 'http://club.test', member: 'Анна Петрова', company: 'ООО «Ромашка»' };
    expect(candidateOrganizer({ ...base, contactEmail: 'jobs@romashka.test' })).toEqual({ name: 'Анна Петрова', email: 'jobs@romashka.test' });
    expect(candidateOrganizer({ ...base, contactEmail: null })).toEqual({ name: 'Анна Петрова, ООО «Ромашка»', email: 'no-reply@hr-club.local' });
    expect(candidateOrganizer({ ...base, contactEmail: '  ', member: '' })).toEqual({ name: 'ООО «Ромашка»', email: 'no-reply@hr-club.local' });
    expect(senderAddress('no-reply@hr-club.local', 'http://club.test')).toBe('no-reply@hr-club.local');
    expect(senderAddress('HR-клуб', 'http://club.test')).toBe('noreply@club.test');

    const candidate = event.attendees[0] as { name: string; email: string };
    const text = eventIcs({ ...event, organizer: candidateOrganizer({ ...base, contactEmail: null }), attendees: [candidate] });
    expect(text).not.toContain('anna@club.test');
    expect(text).not.toContain('petr@club.test');
    const parsed = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent') as ICAL.Component);
    expect(parsed.attendees.map((a) => a.getFirstValue())).toEqual(['mailto:irina@mail.test']);
    expect(parsed.organizer).toBe('mailto:no-reply@hr-club.local');
    expect(parsed.uid).toBe(event.uid);
  });
});
