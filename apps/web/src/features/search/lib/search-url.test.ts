import { beforeAll, describe, expect, it } from 'vitest';
import { earlySearchUrl, ownParams } from './page-params.ts';
import {
  activeFilterCount,
  EMPTY_QUERY,
  exportHref,
  filtersKey,
  hasSearchParams,
  loadSearchSchema,
  parseSearchParams,
  searchSchemaLoaded,
  searchToString,
  withoutFilters,
} from './search-url.ts';

const parse = (search: string) => parseSearchParams(new URLSearchParams(search));

describe('the search page URL → the search', () => {
  it('reads a bare page as the empty search without the schema', () => {
    expect(searchSchemaLoaded()).toBe(false);
    expect(parse('')).toEqual({ query: EMPTY_QUERY, issues: {} });
    // Popup parameters are not the search's.
    expect(parse('show=login&redirect=%2Fprofile')).toEqual({ query: EMPTY_QUERY, issues: {} });
    expect(hasSearchParams(new URLSearchParams('show=login'))).toBe(false);
  });

  it('needs the schema for a URL with search parameters', () => {
    expect(() => parse('text=hr')).toThrow(/schema is not loaded/);
  });

  describe('with the schema loaded', () => {
    beforeAll(async () => {
      await loadSearchSchema();
    });

    it('reads words, lists (name[] and repeated name) and numbers, with the defaults for the rest', () => {
      const { query, issues } = parse('text=%20менеджер%20&search_city[]=1&search_city=2&experience[]=between1And3&age_from=25&page=2');
      expect(issues).toEqual({});
      expect(query).toEqual({
        ...EMPTY_QUERY,
        text: 'менеджер',
        search_city: ['1', '2'],
        experience: ['between1And3'],
        age_from: 25,
        page: 2,
      });
    });

    it('reports a bad value under its name and still searches with the rest', () => {
      const { query, issues } = parse('text=бухгалтер&per_page=30&experience[]=forever');
      expect(Object.keys(issues).sort()).toEqual(['experience', 'per_page']);
      expect(query.text).toBe('бухгалтер');
      expect(query.per_page).toBe(20);
      expect(query.experience).toEqual([]);
    });

    it('drops the later half of a crossed range (age_to below age_from)', () => {
      const { query, issues } = parse('age_from=40&age_to=30');
      expect(Object.keys(issues)).toEqual(['age_to']);
      expect(query.age_from).toBe(40);
      expect(query.age_to).toBeUndefined();
    });

    it('refuses a page past the depth limit', () => {
      const { query, issues } = parse('page=101&per_page=20');
      expect(Object.keys(issues)).toEqual(['page']);
      expect(query.page).toBe(1);
    });

    it('writes back what it read: state → URL → state is the same search', () => {
      const { query } = parse(
        'text=java&logic=any&search_city[]=1&schedule[]=remote&salary_to=300000&searchOrderBy=publication_time&per_page=50',
      );
      const written = searchToString(query);
      expect(written).toBe(
        'text=java&logic=any&search_city[]=1&schedule[]=remote&salary_to=300000&searchOrderBy=publication_time&per_page=50',
      );
      expect(parse(written).query).toEqual(query);
    });
  });
});

describe('the search → the URL', () => {
  it('leaves defaults and empty values out and writes lists as name[]', () => {
    expect(searchToString(EMPTY_QUERY)).toBe('');
    expect(searchToString({ ...EMPTY_QUERY, text: 'hr', drive: ['B', 'C'], page: 1 })).toBe('drive[]=B&drive[]=C&text=hr');
  });

  it('keys a selection by its filters, not by the page or the order', () => {
    const base = { ...EMPTY_QUERY, text: 'hr', search_city: ['1'] };
    expect(filtersKey({ ...base, page: 3, searchOrderBy: 'publication_time', per_page: 100 })).toBe(filtersKey(base));
    expect(filtersKey(base)).not.toBe(filtersKey({ ...base, search_city: ['2'] }));
  });

  it('builds the export link without the page', () => {
    expect(exportHref({ ...EMPTY_QUERY, text: 'hr', page: 4 }, 'csv')).toBe('/api/resume/search/export?format=csv&text=hr');
    expect(exportHref(EMPTY_QUERY, 'xlsx')).toBe('/api/resume/search/export?format=xlsx');
  });

  it('counts the filters a member set (a range once, words and order not at all)', () => {
    expect(activeFilterCount(EMPTY_QUERY)).toBe(0);
    const query = {
      ...EMPTY_QUERY,
      text: 'hr',
      searchOrderBy: 'publication_time' as const,
      search_city: ['1', '2'],
      age_from: 20,
      age_to: 30,
      sex: 'female' as const,
      relocation: 'relocation' as const,
    };
    expect(activeFilterCount(query)).toBe(4);
    const cleared = withoutFilters(query);
    expect(activeFilterCount(cleared)).toBe(0);
    expect(cleared.text).toBe('hr');
    expect(cleared.searchOrderBy).toBe('publication_time');
  });
});

describe('the page parameters', () => {
  it('keeps the search parameters and leaves the popups and skipped names out', () => {
    const params = new URLSearchParams('text=hr&show=register&invite=abc&search_city[]=1&age_from=20');
    expect(ownParams(params).toString()).toBe('text=hr&search_city%5B%5D=1&age_from=20');
    expect(ownParams(params, new Set(['search_city'])).toString()).toBe('text=hr&age_from=20');
  });

  it('gives the early API address only on the search pages, written as the page writes it', () => {
    expect(earlySearchUrl({ pathname: '/', search: '' })).toBe('/api/resume/search');
    expect(earlySearchUrl({ pathname: '/search', search: '?text=hr&search_city[]=1&show=login' })).toBe(
      '/api/resume/search?text=hr&search_city[]=1',
    );
    expect(earlySearchUrl({ pathname: '/favourite', search: '?text=hr' })).toBeNull();
  });
});
