import { describe, expect, it } from 'vitest';
import { moscowDay } from './moscow-time.ts';

const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });
const byZone = (date: Date) => zone.format(date);

describe('moscowDay', () => {
  it('turns at midnight in Moscow (21:00 UTC)', () => {
    expect(moscowDay(new Date('2026-11-28T20:59:59.999Z'))).toBe('2026-11-28');
    expect(moscowDay(new Date('2026-11-28T21:00:00.000Z'))).toBe('2026-11-29');
    expect(moscowDay(new Date('2026-12-31T21:00:00.000Z'))).toBe('2027-01-01');
    expect(moscowDay(new Date('2028-02-28T21:30:00.000Z'))).toBe('2028-02-29');
  });

  it('gives the time zone database its day for any instant, the zone history before 2014 included', () => {
    const instants: number[] = [];
    // Around the last change of the zone (2014-10-26, +04 to +03) and the summer times before it.
    for (let t = Date.UTC(2014, 9, 24); t < Date.UTC(2014, 9, 28); t += 15 * 60_000) instants.push(t);
    for (let t = Date.UTC(2010, 2, 27); t < Date.UTC(2010, 2, 29); t += 30 * 60_000) instants.push(t);
    // Every hour of a few days around midnight, then spread over a century, in no order (the cache).
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2026, 0, 4); t += 60 * 60_000) instants.push(t, t - 1, t + 1);
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 3000; i++) instants.push(Date.UTC(1990, 0, 1) + Math.floor(next() * 110 * 365 * 86_400_000));
    for (const t of instants) expect(moscowDay(new Date(t)), new Date(t).toISOString()).toBe(byZone(new Date(t)));
  });

  it('refuses an invalid date as before', () => {
    expect(() => moscowDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
