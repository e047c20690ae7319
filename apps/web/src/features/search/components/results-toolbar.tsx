import type { DictionaryItem } from '@hr/contract';
import { SEARCH_PER_PAGE } from '@hr/contract/search-params';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { SaveSearchButton } from '@/features/autosearch/index.ts';
import { type SearchQuery, searchToString } from '../lib/search-url.ts';
import { Select } from './deferred-inputs.tsx';

type ResultsToolbarProps = {
  found: string | null;
  query: SearchQuery;
  orderOptions: readonly DictionaryItem[];
  apply: (changes: Partial<SearchQuery>) => void;
  /** Phones: the button that opens the filters drawer. */
  onOpenFilters?: () => void;
  activeFilters: number;
};

const ORDER_FALLBACK: DictionaryItem[] = [
  { value: 'relevance', title: 'по соответствию' },
  { value: 'publication_time', title: 'по дате изменения' },
  { value: 'salary_desc', title: 'по убыванию зарплат' },
  { value: 'salary_asc', title: 'по возрастанию зарплаты' },
  { value: 'age', title: 'по возрасту' },
];

/** «Найдено N резюме», the order and the page size. */
export function ResultsToolbar({ found, query, orderOptions, apply, onOpenFilters, activeFilters }: ResultsToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" className="results-toolbar">
      <Group gap="sm" align="center" wrap="nowrap" className="results-toolbar__summary">
        {onOpenFilters ? (
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={18} stroke={1.6} />}
            rightSection={
              activeFilters > 0 ? (
                <Badge size="sm" circle>
                  {activeFilters}
                </Badge>
              ) : null
            }
            onClick={onOpenFilters}
          >
            Фильтры
          </Button>
        ) : null}
        <Text fw={700} fz={{ base: 16, sm: 18 }} role="status" aria-live="polite" className="results-toolbar__found">
          {found ?? '\u00a0'}
        </Text>
        {/* Members save the search as it is (every condition and the order) as an автопоиск. */}
        <SaveSearchButton query={searchToString({ ...query, page: 1 })} />
      </Group>
      <Group gap="xs" wrap="nowrap" className="results-toolbar__controls">
        <Select
          label="Сортировка"
          size="sm"
          className="results-toolbar__sort"
          data={(orderOptions.length ? orderOptions : ORDER_FALLBACK).map((item) => ({ value: item.value, label: item.title }))}
          value={query.searchOrderBy}
          onChange={(value) => apply({ searchOrderBy: (value ?? 'relevance') as SearchQuery['searchOrderBy'] })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="На странице"
          size="sm"
          className="results-toolbar__per-page"
          data={SEARCH_PER_PAGE.map((n) => ({ value: String(n), label: `по ${n}` }))}
          value={String(query.per_page)}
          onChange={(value) => apply({ per_page: Number(value ?? 20) })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Group>
  );
}
