import { plural } from '@/shared/lib/format.ts';

/**
 * Words of «уже в работе у коллег» (PRODUCT 10). Free of the contract's schemas and zod: the search
 * card's badge uses them on the first screen. The contract's SIGNALS_INVITED_DAYS is the same number
 * (signals-format.test.ts holds them together).
 */
export const INVITED_DAYS = 90;

const NBSP = '\u00a0';

type ClubCounts = {
  favourites: number;
  invited_90d: number;
  opinions?: { recommend: number; neutral: number; not_recommend: number } | null;
};

/** «в избранном у 3 участников» («у 1 участника», «у 21 участника»). */
export function favouritesText(count: number): string {
  return `в избранном у ${count}${NBSP}${plural(count, ['участника', 'участников', 'участников'])}`;
}

/** «приглашали на вакансию 2 компании за 90 дней» («приглашала… 1 компания», «…5 компаний»). */
export function invitedText(count: number): string {
  const verb = plural(count, ['приглашала', 'приглашали', 'приглашали']);
  const companies = plural(count, ['компания', 'компании', 'компаний']);
  return `${verb} на вакансию ${count}${NBSP}${companies} за ${INVITED_DAYS}${NBSP}дней`;
}

/** All verdicts together: «отзывов: 2». */
export function opinionsTotal(opinions: ClubCounts['opinions']): number {
  return opinions ? opinions.recommend + opinions.neutral + opinions.not_recommend : 0;
}

/** The club-wide lines with something to say, in reading order; no company is named. */
export function clubSignalLines(signals: ClubCounts): string[] {
  const lines: string[] = [];
  if (signals.favourites > 0) lines.push(favouritesText(signals.favourites));
  if (signals.invited_90d > 0) lines.push(invitedText(signals.invited_90d));
  const opinions = opinionsTotal(signals.opinions);
  if (opinions > 0) lines.push(`отзывов: ${opinions}`);
  return lines;
}

/** The card badge's label: the member's own team first. */
export function cardSignalsLabel(signals: { in_team: boolean }): string {
  return signals.in_team ? 'В работе у вашей команды' : 'В работе у коллег';
}

/** What the card badge stands for, as one sentence: «В избранном у 3 участников, приглашали… за 90 дней». */
export function cardSignalsDetails(signals: { favourites: number; invited_90d: number; in_team: boolean }): string {
  const lines = clubSignalLines(signals);
  if (signals.in_team) lines.push('ваша команда уже работает с кандидатом');
  const text = lines.join(', ');
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : '';
}

/** «Иванова Мария Петровна» → «Иванова М.»; one word stays as it is. */
export function shortFio(fio: string): string {
  const [family, name] = fio.trim().split(/\s+/);
  if (!family) return '';
  return name ? `${family} ${name.charAt(0).toUpperCase()}.` : family;
}

const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });
const dayMonthYear = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });

const parse = (value: string): Date | null => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** «12 ноября»; another year is named: «28 декабря 2025 г.» → «28 декабря 2025». */
export function formatDayMonth(value: string, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return '';
  if (date.getFullYear() === now.getFullYear()) return dayMonth.format(date);
  return dayMonthYear.format(date).replace(/\s*г\.$/, '');
}

/** «14:05». */
export function formatTime(value: string): string {
  const date = parse(value);
  return date ? time.format(date) : '';
}

/** «26 ноября, 14:05». */
export function formatDayTime(value: string, now: Date = new Date()): string {
  const day = formatDayMonth(value, now);
  return day ? `${day}, ${formatTime(value)}` : '';
}
