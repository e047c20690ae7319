import { plural } from '@hr/contract/plural';

/**
 * Interview times are entered and shown in Moscow time (UTC+3 all year round since 2014), whatever
 * the browser's zone: the picker's wall-clock date and time become an ISO moment with +03:00.
 */
const MSK_OFFSET_MS = 3 * 3_600_000;

/** The Moscow date ('YYYY-MM-DD') and time ('HH:mm') of a moment. */
export function moscowParts(iso: string | Date): { date: string; time: string } {
  const shifted = new Date(new Date(iso).getTime() + MSK_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** A Moscow date and time as the moment the API takes. */
export function moscowIso(date: string, time: string): string {
  return `${date}T${time}:00+03:00`;
}

/** «суббота, 28 ноября 2026, 14:00 (мск)». */
export function interviewWhen(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('ru-RU', {
    timeZone: 'Europe/Moscow',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = d.toLocaleTimeString('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });
  return `${date.replace(/\s*г\.$/, '')}, ${time} (мск)`;
}

export const minutesText = (n: number) => {
  if (n >= 60 && n % 60 === 0) return `${n / 60} ${plural(n / 60, ['час', 'часа', 'часов'])}`;
  if (n > 60 && n % 30 === 0) return `${(n / 60).toLocaleString('ru-RU')} часа`;
  return `${n} ${plural(n, ['минута', 'минуты', 'минут'])}`;
};

export const DURATIONS = [15, 30, 45, 60, 90, 120, 180].map((n) => ({ value: String(n), label: minutesText(n) }));
