import { Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { activeFilterCount, type SearchQuery, withoutFilters } from '../lib/search-url.ts';

type EmptyResultsProps = {
  query: SearchQuery;
  apply: (changes: Partial<SearchQuery>) => void;
  commit: (query: SearchQuery) => void;
};

/** Nothing found: say why it may be and offer the changes that usually help. */
export function EmptyResults({ query, apply, commit }: EmptyResultsProps) {
  const words = (query.text ?? '').split(/\s+/).filter(Boolean);
  const filters = activeFilterCount(query);
  const suggestions: { label: string; run: () => void }[] = [];
  if (words.length > 1 && query.logic !== 'any') suggestions.push({ label: 'Искать любое из слов', run: () => apply({ logic: 'any' }) });
  if (query.field.length > 0) suggestions.push({ label: 'Искать везде', run: () => apply({ field: [], period: 'all_time' }) });
  if (filters > 0) suggestions.push({ label: 'Сбросить фильтры', run: () => commit(withoutFilters(query)) });
  if (query.query) suggestions.push({ label: 'Без расширенного запроса', run: () => apply({ query: undefined }) });
  if (query.text) suggestions.push({ label: `Искать без слов «${query.text}»`, run: () => apply({ text: undefined }) });

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} className="empty-results">
      <Stack align="center" ta="center" gap="sm" maw={560} mx="auto">
        <ThemeIcon size={56} radius={28} variant="light" color="brand" aria-hidden>
          <IconSearchOff size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          Ничего не нашлось
        </Title>
        <Text c="dimmed">По такому запросу в базе клуба нет резюме. Попробуйте:</Text>
        <List size="sm" ta="left" c="#33404f" spacing={4}>
          <List.Item>проверить, нет ли опечаток, или написать слово иначе — «рекрутер» вместо «рекрутёр»;</List.Item>
          <List.Item>убрать часть слов или фильтров — например, зарплату или опыт{query.search_city.length > 0 ? ';' : '.'}</List.Item>
          {query.search_city.length > 0 ? (
            <List.Item>выбрать соседний город или «Живут в указанном регионе или готовы переехать в него».</List.Item>
          ) : null}
        </List>
        {suggestions.length > 0 ? (
          <Group justify="center" gap="xs" mt="xs">
            {suggestions.map((suggestion) => (
              <Button key={suggestion.label} variant="light" size="sm" onClick={suggestion.run}>
                {suggestion.label}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
