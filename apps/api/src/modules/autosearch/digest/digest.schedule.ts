import type { AutosearchFrequency } from '@hr/contract';
import { moscowDay } from '../../../lib/moscow-time.ts';

/**
 * When a saved search's digest is due (PRODUCT 10): `instant` at every pass (one every
 * AUTOSEARCH_PASS_SECONDS, so within 15 minutes), `daily` once the day's 9:00 Moscow time has
 * come, `weekly` once Monday's 9:00 has. A search's `watermark` is the moment of its last run,
 * so «not yet run since that 9:00» is `watermark < boundary`. Everything takes `now`: the tests
 * and the bench move the clock.
 */

const DAY_MS = 86_400_000;
/** Moscow has kept UTC+3 all year since 2014. */
const at9Moscow = (day: string) => new Date(`${day}T09:00:00+03:00`);

/** The latest 9:00 Moscow time at or before `now`. */
export function lastDailyBoundary(now: Date): Date {
  const today = at9Moscow(moscowDay(now));
  return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - DAY_MS);
}

/** The latest Monday 9:00 Moscow time at or before `now`. */
export function lastWeeklyBoundary(now: Date): Date {
  const day = moscowDay(now);
  const sinceMonday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = new Date(at9Moscow(day).getTime() - sinceMonday * DAY_MS);
  return monday.getTime() <= now.getTime() ? monday : new Date(monday.getTime() - 7 * DAY_MS);
}

/** The moment a search of this frequency must have run after to be up to date; null: never due. */
export function dueBoundary(frequency: AutosearchFrequency, now: Date): Date | null {
  switch (frequency) {
    case 'instant':
      return now;
    case 'daily':
      return lastDailyBoundary(now);
    case 'weekly':
      return lastWeeklyBoundary(now);
    default:
      return null;
  }
}
