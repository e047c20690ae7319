import { allOf } from './search.filters.ts';
import { planSearch } from './search.plan.ts';
import { Params, type SearchSpec, type Sql } from './search.spec.ts';

/**
 * Which of a few resumes a search finds: the ids among `spec.onlyIds` (and after
 * `spec.changedSince`) that pass every filter of the search — the same plan and WHERE parts as its
 * pages and counts, facets included. The digests of saved searches ask it about the resumes
 * changed since their last run, so a search never walks the whole base. `from`: the table the
 * rows are read from — `resumes`, or a session's temporary copy of those few rows (same columns),
 * which the filters read without an index lookup per resume.
 */
export function matchingIdsSql(spec: SearchSpec, from = 'resumes'): Sql {
  if (!spec.onlyIds && !spec.changedSince) throw new Error('matchingIdsSql needs onlyIds or changedSince: it is not a page of the whole base');
  if (!/^[a-z_][a-z0-9_]*$/.test(from)) throw new Error(`not a table name: ${from}`);
  const p = new Params();
  const f = planSearch(spec).filters(p);
  const text = `SELECT r.id FROM ${from} r
    WHERE ${allOf([...f.base, ...Object.values(f.facet)])}`;
  return { text, values: p.values };
}
