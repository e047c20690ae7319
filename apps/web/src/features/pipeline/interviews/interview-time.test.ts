import { describe, expect, it } from 'vitest';
import { interviewWhen, minutesText, moscowIso, moscowParts } from './interview-time.ts';

describe('interview times in Moscow time', () => {
  it('a moment shows as its Moscow date and time, whatever the browser zone', () => {
    expect(moscowParts('2026-12-01T21:30:00Z')).toEqual({ date: '2026-12-02', time: '00:30' });
    expect(moscowParts('2026-12-01T08:05:00Z')).toEqual({ date: '2026-12-01', time: '11:05' });
  });

  it('a Moscow date and time become the moment with +03:00, and back', () => {
    const iso = moscowIso('2026-12-02', '00:30');
    expect(new Date(iso).toISOString()).toBe('2026-12-01T21:30:00.000Z');
    expect(moscowParts(iso)).toEqual({ date: '2026-12-02', time: '00:30' });
  });

  it('the date in words, and durations with their plurals', () => {
    expect(interviewWhen('2026-12-01T08:05:00Z')).toBe('вторник, 1 декабря 2026, 11:05 (мск)');
    expect(minutesText(45)).toBe('45 минут');
    expect(minutesText(21)).toBe('21 минута');
    expect(minutesText(60)).toBe('1 час');
    expect(minutesText(120)).toBe('2 часа');
    expect(minutesText(90)).toBe('1,5 часа');
  });
});
