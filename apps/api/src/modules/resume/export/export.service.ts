import type { ResumeCard, SearchQuery } from '@hr/contract';
import type { AppContext } from '../../../context.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { searchResumes } from '../search/search.service.ts';
import { type Cell, toCsv, toXlsx } from '../../../lib/spreadsheet.ts';

export const EXPORT_MAX_ROWS = 1000;
const PAGE = 100;

/** The first 1000 results of a search as CSV or XLSX (never contacts); the route has checked mass_search. */
export async function exportSearch(ctx: AppContext, user: AuthUser, q: SearchQuery, format: 'csv' | 'xlsx') {
  const cards: ResumeCard[] = [];
  for (let page = 1; cards.length < EXPORT_MAX_ROWS; page++) {
    const res = await searchResumes(ctx, { ...q, page, per_page: PAGE }, user);
    cards.push(...res.data);
    if (page >= res.last_page || !res.data.length) break;
  }
  const rows = cards.slice(0, EXPORT_MAX_ROWS);
  const withNames = rows.some((c) => c.first_name !== undefined);
  const header = [
    ...(withNames ? ['Фамилия', 'Имя'] : []),
    'Должность',
    'Возраст',
    'Пол',
    'Город',
    'Зарплата',
    'Валюта',
    'Опыт, мес.',
    'Последнее место работы',
    'Последняя должность',
    'Обновлено',
    'Ссылка',
  ];
  const data: Cell[][] = rows.map((c) => [
    ...(withNames ? [c.last_name ?? '', c.first_name ?? ''] : []),
    c.title,
    c.age,
    c.sex === 'male' ? 'Мужской' : c.sex === 'female' ? 'Женский' : '',
    c.city?.title ?? '',
    c.salary?.amount ?? null,
    c.salary?.currency ?? '',
    c.total_experience_months,
    c.last_job?.company ?? '',
    c.last_job?.position ?? '',
    c.updated_at.slice(0, 10),
    `${ctx.config.appUrl}/resume/${c.hash}`,
  ]);
  const stamp = new Date().toISOString().slice(0, 10);
  return format === 'csv'
    ? { body: toCsv(header, data), type: 'text/csv; charset=utf-8', filename: `kandidaty-${stamp}.csv` }
    : { body: toXlsx('Кандидаты', header, data), type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: `kandidaty-${stamp}.xlsx` };
}
