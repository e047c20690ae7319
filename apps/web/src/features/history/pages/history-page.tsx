import type { ResumeCard } from '@hr/contract';
import { HISTORY_DAYS, HISTORY_TEXT_MAX } from '@hr/contract/signals';
import { Button, CloseButton, Group, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClockHour4, IconHistory, IconSearch } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { plural } from '@/shared/lib/format.ts';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { useHistory } from '../api/get-history.ts';
import { groupByDay, openedTime, textFromParams } from '../lib/history-format.ts';
import '../history.css';

const SEARCH_DELAY_MS = 350;
const RESUMES = ['резюме', 'резюме', 'резюме'] as const;

/** What the page needs of a card component (the resume feature's, passed in by the route). */
export type HistoryCardProps = { card: ResumeCard; href: string; aside?: ReactNode };

export const HISTORY_EMPTY_TEXT = `Вы ещё не открывали резюме за последние ${HISTORY_DAYS} дней — найдите кандидатов на странице поиска`;

/** The search box: typing settles for a moment, then the address (`?text=`) and the list follow. */
function HistorySearch({ text, onText }: { text: string; onText: (next: string) => void }) {
  const [typed, setTyped] = useState(text);
  const [debounced] = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS);
  // The address changed (Back, a link): the field follows it.
  useEffect(() => setTyped(text), [text]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text searches.
  useEffect(() => {
    if (debounced !== text) onText(debounced);
  }, [debounced]);
  return (
    <TextInput
      className="history-search"
      label="Поиск в истории"
      placeholder="Должность, навык"
      leftSection={<IconSearch size={16} aria-hidden />}
      maxLength={HISTORY_TEXT_MAX}
      value={typed}
      onChange={(event) => setTyped(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onText(typed.trim());
      }}
      rightSection={typed ? <CloseButton size="sm" aria-label="Очистить поиск" onClick={() => setTyped('')} /> : null}
    />
  );
}

function HistorySkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Загрузка истории">
      <Skeleton height={22} width={120} radius="sm" />
      {[1, 2, 3].map((n) => (
        <Skeleton key={n} height={130} radius="lg" />
      ))}
    </Stack>
  );
}

/**
 * `/history` (PRODUCT 10): the resumes the member opened in the last 90 days, newest first, under
 * day headings («Сегодня», «Вчера», «25 ноября») with the time of each opening, a search inside
 * them (kept in the address) and «Показать ещё».
 */
export function HistoryPage({ Card }: { Card: ComponentType<HistoryCardProps> }) {
  const [params, setParams] = useSearchParams();
  const text = textFromParams(params);
  const { data, error, isPending, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch, isPlaceholderData } =
    useHistory(text);

  useEffect(() => {
    if (error) handleErrorWithRedirect(error);
  }, [error]);

  const items = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  const groups = useMemo(() => groupByDay(items), [items]);
  const total = data?.pages[0]?.total ?? 0;
  const setText = (next: string) => setParams(next ? { text: next } : {}, { replace: true });

  let subtitle = `Резюме, которые вы открывали за последние ${HISTORY_DAYS} дней. Новые — сверху`;
  if (data && text) subtitle = `Найдено: ${total} ${plural(total, RESUMES)} за ${HISTORY_DAYS} дней`;

  let content: ReactNode;
  if (isPending) content = <HistorySkeleton />;
  else if (!data)
    content = (
      <EmptyState
        icon={IconHistory}
        title="Не удалось загрузить историю"
        text="Проверьте подключение к интернету и попробуйте ещё раз."
        action={
          <Button onClick={() => void refetch()} loading={isFetching}>
            Повторить
          </Button>
        }
      />
    );
  else if (items.length === 0 && text)
    content = (
      <EmptyState
        icon={IconSearch}
        title="Ничего не нашлось"
        text="Поиск идёт по должности, ключевым навыкам и последнему месту работы резюме, которые вы открывали. Попробуйте другое слово."
        action={
          <Button variant="light" onClick={() => setText('')}>
            Показать все
          </Button>
        }
      />
    );
  else if (items.length === 0)
    content = (
      <EmptyState
        icon={IconHistory}
        title="История пока пуста"
        text={HISTORY_EMPTY_TEXT}
        action={
          <Button component={Link} to="/" leftSection={<IconSearch size={18} />}>
            Перейти к поиску
          </Button>
        }
      />
    );
  else
    content = (
      <Stack gap="lg" aria-busy={isFetching} style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
        {groups.map((group) => (
          <section key={group.key} aria-labelledby={`history-day-${group.key}`} className="history-day">
            <Title order={2} fz={18} id={`history-day-${group.key}`} className="history-day__title">
              {group.label}
            </Title>
            <Stack gap="md" component="ul" className="plain-list" data-testid="history-list">
              {group.items.map((item) => (
                <li key={`${item.hash}-${item.opened_at}`} data-testid="history-item">
                  <Card
                    card={item}
                    href={`/resume/${item.hash}`}
                    aside={
                      <span className="history-opened">
                        <IconClockHour4 size={15} stroke={1.6} aria-hidden />
                        Открыто в {openedTime(item.opened_at)}
                      </span>
                    }
                  />
                </li>
              ))}
            </Stack>
          </section>
        ))}
        {hasNextPage ? (
          <Group justify="center">
            <Button variant="default" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
              Показать ещё
            </Button>
          </Group>
        ) : null}
      </Stack>
    );

  return (
    <PageSection title="История просмотров" subtitle={<span aria-live="polite">{subtitle}</span>} size="lg">
      {isPending || text || items.length > 0 ? <HistorySearch text={text} onText={setText} /> : null}
      {content}
    </PageSection>
  );
}
