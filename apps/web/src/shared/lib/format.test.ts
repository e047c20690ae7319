import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, fullName, initials, plural } from './format.ts';

const FORMS = ['резюме', 'резюме', 'резюме'] as const;
const NEW = ['новое', 'новых', 'новых'] as const;
const YEARS = ['год', 'года', 'лет'] as const;

describe('plural', () => {
  it('follows the Russian one / few / many rule', () => {
    const cases: [number, string][] = [
      [0, 'лет'],
      [1, 'год'],
      [2, 'года'],
      [4, 'года'],
      [5, 'лет'],
      [11, 'лет'],
      [12, 'лет'],
      [14, 'лет'],
      [21, 'год'],
      [22, 'года'],
      [25, 'лет'],
      [101, 'год'],
      [111, 'лет'],
      [1004, 'года'],
    ];
    for (const [count, form] of cases) expect(`${count} ${plural(count, YEARS)}`).toBe(`${count} ${form}`);
  });

  it('reads a negative count by its size', () => {
    expect(plural(-1, NEW)).toBe('новое');
    expect(plural(-3, NEW)).toBe('новых');
  });

  it('returns the form given, even when the forms are the same', () => {
    expect(plural(7, FORMS)).toBe('резюме');
  });
});

describe('names', () => {
  it('makes initials of the parts present', () => {
    expect(initials('иван', 'петров')).toBe('ИП');
    expect(initials(' Анна ', null)).toBe('А');
    expect(initials(null, undefined)).toBe('?');
  });

  it('joins a full name without gaps', () => {
    expect(fullName(' Иван ', 'Петров')).toBe('Иван Петров');
    expect(fullName('', 'Петров')).toBe('Петров');
    expect(fullName(null, null)).toBe('');
  });
});

describe('formatDateTime', () => {
  beforeAll(() => {
    dayjs.locale('ru');
  });

  it('writes the day, the month in words and the time', () => {
    expect(formatDateTime(new Date(2025, 10, 7, 9, 5))).toBe('7 ноября 2025, 09:05');
    expect(formatDateTime('2024-02-29T23:59:00')).toBe('29 февраля 2024, 23:59');
  });

  it('gives nothing for no value or a bad one', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
