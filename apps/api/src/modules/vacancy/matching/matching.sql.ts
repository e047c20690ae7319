import { CARD_COLUMNS, type CardRow } from '../../resume/resume.card.ts';
import { PLACES, Params, SKILLS_VECTOR, type Sql, TITLE_VECTOR } from '../../resume/search/search.service.ts';
import { type MatchProfile, termQuery } from './profile.ts';

// The candidates of a vacancy in one statement: a few small index-driven gatherings (each limited,
// freshest first), then every gathered resume with the vacancy's terms checked against its title
// and key skills, for matching.score.ts to rank.

/** How many resumes one gathering brings: from the vacancy's city (and movers there), from anywhere. */
export const GATHER = { titleInCity: 120, titleAnywhere: 40, inCity: 40, anywhere: 20 };
/** At most this many key skills gather candidates of their own (all of them are scored). */
export const GATHERING_SKILLS = 8;

/** The row of a candidate: its card, what scoring reads, and each term's match in title and skills. */
export type CandidateRow = CardRow & {
  skills: string[];
  roles: string[];
  relocation: string;
  relocation_city_ids: number[];
  in_title: boolean[];
  in_skills: boolean[];
};

export function candidatesSql(profile: MatchProfile): Sql | null {
  const p = new Params();
  const refs = profile.terms.map((t) => {
    const ref = p.add(termQuery(t), 'text');
    return t.kind === 'plain' ? `plainto_tsquery('russian', ${ref})` : t.kind === 'prefix' ? `to_tsquery('russian', ${ref})` : ref;
  });
  // A `word` (an abbreviation) has no index: it is checked, never gathered by.
  const searchable = (i: number) => profile.terms[i]?.kind !== 'word';
  const any = (terms: number[]) =>
    terms.length === 1 ? (refs[terms[0] as number] as string) : `(${terms.map((i) => refs[i]).join(' || ')})`;

  // What gathers: the title's parts (their near terms too, when close), each key skill, the role.
  const specific = profile.title.filter((s) => !s.generic && searchable(s.own));
  const titleKeys = (specific.length ? specific : profile.title)
    .flatMap((s) => [s.own, ...s.near.filter((n) => n.strength >= 0.8).map((n) => n.term)])
    .filter(searchable);
  const city = profile.cityId !== null ? p.add([profile.cityId], 'int[]') : null;
  const parts: string[] = [];
  const gather = (where: string, inCity: number, anywhere: number) => {
    const pick = (extra: string, limit: number) =>
      `(SELECT r.id FROM resumes r WHERE r.vacancy_id IS NULL AND ${where}${extra} ORDER BY r.updated_at DESC, r.id DESC LIMIT ${limit})`;
    if (city) parts.push(pick(` AND ${PLACES} && ${city}`, inCity));
    parts.push(pick('', city ? anywhere : inCity + anywhere));
  };
  if (titleKeys.length) {
    const q = any([...new Set(titleKeys)]);
    gather(`${TITLE_VECTOR} @@ ${q}`, GATHER.titleInCity, GATHER.titleAnywhere);
    gather(`${SKILLS_VECTOR} @@ ${q}`, GATHER.inCity, GATHER.anywhere);
  }
  for (const s of profile.skills.slice(0, GATHERING_SKILLS)) gather(`${SKILLS_VECTOR} @@ ${refs[s.own]}`, GATHER.inCity, GATHER.anywhere);
  if (profile.role) gather(`r.roles && ${p.add([profile.role.value], 'text[]')}`, GATHER.inCity, GATHER.anywhere);
  if (!parts.length) return null;

  // Each term against the stored vectors; a `word` against the raw title and skills.
  const checks = (vector: string, raw: string) =>
    refs.length
      ? `ARRAY[${refs.map((q, i) => (searchable(i) ? `${vector} @@ ${q}` : `${raw} ~* ${q}`)).join(', ')}]`
      : `ARRAY[]::boolean[]`;
  const text = `WITH g AS (SELECT DISTINCT id FROM (${parts.join('\n  UNION ALL\n  ')}) u)
    SELECT ${CARD_COLUMNS}, r.skills, r.roles, r.relocation, r.relocation_city_ids,
      ${checks(TITLE_VECTOR, 'r.title')} AS in_title, ${checks(SKILLS_VECTOR, `array_to_string(r.skills, ' | ')`)} AS in_skills
    FROM g JOIN resumes r ON r.id = g.id LEFT JOIN cities c ON c.id = r.city_id`;
  return { text, values: p.values };
}
