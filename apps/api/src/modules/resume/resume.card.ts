import type { ResumeCard } from '@hr/contract';
import type { UserRow } from '../../db/schema/index.ts';
import { maskForVisitor } from './resume.mask.ts';

/** What a card query selects (snake_case straight from SQL). */
export type CardRow = {
  id: number;
  hash: string;
  title: string;
  birth_date: string | null;
  sex: 'male' | 'female' | null;
  city_id: number | null;
  city_name: string | null;
  salary_amount: number | null;
  salary_currency: string | null;
  total_experience_months: number;
  last_company: string | null;
  last_position: string | null;
  updated_at: Date | string;
  first_name: string | null;
  last_name: string | null;
};

/** The columns a card needs, for `select ${CARD_COLUMNS} from resumes r left join cities c …`. */
export const CARD_COLUMNS = `r.id, r.hash, r.title, r.birth_date::text as birth_date, r.sex, r.city_id, c.name as city_name,
  r.salary_amount, r.salary_currency, r.total_experience_months, r.last_company, r.last_position, r.updated_at,
  r.first_name, r.last_name`;

export type Viewer = { user: UserRow | null; canSeeNames: boolean };

export function ageFrom(birthDate: string | null, now = new Date()): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getFullYear() - y;
  if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) age--;
  return age;
}

export function initialsOf(first: string | null, last: string | null): string {
  return [first, last]
    .filter((s): s is string => !!s)
    .map((s) => `${s[0]?.toUpperCase()}.`)
    .join(' ');
}

/** The last employer and position; for a visitor without what names the candidate («ИП Фамилия»). */
function lastJobFor(row: CardRow, viewer: Viewer): { company: string; position: string } {
  const job = { company: row.last_company ?? '', position: row.last_position ?? '' };
  if (viewer.user) return job;
  const names = { firstName: row.first_name, lastName: row.last_name, middleName: null };
  return { company: maskForVisitor(job.company, names), position: maskForVisitor(job.position, names) };
}

/** Visitors get no names; members get initials; members with open_contact get the names. */
export function toCard(row: CardRow, viewer: Viewer): ResumeCard {
  const card: ResumeCard = {
    hash: row.hash,
    title: row.title,
    age: ageFrom(row.birth_date),
    sex: row.sex,
    city: row.city_id && row.city_name ? { value: String(row.city_id), title: row.city_name } : null,
    salary: row.salary_amount != null ? { amount: row.salary_amount, currency: row.salary_currency ?? 'RUR' } : null,
    total_experience_months: row.total_experience_months,
    last_job: row.last_company || row.last_position ? lastJobFor(row, viewer) : null,
    updated_at: new Date(row.updated_at).toISOString(),
  };
  if (viewer.user) card.initials = initialsOf(row.first_name, row.last_name);
  if (viewer.user && viewer.canSeeNames) {
    card.first_name = row.first_name;
    card.last_name = row.last_name;
  }
  return card;
}
