import { type TeamAnalytics, VACANCY_STATUS_TITLES, type VacancyAnalytics } from '@hr/contract';
import { type Cell, toCsv } from '../../lib/spreadsheet.ts';

/**
 * The analytics as a CSV for Russian Excel (BOM, semicolons): one row per figure under the columns
 * «Раздел; Показатель; Значение; Доля (%)»; the team's file adds its table of vacancies below, under
 * a heading row of its own. Fractions are written with a decimal comma, the way Excel reads them here.
 */

export const CSV_HEADER = ['Раздел', 'Показатель', 'Значение', 'Доля (%)'];
export const CSV_VACANCY_HEADER = ['Вакансия', 'Статус', 'Откликов', 'Вышли на работу', 'Дней до закрытия (медиана)', 'Конверсия в выход (%)'];

const decimal = (x: number | null): Cell => (x == null ? '' : String(x).replace('.', ','));
const percent = (x: number | null): Cell => (x == null ? '' : decimal(Math.round(x * 1000) / 10));
/** DD.MM.YYYY of a YYYY-MM-DD day. */
export const ruDay = (day: string): string => day.split('-').reverse().join('.');

type Figures = Omit<VacancyAnalytics, 'vacancy'>;

function figureRows(a: Figures): Cell[][] {
  return [
    ['Период', 'С', ruDay(a.period.from), ''],
    ['Период', 'По', ruDay(a.period.to), ''],
    ['Итого', 'Откликов', a.replies, ''],
    ['Итого', 'Вышли на работу', a.hired, percent(a.replies ? a.hired / a.replies : null)],
    ['Итого', 'Отказов', a.rejected, percent(a.replies ? a.rejected / a.replies : null)],
    ['Итого', 'Дней до закрытия (медиана)', decimal(a.days_to_fill), ''],
    ...a.funnel.map((f): Cell[] => ['Воронка', f.stage, f.reached, percent(f.share)]),
    ...a.conversion.map((c): Cell[] => ['Конверсия', `${c.from} → ${c.to}`, '', percent(c.rate)]),
    ...a.median_days_in_stage.map((m): Cell[] => ['Дней на этапе (медиана)', m.stage, decimal(m.days), '']),
    ...a.sources.map((s): Cell[] => ['Источники', s.title, s.count, percent(a.replies ? s.count / a.replies : null)]),
    ...a.reasons.map((r): Cell[] => ['Причины отказа', r.reason, r.count, percent(a.rejected ? r.count / a.rejected : null)]),
    ...a.replies_per_day.map((d): Cell[] => ['Отклики по дням', ruDay(d.day), d.count, '']),
  ];
}

export function vacancyAnalyticsCsv(a: VacancyAnalytics): { body: Buffer; filename: string } {
  return {
    body: toCsv(CSV_HEADER, [['Вакансия', a.vacancy.title, a.vacancy.id, ''], ...figureRows(a)]),
    filename: `Аналитика вакансии ${a.vacancy.id} ${a.period.from}—${a.period.to}.csv`,
  };
}

export function teamAnalyticsCsv(a: TeamAnalytics): { body: Buffer; filename: string } {
  const vacancies = a.vacancies.map((v): Cell[] => [
    v.title,
    VACANCY_STATUS_TITLES[v.status as keyof typeof VACANCY_STATUS_TITLES] ?? v.status,
    v.replies,
    v.hired,
    decimal(v.days_to_fill),
    percent(v.conversion_to_hire),
  ]);
  return {
    body: toCsv(CSV_HEADER, [...figureRows(a), [], CSV_VACANCY_HEADER, ...vacancies]),
    filename: `Аналитика найма ${a.period.from}—${a.period.to}.csv`,
  };
}
