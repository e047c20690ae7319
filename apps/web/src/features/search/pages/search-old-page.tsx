import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { type ComponentType, type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { useResumeSearch } from '../api/search-resumes.ts';
import { SearchResults } from '../components/search-results.tsx';
import { TopProgress } from '../components/top-progress.tsx';
import { useSearchErrors } from '../hooks/use-search-errors.ts';
import { useSearchState } from '../hooks/use-search-state.ts';
import { useVisitorOpen } from '../hooks/use-visitor-open.ts';
import { foundText } from '../lib/search-format.ts';
import type { ResultCardProps } from '../lib/search-types.ts';
import { EMPTY_QUERY } from '../lib/search-url.ts';
import '../search.css';

export type CityChoice = { value: string; label: string };

type SearchOldPageProps = { cities: readonly CityChoice[]; Card: ComponentType<ResultCardProps> };

/** `/search_old`: the former plain form — one text field and a city — over the same search. */
export function SearchOldPage({ cities, Card }: SearchOldPageProps) {
  const { status, user } = useSession();
  const { query, issues: clientIssues, apiParams, apply, commit } = useSearchState();
  const search = useResumeSearch(apiParams, status === 'unknown' ? null : (user?.id ?? 'guest'));
  const issues = useSearchErrors(search.error, clientIssues);
  const onOpen = useVisitorOpen();
  const [text, setText] = useState(query.text ?? '');
  const [city, setCity] = useState<string | null>(query.search_city[0] ?? null);

  useEffect(() => setText(query.text ?? ''), [query.text]);
  useEffect(() => setCity(query.search_city[0] ?? null), [query.search_city]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit({ ...EMPTY_QUERY, text: text.trim() || undefined, search_city: city ? [city] : [] });
  };

  return (
    <>
      <TopProgress active={search.isFetching} />
      <PageSection title="Простой поиск" subtitle="Прежняя форма поиска: слова и город. Все фильтры — в основном поиске на главной.">
        <Paper component="form" role="search" aria-label="Простой поиск" onSubmit={submit} withBorder radius="lg" p="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Что ищем"
              name="text"
              placeholder="Должность или навыки"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={issues.text?.[0]}
              style={{ flex: '1 1 300px' }}
            />
            <Select
              label="Город"
              placeholder="Любой город"
              data={cities as CityChoice[]}
              value={city}
              onChange={setCity}
              searchable
              clearable
              limit={50}
              nothingFoundMessage="Город не найден"
              error={issues.search_city?.[0]}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit">Найти</Button>
          </Group>
        </Paper>
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={700} role="status" aria-live="polite">
              {search.data ? foundText(search.data) : '\u00a0'}
            </Text>
            <Text size="sm" component={Link} to={`/?${apiParams}`} c="brand.7" td="underline">
              Открыть в новом поиске
            </Text>
          </Group>
          <SearchResults
            result={search.data}
            error={search.error}
            isFetching={search.isFetching}
            refetch={() => void search.refetch()}
            query={query}
            apply={apply}
            commit={commit}
            Card={Card}
            onOpen={onOpen}
            onPage={(page) => {
              apply({ page }, { keepPage: true });
              window.scrollTo({ top: 0 });
            }}
            compact
          />
        </Stack>
      </PageSection>
    </>
  );
}
