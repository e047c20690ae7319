import type { QueryNode } from './advanced-query.ts';

/**
 * The resume search's statements are built in steps, each in its own file:
 * - search.spec.ts (here): what a search asks for (`SearchSpec`: the validated parameters with the
 *   dictionary values resolved), the statement type and its `$n` parameters, the sample;
 * - search.plan.ts: the decisions taken once per request (`planSearch`: the filters, whether the
 *   text is heavy, the sample's scale, the order a page is really in);
 * - the builders that turn a plan into statements: search.text.ts (the words and the advanced
 *   query), search.filters.ts (every WHERE part), search.page.ts (the page, the walks, the cards),
 *   search.facets.ts (the sample, counts and facets).
 * Everything is pure: the service, the tests and the bench run exactly the same SQL. The design and
 * its figures: docs/performance.md.
 *
 * Conventions the indexes of the migrations rely on: every statement says `r.vacancy_id IS NULL`
 * literally (the indexes are partial on it), the sample says `r.id % 64 = 0` / `(r.id & 63) = 0`
 * literally (its indexes are partial on them), expressions are spelled as indexed (TITLE_VECTOR,
 * SKILLS_VECTOR, RELOCATES_TO, PLACES) and orders exactly as the composite indexes are
 * (`salary_amount DESC NULLS LAST, id DESC`, …).
 */

export type Sql = { text: string; values: unknown[] };

// «Похожие резюме» (similar.profile.ts reads them, similar.ts gathers and scores by them).
/** A word of the source resume (a lexeme of the `russian` text search) and how much sharing it says. */
export type SimilarTerm = {
  lexeme: string;
  weight: number;
  /** The share of resumes with the word in this field (the planner's statistics); null: rare or unknown. */
  share: number | null;
  /** A word that says little on its own («менеджер», «старший»): counts, never gathers. */
  generic: boolean;
};

/**
 * The resume others are compared with (`similar_to`): its title words, key skill words and past
 * positions' words (rarest first), each weighted by rarity (a word most resumes have says little),
 * its roles, city and salary.
 */
export type SimilarSource = {
  id: number;
  hash: string;
  /** The title's words without positions (`strip(ts_title)` as text) and its hash: resumes_similar_title_idx's key. */
  titleVector: string;
  titleKey: number;
  title: SimilarTerm[];
  skills: SimilarTerm[];
  positions: SimilarTerm[];
  roles: string[];
  cityId: number | null;
  salary: number | null;
};

export type TextLogic = 'all' | 'any' | 'phrase' | 'except';
export type TextField =
  | 'everywhere'
  | 'title'
  | 'education'
  | 'skills'
  | 'experience'
  | 'experience_company'
  | 'experience_position'
  | 'experience_description';
export type Order = 'relevance' | 'publication_time' | 'salary_desc' | 'salary_asc' | 'age';
export type Relocation = 'living_or_relocation' | 'living' | 'living_but_relocation' | 'relocation';

export type SearchSpec = {
  text: { text: string; logic: TextLogic; fields: TextField[]; periodFrom: string | null } | null;
  advanced: QueryNode | null;
  /** Cities resolved from search_city (regions expanded); null: anywhere. */
  cityIds: number[] | null;
  relocation: Relocation;
  stations: string[] | null;
  experience: string[];
  workingTypes: string[];
  schedules: string[];
  education: string[];
  sex: 'male' | 'female' | null;
  ageFrom: number | null;
  ageTo: number | null;
  salaryFrom: number | null;
  salaryTo: number | null;
  onlyWithSalary: boolean;
  onlyWithAge: boolean;
  onlyWithGender: boolean;
  drive: string[];
  roles: string[] | null;
  statuses: string[];
  lastActiveDays: number | null;
  /** exclude_viewed_by_me: the member's id. */
  excludeViewedBy: number | null;
  /** only_in_responses: the member's vacancies (replies to them); null: the general search. */
  vacancyIds: number[] | null;
  /**
   * Автопоиск: only resumes this database received (created, imported, edited) after this moment
   * (`changed_at`, migration 0023); absent or null: any.
   */
  changedSince?: Date | null;
  /** Автопоиск digests: only among these resumes (the ones changed since the last run); absent or null: all. */
  onlyIds?: number[] | null;
  /**
   * «Похожие резюме» (`similar_to`): the resume the results are like, ranked by likeness among the
   * gathered candidates (similar.ts); absent or null: the ordinary search.
   */
  similar?: SimilarSource | null;
  /** The day ages and periods count from (YYYY-MM-DD) and the moment lastActive counts back from. */
  today: string;
  now: Date;
};

/** The sample behind estimated totals and facets: resumes whose id is a multiple of this. */
export const SAMPLE_MODULUS = 64;
/**
 * The sample's two indexes say it in two ways (id % 64 = 0 for the covering btree, (id & 63) = 0 for
 * the GIN of its vectors), so that a sample with text can only take the GIN: through the covering
 * index it would detoast and check the vector of every sampled resume.
 */
export const SAMPLE_TEXT = `(r.id & ${SAMPLE_MODULUS - 1}) = 0`;
/**
 * Without text the covering index answers every question of the sample, and half of it is enough:
 * 1 in 128 (still ~7 800 resumes per million), checked on top of the index's 1 in 64.
 */
export const SAMPLE_COVER = `r.id % ${SAMPLE_MODULUS} = 0 AND r.id % ${SAMPLE_MODULUS * 2} = 0`;

/** $n placeholders for one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    const ref = `$${this.values.length}`;
    return cast ? `${ref}::${cast}` : ref;
  }
}
