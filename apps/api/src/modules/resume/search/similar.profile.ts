import { SEARCH_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/client.ts';
import { fieldError } from '../../../lib/app-error.ts';
import { vacancyIdsOfTeam } from '../../vacancy/vacancy.access.ts';
import type { SimilarSource, SimilarTerm } from './search.spec.ts';

export type { SimilarSource, SimilarTerm } from './search.spec.ts';

// «Похожие резюме»: what a resume is, as the words and facts other resumes are compared on.

/**
 * Words that say little about the job on their own («менеджер по продажам» and «менеджер по подбору»
 * are different jobs): they still count, at GENERIC_WEIGHT of their rarity. Stemmed by the database.
 */
const GENERIC_WORDS = `менеджер специалист сотрудник работник ведущий старший младший главный помощник ассистент стажер
  заместитель руководитель начальник директор заведующий отдел группа направление по работе
  manager specialist senior junior middle lead head assistant`;
const GENERIC_WEIGHT = 0.2;
/** A word in fewer resumes than this share counts as this rare (a typo must not outweigh the job). */
const RAREST = 1e-4;
/** How long the words' frequencies (the planner's statistics of the vectors) are reused. */
const FREQUENCIES_TTL_MS = 10 * 60_000;

type Frequencies = {
  title: Map<string, number>;
  skills: Map<string, number>;
  positions: Map<string, number>;
  floor: Record<string, number>;
};
const FIELDS = { ts_title: 'title', ts_skills: 'skills', ts_exp_position: 'positions' } as const;

const cached = new WeakMap<Database, { at: number; value: Promise<Frequencies> }>();

/** Forgets what was read of a database's statistics (a test's database emptied and lent again). */
export function forgetWordFrequencies(database: Database): void {
  cached.delete(database);
}

/**
 * How many resumes hold each word, from the statistics ANALYZE keeps of the vectors (the most common
 * elements and their shares): free to read, as fresh as autovacuum keeps them. A word not among them
 * is rarer than the least common listed. Without statistics (a fresh database) every word is rare.
 */
function frequencies(database: Database): Promise<Frequencies> {
  const hit = cached.get(database);
  if (hit && Date.now() - hit.at < FREQUENCIES_TTL_MS) return hit.value;
  const value = database
    .rows<{ attname: keyof typeof FIELDS; elems: string[] | null; freqs: number[] | null }>(
      sql`select attname, most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
        from pg_stats where schemaname = current_schema() and tablename = 'resumes'
          and attname in ('ts_title', 'ts_skills', 'ts_exp_position')`,
    )
    .then((rows) => {
      const out: Frequencies = { title: new Map(), skills: new Map(), positions: new Map(), floor: {} };
      for (const row of rows) {
        const field = FIELDS[row.attname];
        if (!field || !row.elems || !row.freqs) continue;
        const map = out[field];
        for (const [i, e] of row.elems.entries()) map.set(e, Number(row.freqs[i] ?? 0));
        // After the elements' shares: the least and the greatest of them, then the share of NULLs.
        out.floor[field] = Number(row.freqs[row.elems.length] ?? 0) / 2;
      }
      return out;
    });
  value.catch(() => cached.delete(database));
  cached.set(database, { at: Date.now(), value });
  return value;
}

/** Rarity: ln(1 / share), a word in every resume ~0, one in a ten-thousandth ~9. Unknown share: 1. */
function rarity(share: number | undefined): number {
  if (share === undefined || !(share > 0)) return 1;
  return Math.max(0.05, Math.log(1 / Math.max(share, RAREST)));
}

type SourceRow = {
  id: number | string;
  hash: string;
  vacancy_id: number | string | null;
  title_vector: string;
  title_key: number;
  title_words: string[] | null;
  skill_words: string[] | null;
  position_words: string[] | null;
  roles: string[] | null;
  city_id: number | null;
  salary_amount: number | null;
  generic: string[] | null;
};

/**
 * The resume `hash` as a source of likeness. 422 on `similar_to` («Резюме не найдено») when there is
 * no such resume or the viewer may not open it (a reply outside the viewer's team's vacancies).
 */
export async function similarSource(ctx: Pick<AppContext, 'database'>, hash: string, userId: number | null): Promise<SimilarSource> {
  const [row] = await ctx.database.rows<SourceRow>(
    sql`select r.id, r.hash, r.vacancy_id, strip(r.ts_title)::text as title_vector, hashtext(strip(r.ts_title)::text) as title_key,
        tsvector_to_array(r.ts_title) as title_words, tsvector_to_array(r.ts_skills) as skill_words,
        tsvector_to_array(r.ts_exp_position) as position_words, r.roles, r.city_id, r.salary_amount,
        tsvector_to_array(to_tsvector('russian', ${GENERIC_WORDS})) as generic
      from resumes r where r.hash = ${hash}`,
  );
  const notFound = () => fieldError('similar_to', SEARCH_MSG.similarNotFound);
  if (!row) throw notFound();
  if (row.vacancy_id !== null) {
    const mine = userId === null ? [] : await vacancyIdsOfTeam(ctx as AppContext, userId);
    if (!mine.includes(Number(row.vacancy_id))) throw notFound();
  }
  const f = await frequencies(ctx.database);
  const generic = new Set(row.generic ?? []);
  const terms = (words: string[] | null, field: 'title' | 'skills' | 'positions'): SimilarTerm[] =>
    (words ?? [])
      .map((lexeme) => {
        const share = f[field].get(lexeme) ?? f.floor[field];
        const isGeneric = generic.has(lexeme);
        return { lexeme, weight: rarity(share) * (isGeneric ? GENERIC_WEIGHT : 1), share: share ?? null, generic: isGeneric };
      })
      .sort((a, b) => b.weight - a.weight || a.lexeme.localeCompare(b.lexeme));
  return {
    id: Number(row.id),
    hash: row.hash,
    titleVector: row.title_vector ?? '',
    titleKey: Number(row.title_key),
    title: terms(row.title_words, 'title'),
    skills: terms(row.skill_words, 'skills'),
    positions: terms(row.position_words, 'positions'),
    roles: row.roles ?? [],
    cityId: row.city_id,
    salary: row.salary_amount,
  };
}
