import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  candidateName,
  formatAge,
  formatDay,
  formatDuration,
  formatExperience,
  formatMonth,
  formatNumber,
  formatSalary,
  formatUpdated,
  formatViews,
} from './resume-format.ts';

const NBSP = '\u00a0';

describe('money and counts', () => {
  it('groups thousands with a no-break space', () => {
    expect(formatNumber(1234567)).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatNumber(999)).toBe('999');
  });

  it('writes a salary with its currency sign, or the code when the sign is unknown', () => {
    expect(formatSalary({ amount: 150000, currency: 'RUR' })).toBe(`150${NBSP}000${NBSP}₽`);
    expect(formatSalary({ amount: 3000, currency: 'USD' })).toBe(`3${NBSP}000${NBSP}$`);
    expect(formatSalary({ amount: 500, currency: 'GBP' })).toBe(`500${NBSP}GBP`);
    expect(formatSalary(null)).toBeNull();
  });

  it('counts views and years in Russian', () => {
    expect(formatViews(1)).toBe(`1${NBSP}просмотр`);
    expect(formatViews(3)).toBe(`3${NBSP}просмотра`);
    expect(formatViews(12)).toBe(`12${NBSP}просмотров`);
    expect(formatViews(1021)).toBe(`1${NBSP}021${NBSP}просмотр`);
    expect(formatAge(21)).toBe(`21${NBSP}год`);
    expect(formatAge(42)).toBe(`42${NBSP}года`);
    expect(formatAge(35)).toBe(`35${NBSP}лет`);
    expect(formatAge(null)).toBe('');
  });
});

describe('experience', () => {
  it('writes years and months', () => {
    expect(formatDuration(63)).toBe(`5${NBSP}лет 3${NBSP}месяца`);
    expect(formatDuration(11)).toBe(`11${NBSP}месяцев`);
    expect(formatDuration(12)).toBe(`1${NBSP}год`);
    expect(formatDuration(0)).toBe('меньше месяца');
    expect(formatExperience(0)).toBe('Без опыта');
    expect(formatExperience(25)).toBe(`2${NBSP}года 1${NBSP}месяц`);
  });
});

describe('days', () => {
  beforeAll(() => {
    dayjs.locale('ru');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says «сегодня» and «вчера» for the last two days, else the date', () => {
    vi.useFakeTimers({ now: new Date(2025, 10, 7, 12, 0) });
    expect(formatDay('2025-11-07')).toBe('сегодня');
    expect(formatDay('2025-11-06')).toBe('вчера');
    expect(formatDay('2025-11-05')).toBe('5 ноября 2025');
    expect(formatUpdated('2025-11-07')).toBe('Обновлено сегодня');
    expect(formatUpdated(null)).toBe('');
    expect(formatDay('not a day')).toBe('');
  });

  it('reads a moment in the zone it is given (the server-drawn page uses Moscow)', () => {
    vi.useFakeTimers({ now: new Date('2025-11-07T12:00:00Z') });
    // 22:30 UTC on the 6th is already the 7th in Moscow.
    expect(formatDay('2025-11-06T22:30:00Z', 'Europe/Moscow')).toBe('сегодня');
    expect(formatDay('2025-11-05T22:30:00Z', 'Europe/Moscow')).toBe('вчера');
    expect(formatDay('2025-01-01T10:00:00Z', 'Europe/Moscow')).toBe('1 января 2025');
  });

  it('writes a month with a capital', () => {
    expect(formatMonth('2023-05-01')).toBe('Май 2023');
    expect(formatMonth('garbage')).toBe('garbage');
  });
});

describe('candidateName', () => {
  it('joins family, first and middle names, or falls back to the initials', () => {
    expect(candidateName({ last_name: 'Петров', first_name: 'Иван', middle_name: ' Сергеевич ' })).toBe('Петров Иван Сергеевич');
    expect(candidateName({ first_name: '', initials: 'И. П.' })).toBe('И. П.');
    expect(candidateName({})).toBe('');
  });
});
