import { SEARCH_EXACT_COUNT_LIMIT } from '@hr/contract/search-params';
import { Box, Container, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { afterFirstContent, markFirstContent } from '@/shared/lib/first-content.ts';
import { usePhoneLayout } from '@/shared/lib/first-screen-layout.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { useResumeSearch } from '../api/search-resumes.ts';
import { FilterPanelStandIn } from '../components/filter-panel-stand-in.tsx';
import { massActions } from '../components/member-option-parts.ts';
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

/** Narrower than this the filters move into a drawer (boot.tsx asks too: the server draws the wide layout). */
export const PHONE_LAYOUT_QUERY = '(max-width: 61.99em)';

// The filters come right after the first results (a stand-in of their size holds their place).
const FilterPanel = lazy(() =>
  afterFirstContent()
    .then(() => import('../components/filter-panel.tsx'))
    .then((m) => ({ default: m.FilterPanel })),
);

// Only for a link with parameters the search does not know.
const Alert = lazy(() => import('../components/heavy-inputs.ts').then((m) => ({ default: m.Alert })));


// Phones' filter drawer (Mantine's modal pieces): after the first results, closed until asked for.
const FiltersDrawer = lazy(() =>
  afterFirstContent()
    .then(() => import('../components/filters-drawer.tsx'))
    .then((m) => ({ default: m.FiltersDrawer })),
);

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
  // (The server, with no screen, draws the layout of the device that asked: first-screen-layout.ts.)
  const isPhone = usePhoneLayout(PHONE_LAYOUT_QUERY);
  const [drawerOpened, drawer] = useDisclosure(false);
  const resultsTop = useRef<HTMLDivElement>(null);

  // The selection (mass_search) belongs to one filter set.
  const selectionKey = filtersKey(query);
  const [selection, setSelection] = useState<{ key: string; hashes: ReadonlySet<string> }>({ key: selectionKey, hashes: NOTHING });
  const selected = selection.key === selectionKey ? selection.hashes : NOTHING;
  const select = (hashes: ReadonlySet<string>) => setSelection({ key: selectionKey, hashes });

  // The first results (or the reason there are none) are the page's first content: what waits
  // for it (the header's menus, the heavy inputs, the popups) loads now.
  const answered = result !== undefined || search.error !== null;
  useEffect(() => {
    if (answered) markFirstContent();
  }, [answered]);

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
  // mass_search members' bar: its own chunk (loaded before the first render for them).
  const MassActions = massActions.current();
  const facetsEstimated = result?.facets_are_estimates ?? false;
  const panel = (touch: boolean) => (
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
      withHeading={!touch}
      touch={touch}
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
              <Suspense fallback={<FilterPanelStandIn />}>{panel(false)}</Suspense>
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
            {query.similar_to ? (
              // «Все похожие» from a resume page: say what the list is and give the whole search back.
              <p className="search-similar" data-testid="search-similar">
                <span>
                  Резюме, похожие на <Link to={`/resume/${query.similar_to}`}>это резюме</Link>
                </span>
                <button type="button" className="search-similar__clear" onClick={() => apply({ similar_to: undefined })}>
                  Показать все резюме
                </button>
              </p>
            ) : null}
            {foreignIssues.length > 0 ? (
              <Suspense fallback={null}>
                <Alert color="orange" variant="light" title="Часть условий из ссылки не распознана и не учтена">
                  {foreignIssues.map(([key, messages]) => `${paramTitle(key)}: ${messages[0]}`).join('; ')}
                </Alert>
              </Suspense>
            ) : null}
            {massSearch && result && result.data.length > 0 ? (
              <Suspense fallback={null}>
                <MassActions
                  query={query}
                  pageHashes={result.data.map((card) => card.hash)}
                  selected={selected}
                  onSelect={select}
                  onBulkFavourite={onBulkFavourite}
                />
              </Suspense>
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
        <Suspense fallback={null}>
          <FiltersDrawer
            opened={drawerOpened}
            onClose={drawer.close}
            loading={search.isFetching}
            showLabel={
              result ? `Показать ${result.total_capped ? `более ${formatNumber(SEARCH_EXACT_COUNT_LIMIT)}` : formatNumber(result.total)} резюме` : 'Показать'
            }
          >
            {panel(true)}
          </FiltersDrawer>
        </Suspense>
      ) : null}
      {after}
    </>
  );
}
