import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { isApiError } from '@/shared/api/api-error.ts';
import type { SearchQuery } from '../lib/search-url.ts';

type SearchErrorProps = {
  error: unknown;
  query: SearchQuery;
  retrying: boolean;
  onRetry: () => void;
  apply: (changes: Partial<SearchQuery>) => void;
};

/** The search failed: a 403 says which option is missing and how to search without it; else a retry. */
export function SearchError({ error, query, retrying, onRetry, apply }: SearchErrorProps) {
  const forbidden = isApiError(error) && error.status === 403;
  if (isApiError(error) && error.status === 422) return <InvalidSearch messages={Object.values(error.fieldErrors).flat()} />;
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
      <Stack align="center" ta="center" gap="sm" maw={560} mx="auto">
        <ThemeIcon size={56} radius={28} variant="light" color="orange" aria-hidden>
          {forbidden ? <IconLock size={28} stroke={1.6} /> : <IconWifiOff size={28} stroke={1.6} />}
        </ThemeIcon>
        <Title order={2} fz={22}>
          {forbidden ? 'Такой поиск доступен с расширенным доступом' : 'Не удалось выполнить поиск'}
        </Title>
        <Text c="dimmed">
          {forbidden
            ? 'Поиск по нескольким городам сразу — опция «Массовый поиск», расширенный запрос — опция «Расширенный поиск».'
            : 'Сервер не ответил. Проверьте подключение к интернету и попробуйте ещё раз.'}
        </Text>
        <Group justify="center" gap="xs">
          {forbidden && query.search_city.length > 1 ? (
            <Button variant="light" onClick={() => apply({ search_city: query.search_city.slice(0, 1), subway: [] })}>
              Оставить один город
            </Button>
          ) : null}
          {forbidden && query.query && !query.text ? (
            <Button variant="light" onClick={() => apply({ query: undefined, text: query.query })}>
              Искать по ключевым словам
            </Button>
          ) : null}
          {forbidden && query.query && query.text ? (
            <Button variant="light" onClick={() => apply({ query: undefined })}>
              Убрать расширенный запрос
            </Button>
          ) : null}
          {forbidden ? null : (
            <Button onClick={onRetry} loading={retrying} leftSection={<IconRefresh size={18} />}>
              Повторить
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** 422: the server did not accept some condition; the messages also stand beside the fields. */
function InvalidSearch({ messages }: { messages: string[] }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} role="alert">
      <Stack align="center" ta="center" gap="sm" maw={560} mx="auto">
        <ThemeIcon size={56} radius={28} variant="light" color="orange" aria-hidden>
          <IconAlertTriangle size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          Проверьте условия поиска
        </Title>
        <List size="sm" ta="left" spacing={4}>
          {[...new Set(messages)].map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
