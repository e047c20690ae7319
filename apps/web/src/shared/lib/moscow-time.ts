// Moments as the club reads them: in Moscow time, whatever the browser's zone.

const MOSCOW = 'Europe/Moscow';
const MOMENT = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const;
const THIS_YEAR = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, ...MOMENT });
const OTHER_YEAR = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, year: 'numeric', ...MOMENT });
const YEAR = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, year: 'numeric' });

/** «5 нояб., 14:30» in Moscow time (the club's); the year is said when it is not this one. */
export function formatMoscowMoment(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return (YEAR.format(date) === YEAR.format(now) ? THIS_YEAR : OTHER_YEAR).format(date);
}
