import { Alert, Box, Button, Container, Drawer, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSession } from '@/shared/session/session-store.ts';
import { useResumeSearch } from '../api/search-resumes.ts';
import { FilterPanel } from '../components/filter-panel.tsx';
import { MassActions } from '../components/mass-actions.tsx';
import { QueryBar } from '../components/query-bar.tsx';
import { ResultsToolbar } from '../components/results-toolbar.tsx';
import { SearchResults } from '../components/search-results.tsx';
import { TopProgress } from '../components/top-progress.tsx';
import { useSearchErrors } from '../hooks/use-search-errors.ts';
import { useSearchState } from '../hooks/use-search-state.ts';
import { useVisitorOpen } from '../hooks/use-visitor-open.ts';
import { foundText, formatNumber, paramTitle } from '../lib/search-format.ts';
import type { BulkFavourite, ResultCardProps, SearchDictionaries } from '../lib/search-types.ts';
import { activeFilterCount, filtersKey } from '../lib/search-url.ts';
import '../search.css';

export type SearchPageProps = {
  dictionaries: SearchDictionaries;
  massSearch: boolean;
  specSearch: boolean;
  Card: ComponentType<ResultCardProps>;
  onBulkFavourite?: BulkFavourite;
  /** Above the query bar (the heading, a line about the club for visitors). */
  intro?: ReactNode;
  /** Below the results (the club's pitch for visitors on the home page). */
  after?: ReactNode;
};

const NOTHING: ReadonlySet<string> = new Set();

/** The candidate search (PRODUCT 4): the query bar, the filters, the results; all of it in the URL. */
export function SearchPage({ dictionaries, massSearch, specSearch, Card, onBulkFavourite, intro, after }: SearchPageProps) {
  const { status, user } = useSession();
  const { query, issues: clientIssues, apiParams, apply, commit } = useSearchState();
  const viewer = status === 'unknown' ? null : (user?.id ?? 'guest');
  const search = useResumeSearch(apiParams, viewer);
  const result = search.data;
  const issues = useSearchErrors(search.error, clientIssues);
  const onOpen = useVisitorOpen();
  const isPhone = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  const [drawerOpened, drawer] = useDisclosure(false);
  const resultsTop = useRef<HTMLDivElement>(null);

  // The selection (mass_search) belongs to one filter set.
  const selectionKey = filtersKey(query);
  const [selection, setSelection] = useState<{ key: string; hashes: ReadonlySet<string> }>({ key: selectionKey, hashes: NOTHING });
  const selected = selection.key === selectionKey ? selection.hashes : NOTHING;
  const select = (hashes: ReadonlySet<string>) => setSelection({ key: selectionKey, hashes });

  // A bookmarked page past the end (fewer results now): show the last one instead.
  useEffect(() => {
    if (result && !search.isPlaceholderData && result.data.length === 0 && query.page > result.last_page && result.total > 0) {
      apply({ page: result.last_page }, { keepPage: true, replace: true });
    }
  }, [result, search.isPlaceholderData, query.page, apply]);

  const goToPage = (page: number) => {
    apply({ page }, { keepPage: true });
    resultsTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const isMember = status === 'member';
  const facetsEstimated = result?.facets_are_estimates ?? false;
  const panel = (
    <FilterPanel
      query={query}
      issues={issues}
      dictionaries={dictionaries}
      facets={result?.facets}
      facetsEstimated={facetsEstimated}
      isMember={isMember}
      massSearch={massSearch}
      apply={apply}
      commit={commit}
      withHeading={!isPhone}
    />
  );
  const foreignIssues = Object.entries(clientIssues).filter(([key]) => !['text', 'query'].includes(key));

  return (
    <>
      <TopProgress active={search.isFetching} />
      <Box component="section" className="search-hero" aria-labelledby="search-heading">
        <Container size="xl" px={{ base: 'md', sm: 'lg' }} pt={{ base: 20, sm: 32 }} pb={{ base: 16, sm: 24 }}>
          <Stack gap="md">
            {intro}
            <QueryBar
              query={query}
              issues={issues}
              logicOptions={dictionaries.logic ?? []}
              fieldTree={dictionaries.typeTree ?? []}
              specSearch={specSearch}
              apply={apply}
            />
          </Stack>
        </Container>
      </Box>

      <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
        <div className="search-layout">
          {isPhone ? null : (
            <aside className="search-layout__filters" aria-label="Фильтры">
              {panel}
            </aside>
          )}
          <Stack gap="md" className="search-layout__results">
            <div ref={resultsTop} className="search-results-top" />
            <ResultsToolbar
              found={result ? foundText(result) : null}
              query={query}
              orderOptions={dictionaries.searchOrderBy ?? []}
              apply={apply}
              onOpenFilters={isPhone ? drawer.open : undefined}
              activeFilters={activeFilterCount(query)}
            />
            {foreignIssues.length > 0 ? (
              <Alert color="orange" variant="light" title="Часть условий из ссылки не распознана и не учтена">
                {foreignIssues.map(([key, messages]) => `${paramTitle(key)}: ${messages[0]}`).join('; ')}
              </Alert>
            ) : null}
            {massSearch && result && result.data.length > 0 ? (
              <MassActions
                query={query}
                pageHashes={result.data.map((card) => card.hash)}
                selected={selected}
                onSelect={select}
                onBulkFavourite={onBulkFavourite}
              />
            ) : null}
            <SearchResults
              result={result}
              error={search.error}
              isFetching={search.isFetching}
              refetch={() => void search.refetch()}
              query={query}
              apply={apply}
              commit={commit}
              Card={Card}
              onOpen={onOpen}
              onPage={goToPage}
              selected={massSearch ? selected : undefined}
              onSelect={massSearch ? select : undefined}
            />
          </Stack>
        </div>
      </Container>

      {isPhone ? (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          title="Фильтры"
          position="left"
          size="100%"
          closeButtonProps={{ 'aria-label': 'Закрыть фильтры' }}
          classNames={{ body: 'filters-drawer__body' }}
        >
          {panel}
          <div className="filters-drawer__footer">
            <Button fullWidth size="md" onClick={drawer.close} loading={search.isFetching}>
              {result
                ? `Показать ${result.total_capped ? `более ${formatNumber(10_000)}` : formatNumber(result.total)} резюме`
                : 'Показать'}
            </Button>
          </div>
        </Drawer>
      ) : null}
      {after}
    </>
  );
}
