import { describe, expect, it } from 'vitest';
import { dayLabel, daysText, moscowToday, percentText, periodChoiceOf, periodOf } from './analytics-format.ts';

describe('analytics figures in words', () => {
  it('the last N Moscow days, today included; all time is left to the server', () => {
    expect(periodOf('30', '2026-11-28')).toEqual({ from: '2026-10-30', to: '2026-11-28' });
    expect(periodOf('90', '2026-03-01')).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(periodOf('all', '2026-11-28')).toEqual({});
    expect(periodChoiceOf('30')).toBe('30');
    expect(periodChoiceOf('7')).toBe('all');
    expect(periodChoiceOf(null)).toBe('all');
  });

  it('today is the Moscow day: 22:30 UTC is already tomorrow there', () => {
    expect(moscowToday(new Date('2026-11-27T22:30:00Z'))).toBe('2026-11-28');
    expect(moscowToday(new Date('2026-11-27T20:30:00Z'))).toBe('2026-11-27');
  });

  it('days, shares and counts in Russian', () => {
    expect(daysText(1)).toBe('1 день');
    expect(daysText(3)).toBe('3 дня');
    expect(daysText(11)).toBe('11 дней');
    expect(daysText(4.8)).toBe('4,8 дня');
    expect(daysText(null)).toBe('—');
    expect(percentText(0.667)).toBe('66,7 %');
    expect(percentText(1)).toBe('100 %');
    expect(percentText(null)).toBe('—');
    expect(dayLabel('2026-10-05')).toBe('05.10');
    expect(dayLabel('2026-10-05', true)).toBe('05.10.2026');
  });
});
