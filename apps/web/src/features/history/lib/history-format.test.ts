import { describe, expect, it } from 'vitest';
import { groupByDay, historyDayLabel, openedTime, textFromParams } from './history-format.ts';

// vitest.config.ts runs in Moscow time.
const now = new Date('2026-11-27T10:00:00+03:00');

describe('the days of the history', () => {
  it('names today and yesterday, other days by date, another year with it', () => {
    expect(historyDayLabel('2026-11-27T00:10:00+03:00', now)).toBe('Сегодня');
    expect(historyDayLabel('2026-11-26T23:59:00+03:00', now)).toBe('Вчера');
    expect(historyDayLabel('2026-11-25T12:00:00+03:00', now)).toBe('25 ноября');
    expect(historyDayLabel('2025-12-31T12:00:00+03:00', now)).toBe('31 декабря 2025');
  });

  it('counts days by the reader\'s calendar, not UTC: 01:30 in Moscow is still «Сегодня»', () => {
    expect(historyDayLabel('2026-11-26T22:30:00Z', now)).toBe('Сегодня');
    expect(openedTime('2026-11-26T22:30:00Z')).toBe('01:30');
  });

  it('puts one heading over each day, keeping the newest-first order', () => {
    const items = [
      { hash: 'a', opened_at: '2026-11-27T09:00:00+03:00' },
      { hash: 'b', opened_at: '2026-11-27T08:00:00+03:00' },
      { hash: 'c', opened_at: '2026-11-26T18:00:00+03:00' },
      { hash: 'd', opened_at: '2026-11-20T18:00:00+03:00' },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.hash)])).toEqual([
      ['Сегодня', ['a', 'b']],
      ['Вчера', ['c']],
      ['20 ноября', ['d']],
    ]);
    expect(groupByDay([], now)).toEqual([]);
  });

  it('reads the search text from the address', () => {
    expect(textFromParams(new URLSearchParams('text=%20рекрутер%20'))).toBe('рекрутер');
    expect(textFromParams(new URLSearchParams(''))).toBe('');
  });
});
