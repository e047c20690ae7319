import { describe, expect, it } from 'vitest';
import { formatMoscowMoment } from './moscow-time.ts';

describe('formatMoscowMoment', () => {
  it('writes the moment in Moscow time, with the year only when it is another one', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(formatMoscowMoment('2026-11-05T22:30:00Z', now)).toMatch(/^6 нояб\.?,? 01:30$/);
    expect(formatMoscowMoment('2025-03-01T09:05:00Z', now)).toMatch(/2025/);
    expect(formatMoscowMoment('not a date', now)).toBe('');
  });
});
