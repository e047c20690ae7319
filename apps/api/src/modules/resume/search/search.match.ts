import { allOf } from './search.filters.ts';
import { planSearch } from './search.plan.ts';
import { Params, type SearchSpec, type Sql } from './search.spec.ts';
import { type SimilarRow, scoreSimilar, similarSql } from './similar.ts';

/**
 * Which of a few resumes a search finds: the ids among `spec.onlyIds` (and after
 * `spec.changedSince`) that pass every filter of the search — the same plan and WHERE parts as its
 * pages and counts, facets included. The digests of saved searches ask it about the resumes
 * changed since their last run, so a search never walks the whole base. `from`: the table the
 * rows are read from — `resumes`, or a session's temporary copy of those few rows (same columns),
 * which the filters read without an index lookup per resume.
 *
 * A search with `similar_to` is its own statement (similarSql: the gatherings and what each
 * candidate shares with the source, every filter inside), so its rows go through matchedIds,
 * which keeps those that score as similar — what its count and its pages find among the same rows.
 */
export function matchingIdsSql(spec: SearchSpec, from = 'resumes'): Sql {
  if (!spec.onlyIds && !spec.changedSince) throw new Error('matchingIdsSql needs onlyIds or changedSince: it is not a page of the whole base');
  if (!/^[a-z_][a-z0-9_]*$/.test(from)) throw new Error(`not a table name: ${from}`);
  if (spec.similar) return similarSql(planSearch(spec), spec.similar, from) ?? { text: 'SELECT NULL::bigint AS id WHERE false', values: [] };
  const p = new Params();
  const f = planSearch(spec).filters(p);
  const text = `SELECT r.id FROM ${from} r
    WHERE ${allOf([...f.base, ...Object.values(f.facet)])}`;
  return { text, values: p.values };
}

/** The ids a matchingIdsSql statement found: for `similar_to`, only the candidates that score as similar (scoreSimilar). */
export function matchedIds(spec: SearchSpec, rows: { id: number | string }[]): number[] {
  const { similar } = spec;
  if (!similar) return rows.map((r) => Number(r.id));
  return rows.filter((row) => scoreSimilar(similar, row as unknown as SimilarRow) !== null).map((r) => Number(r.id));
}
