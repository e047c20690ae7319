import type { ResumeCard } from '@hr/contract';
import { type CandidateSight, type CandidateViewer, initialsOf, revealText, sightOf } from './candidate-view.ts';

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
  middle_name: string | null;
  /** The contacts on file: never sent with a card, read only to find them typed into its free text. */
  phone: string | null;
  email: string | null;
  telegram: string | null;
};

/** The columns a card needs, for `select ${CARD_COLUMNS} from resumes r left join cities c …`. */
export const CARD_COLUMNS = `r.id, r.hash, r.title, r.birth_date::text as birth_date, r.sex, r.city_id, c.name as city_name,
  r.salary_amount, r.salary_currency, r.total_experience_months, r.last_company, r.last_position, r.updated_at,
  r.first_name, r.last_name, r.middle_name, r.phone, r.email, r.telegram`;

/** Who a card's free text must not give away (resume.mask.ts). */
export const personOfCard = (row: Pick<CardRow, 'first_name' | 'last_name' | 'middle_name' | 'phone' | 'email' | 'telegram'>) => ({
  firstName: row.first_name,
  lastName: row.last_name,
  middleName: row.middle_name,
  phone: row.phone,
  email: row.email,
  telegram: row.telegram,
});

export function ageFrom(birthDate: string | null, now = new Date()): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getFullYear() - y;
  if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) age--;
  return age;
}


/**
 * A card as the viewer may see it (candidate-view.ts): visitors get no names, members the
 * initials, members with open_contact the names; the title and last job with what the viewer may
 * not read masked. Cards never carry contacts.
 */
export function toCard(row: CardRow, viewer: CandidateViewer): ResumeCard {
  return cardFor(row, sightOf(viewer), !!viewer);
}

/**
 * toCard for a viewer whose sight is known: a member (`isMember`) or a visitor. `readAt`: the
 * masking's generation taken before the row was read (maskGeneration).
 */
export function cardFor(row: CardRow, sight: CandidateSight, isMember: boolean, readAt?: number): ResumeCard {
  const person = personOfCard(row);
  const text = (value: string) => revealText(value, person, sight, readAt);
  const card: ResumeCard = {
    hash: row.hash,
    title: text(row.title),
    age: ageFrom(row.birth_date),
    sex: row.sex,
    city: row.city_id && row.city_name ? { value: String(row.city_id), title: row.city_name } : null,
    salary: row.salary_amount != null ? { amount: row.salary_amount, currency: row.salary_currency ?? 'RUR' } : null,
    total_experience_months: row.total_experience_months,
    last_job: row.last_company || row.last_position ? { company: text(row.last_company ?? ''), position: text(row.last_position ?? '') } : null,
    updated_at: new Date(row.updated_at).toISOString(),
  };
  if (isMember) card.initials = initialsOf(row.first_name, row.last_name);
  if (isMember && sight.names) {
    card.first_name = row.first_name;
    card.last_name = row.last_name;
  }
  return card;
}
