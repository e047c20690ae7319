const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });
const HOUR = 3600_000;
const DAY = 24 * HOUR;
// Moscow keeps UTC+3 all year since 2014-10-26 02:00 MSK (+04), i.e. 2014-10-25 22:00 UTC; earlier
// instants follow the zone's history, so they are asked of Intl (as are years past 9999).
const FIXED_SINCE = Date.UTC(2014, 9, 25, 22);
const FIXED_UNTIL = Date.UTC(9999, 11, 31) - 3 * HOUR;

// The last day computed, with its bounds: a busy route asks for the same day all day long.
let cached = { from: 0, to: 0, day: '' };

/** YYYY-MM-DD of the calendar day in Europe/Moscow (daily limits count by it). */
export function moscowDay(date = new Date()): string {
  const t = date.getTime();
  if (t >= cached.from && t < cached.to) return cached.day;
  if (!(t >= FIXED_SINCE && t < FIXED_UNTIL)) return intlDay.format(date);
  const from = Math.floor((t + 3 * HOUR) / DAY) * DAY - 3 * HOUR;
  cached = { from, to: from + DAY, day: new Date(from + 3 * HOUR).toISOString().slice(0, 10) };
  return cached.day;
}
