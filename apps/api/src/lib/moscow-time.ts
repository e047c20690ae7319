/** YYYY-MM-DD of the calendar day in Europe/Moscow (daily limits count by it). */
export function moscowDay(date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(date);
}
