import type { SearchResult } from '@hr/contract';
import { Stack } from '@mantine/core';
import { type ComponentType, lazy, type MouseEvent, Suspense } from 'react';
import type { ResultCardProps } from '../lib/search-types.ts';
import type { SearchQuery } from '../lib/search-url.ts';
import { EmptyResults } from './empty-results.tsx';

// Only mass_search members select cards (their flag comes after the session).
const Checkbox = lazy(() => import('./heavy-inputs.ts').then((m) => ({ default: m.Checkbox })));
import { ResultSkeletons } from './result-skeletons.tsx';
import { SearchError } from './search-error.tsx';
import { SearchPagination } from './search-pagination.tsx';

type SearchResultsProps = {
  result: SearchResult | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => void;
  query: SearchQuery;
  apply: (changes: Partial<SearchQuery>, options?: { keepPage?: boolean }) => void;
  commit: (query: SearchQuery) => void;
  Card: ComponentType<ResultCardProps>;
  onOpen: (hash: string) => ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined;
  onPage: (page: number) => void;
  /** mass_search: a checkbox on every card. */
  selected?: ReadonlySet<string>;
  onSelect?: (next: ReadonlySet<string>) => void;
  compact?: boolean;
};

/** The cards of a search, or its skeletons, empty state or error; then the pages. */
export function SearchResults(props: SearchResultsProps) {
  const { result, error, isFetching, refetch, query, apply, commit, Card, onOpen, onPage, selected, onSelect, compact } = props;

  if (!result) {
    if (error) return <SearchError error={error} query={query} retrying={isFetching} onRetry={refetch} apply={apply} />;
    return <ResultSkeletons count={compact ? 3 : 5} />;
  }
  if (error) return <SearchError error={error} query={query} retrying={isFetching} onRetry={refetch} apply={apply} />;
  if (result.data.length === 0) return <EmptyResults query={query} apply={apply} commit={commit} />;

  const toggle = (hash: string, checked: boolean) => {
    if (!selected || !onSelect) return;
    const next = new Set(selected);
    if (checked) next.add(hash);
    else next.delete(hash);
    onSelect(next);
  };

  return (
    <>
      <Stack
        gap="md"
        className={isFetching ? 'search-results search-results--stale' : 'search-results'}
        component="ol"
        aria-label="Результаты поиска"
        aria-busy={isFetching}
      >
        {result.data.map((card) => (
          <li key={card.hash} className="search-results__item">
            <Card
              card={card}
              href={`/resume/${card.hash}`}
              onOpen={onOpen(card.hash)}
              compact={compact}
              selection={
                selected ? (
                  <Suspense fallback={null}>
                    <Checkbox
                      radius="sm"
                      aria-label={`Выбрать: ${card.title}`}
                      checked={selected.has(card.hash)}
                      onChange={(event) => toggle(card.hash, event.currentTarget.checked)}
                    />
                  </Suspense>
                ) : undefined
              }
            />
          </li>
        ))}
      </Stack>
      <SearchPagination page={query.page} lastPage={result.last_page} total={result.total} onChange={onPage} />
    </>
  );
}
