import { describe, expect, it } from 'vitest';
import { monthPeriod, monthYear } from './month-names.ts';

describe('month names', () => {
  it('puts the month after «с» and «до» in the genitive', () => {
    expect(monthPeriod('2026-01', null)).toBe('с января 2026');
    expect(monthPeriod(null, '2021-05')).toBe('до мая 2021');
    expect(monthPeriod('2023-03-01', null)).toBe('с марта 2023');
  });

  it('keeps a standalone month in the nominative', () => {
    expect(monthYear('2026-01')).toBe('январь 2026');
    expect(monthPeriod('2021-05', '2023-03')).toBe('май 2021 — март 2023');
    expect(monthPeriod('2021-05', '2021-05')).toBe('май 2021');
    expect(monthPeriod(null, null)).toBe('');
  });

  it('every month has its genitive', () => {
    const genitive = Array.from({ length: 12 }, (_, i) => monthYear(`2020-${String(i + 1).padStart(2, '0')}`, 'genitive'));
    expect(genitive.map((text) => text.split(' ')[0])).toEqual([
      'января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря',
    ]);
    expect(monthYear('не дата')).toBe('не дата');
  });
});
