import type { ResumeCard } from '@hr/contract';
import { AUTOSEARCH_FREQUENCIES, AUTOSEARCH_FREQUENCY_LABEL, AUTOSEARCH_MSG, type AutosearchFrequency } from '@hr/contract/autosearch';
import { Alert, Anchor, Badge, Button, Container, Group, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconSearch, IconZoomQuestion } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useDictionaries } from '@/features/dictionary/api/get-dictionaries.ts';
import { ApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect, handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { NOT_FOUND_PATH, navigateTo } from '@/shared/lib/navigation.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { Pager } from '@/shared/ui/pager.tsx';
import { autosearchKeys, useAutosearches, useAutosearchResults, useUpdateAutosearch } from '../api/autosearch-api.ts';
import { lowerFirst, searchHref } from '../lib/autosearch-format.ts';
import { DESCRIBE_DICTIONARIES, describeQuery } from '../lib/describe-query.ts';
import '../autosearch.css';

/** The reason a saved search does not run (the server's 403/422 about its query), or null. */
function problemOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 422)) return null;
  return error.fieldErrors.query?.[0] ?? null;
}

/** What the page needs of a card component (the resume feature's, passed in by the route). */
export type AutosearchCardProps = { card: ResumeCard; href: string; aside?: ReactNode };

/** `/autosearch/:id`: the saved search's resumes, new ones first and marked; its digest switch; the search itself. */
export function AutosearchResultsPage({ Card }: { Card: ComponentType<AutosearchCardProps> }) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const client = useQueryClient();
  const list = useAutosearches();
  const results = useAutosearchResults(valid ? id : 0, page);
  const update = useUpdateAutosearch();
  const dictionaries = useDictionaries(DESCRIBE_DICTIONARIES);
  const search = list.data?.find((item) => item.id === id);

  useEffect(() => {
    if (!valid) navigateTo(NOT_FOUND_PATH, { replace: true });
  }, [valid]);
  // A search that no longer runs for the member (an option lost, a value gone) says why on the page.
  const problem = problemOf(results.error);
  useEffect(() => {
    if (results.error && !problemOf(results.error)) handleErrorWithRedirect(results.error);
  }, [results.error]);
  useEffect(() => {
    if (list.error) handleErrorWithRedirect(list.error);
  }, [list.error]);

  // Opening page 1 resets the count on the server: the list asks again.
  const opened = page === 1 && results.isSuccess && !results.isPlaceholderData;
  useEffect(() => {
    if (opened) void client.invalidateQueries({ queryKey: autosearchKeys.list });
  }, [opened, client]);

  const goTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  };

  const setFrequency = (frequency: AutosearchFrequency) =>
    update.mutate(
      { id, frequency },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: `${AUTOSEARCH_MSG.updated}: ${lowerFirst(AUTOSEARCH_FREQUENCY_LABEL[frequency])}`,
          }),
        onError: (failure) => handleErrorWithoutRedirect(failure),
      },
    );

  const data = results.data;
  let content: ReactNode;
  if (!data && problem) {
    content = (
      <EmptyState
        icon={IconAlertTriangle}
        color="orange"
        title="Автопоиск сейчас не работает"
        text={`${problem.replace(/\.$/, '')}. Откройте его в поиске, измените условия и сохраните заново.`}
        action={
          search ? (
            <Button component={Link} to={searchHref(search.query)} variant="light" leftSection={<IconSearch size={18} />}>
              Открыть в поиске
            </Button>
          ) : undefined
        }
      />
    );
  } else if (!data && results.error) {
    content = (
      <EmptyState
        icon={IconZoomQuestion}
        title="Не удалось загрузить резюме автопоиска"
        text="Проверьте подключение к интернету и попробуйте ещё раз."
        action={
          <Button onClick={() => void results.refetch()} loading={results.isFetching}>
            Повторить
          </Button>
        }
      />
    );
  } else if (!data) {
    content = (
      <Stack gap="md" aria-busy="true" aria-label="Загрузка резюме">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} height={150} radius="lg" />
        ))}
      </Stack>
    );
  } else if (data.data.length === 0) {
    content = (
      <EmptyState
        icon={IconZoomQuestion}
        title="По этому автопоиску резюме пока нет"
        text="Новые резюме появятся здесь, как только попадут в базу. Можно открыть поиск и ослабить условия — потом сохранить его заново."
        action={
          search ? (
            <Button component={Link} to={searchHref(search.query)} variant="light" leftSection={<IconSearch size={18} />}>
              Открыть в поиске
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <Text fw={700} role="status" aria-live="polite">
          Найдено: {data.total.toLocaleString('ru-RU')} резюме
        </Text>
        <Stack gap="md" component="ol" aria-label="Резюме автопоиска" aria-busy={results.isFetching} className="autosearch-results">
          {data.data.map((card) => (
            <li
              key={card.hash}
              className={card.is_new ? 'autosearch-result autosearch-result--new' : 'autosearch-result'}
              data-new={card.is_new}
            >
              <Card
                card={card}
                href={`/resume/${card.hash}`}
                aside={
                  card.is_new ? (
                    <Badge color="teal" variant="light" size="sm" tt="none" className="autosearch-result__new">
                      новое
                    </Badge>
                  ) : undefined
                }
              />
            </li>
          ))}
        </Stack>
        <Pager centered page={data.current_page} lastPage={data.last_page} onChange={goTo} label="Страницы автопоиска" />
      </Stack>
    );
  }

  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }} px={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Anchor component={Link} to="/autosearch" size="sm" className="autosearch-back">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} aria-hidden /> Все автопоиски
          </Group>
        </Anchor>
        <Stack gap="xs">
          {search ? (
            <Title order={1} fz={{ base: 24, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
              {search.name}
            </Title>
          ) : (
            <Skeleton height={34} width="60%" radius="sm" aria-label="Загрузка автопоиска" />
          )}
          {search ? (
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {describeQuery(search.query, dictionaries).join(' · ') || 'Все резюме, без условий'}
            </Text>
          ) : null}
          {search?.shared_by ? (
            <Text size="sm">
              Прислал(а) <b>{search.shared_by.fio}</b>
            </Text>
          ) : null}
        </Stack>
        {search ? (
          <Group justify="space-between" align="flex-end" gap="sm">
            <Select
              label="Присылать новые резюме"
              data={AUTOSEARCH_FREQUENCIES.map((value) => ({ value, label: AUTOSEARCH_FREQUENCY_LABEL[value] }))}
              value={search.frequency}
              onChange={(value) => value && value !== search.frequency && setFrequency(value as AutosearchFrequency)}
              allowDeselect={false}
              disabled={update.isPending}
              w={{ base: '100%', xs: 360 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Button component={Link} to={searchHref(search.query)} variant="light" leftSection={<IconSearch size={18} />}>
              Открыть в поиске
            </Button>
          </Group>
        ) : null}
        {search?.problem && !problem ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            {search.problem}
          </Alert>
        ) : null}
        {content}
      </Stack>
    </Container>
  );
}
