import { buildFilters, type Filters } from './search.filters.ts';
import { type Order, Params, SAMPLE_MODULUS, type SearchSpec } from './search.spec.ts';

/**
 * What the builders need to know about a search, decided once per request instead of by each
 * statement: the filters (spelled anew against each statement's parameters), whether its text is
 * heavy, the sample's scale and the order a page is really in.
 */
export type SearchPlan = {
  spec: SearchSpec;
  /** The WHERE parts of the search against a statement's parameters. */
  filters(p: Params): Filters;
  /**
   * Whether matching the text needs more than the indexes (an exact phrase against the raw text,
   * per-field or per-period rechecks): each candidate then costs detoasting and parsing, so exact
   * counts are attempted on smaller result sets.
   */
  heavyText: boolean;
  /** Whether the sample is taken through the GIN of the text (else the covering btree, half as dense). */
  textSample: boolean;
  /** By how much the sample's counts are to be multiplied. */
  sampleScale: number;
  /** Whether the text ranks (relevance has a meaning; without it, the freshest first). */
  ranked: boolean;
};

export function planSearch(spec: SearchSpec): SearchPlan {
  const f = buildFilters(spec, new Params());
  const textSample = !!(f.text?.rank || f.text?.highlight);
  return {
    spec,
    filters: (p) => buildFilters(spec, p),
    heavyText: f.textWheres.some((w) => /~\*|jsonb_array_elements|ts_exp_/.test(w)),
    textSample,
    sampleScale: textSample ? SAMPLE_MODULUS : SAMPLE_MODULUS * 2,
    ranked: !!f.text?.rank,
  };
}

/** The order a page of this search is in (relevance without text is the freshest first). */
export function effectiveOrder(plan: SearchPlan, order: Order): Order {
  return order === 'relevance' && !plan.ranked ? 'publication_time' : order;
}
