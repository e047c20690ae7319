import { SIGNALS_INVITED_DAYS } from '@hr/contract/signals';
import { describe, expect, it } from 'vitest';
import {
  cardSignalsDetails,
  cardSignalsLabel,
  clubSignalLines,
  favouritesText,
  formatDayMonth,
  formatDayTime,
  INVITED_DAYS,
  invitedText,
  shortFio,
} from './signals-format.ts';

const NBSP = '\u00a0';
const none = { recommend: 0, neutral: 0, not_recommend: 0 };

describe('what the club knows, in words', () => {
  it('counts the members who keep the candidate, in the genitive', () => {
    expect(favouritesText(1)).toBe(`в избранном у 1${NBSP}участника`);
    expect(favouritesText(3)).toBe(`в избранном у 3${NBSP}участников`);
    expect(favouritesText(21)).toBe(`в избранном у 21${NBSP}участника`);
    expect(favouritesText(11)).toBe(`в избранном у 11${NBSP}участников`);
  });

  it('agrees the verb and the companies with the number of invitations', () => {
    expect(invitedText(1)).toBe(`приглашала на вакансию 1${NBSP}компания за 90${NBSP}дней`);
    expect(invitedText(2)).toBe(`приглашали на вакансию 2${NBSP}компании за 90${NBSP}дней`);
    expect(invitedText(5)).toBe(`приглашали на вакансию 5${NBSP}компаний за 90${NBSP}дней`);
    expect(INVITED_DAYS).toBe(SIGNALS_INVITED_DAYS);
  });

  it('says only what is there, opinions of every verdict together', () => {
    expect(clubSignalLines({ favourites: 0, invited_90d: 0, opinions: none })).toEqual([]);
    expect(clubSignalLines({ favourites: 3, invited_90d: 2, opinions: { recommend: 1, neutral: 0, not_recommend: 1 } })).toEqual([
      `в избранном у 3${NBSP}участников`,
      `приглашали на вакансию 2${NBSP}компании за 90${NBSP}дней`,
      'отзывов: 2',
    ]);
    expect(clubSignalLines({ favourites: 0, invited_90d: 4, opinions: null })).toEqual([
      `приглашали на вакансию 4${NBSP}компании за 90${NBSP}дней`,
    ]);
  });

  it("labels the card by the member's own team first and lists the counts behind it", () => {
    expect(cardSignalsLabel({ in_team: false })).toBe('В работе у коллег');
    expect(cardSignalsLabel({ in_team: true })).toBe('В работе у вашей команды');
    expect(cardSignalsDetails({ favourites: 3, invited_90d: 1, in_team: false })).toBe(
      `В избранном у 3${NBSP}участников, приглашала на вакансию 1${NBSP}компания за 90${NBSP}дней`,
    );
    expect(cardSignalsDetails({ favourites: 0, invited_90d: 0, in_team: true })).toBe('Ваша команда уже работает с кандидатом');
  });
});

describe('names and dates of the team', () => {
  it('shortens a full name to the family name and an initial', () => {
    expect(shortFio('Иванова Анна Петровна')).toBe('Иванова А.');
    expect(shortFio('  Петров   иван ')).toBe('Петров И.');
    expect(shortFio('Сидоров')).toBe('Сидоров');
    expect(shortFio('')).toBe('');
  });

  it('writes a day of this year without the year and another year with it (Moscow time)', () => {
    const now = new Date('2026-11-27T12:00:00+03:00');
    expect(formatDayMonth('2026-11-12T09:00:00+03:00', now)).toBe('12 ноября');
    expect(formatDayMonth('2025-12-28T09:00:00+03:00', now)).toBe('28 декабря 2025');
    expect(formatDayTime('2026-11-26T11:05:00Z', now)).toBe('26 ноября, 14:05');
    expect(formatDayMonth('not a date', now)).toBe('');
  });
});
