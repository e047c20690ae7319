import { CITY_SEARCH_DELAY_MS } from '@hr/contract/constants';
import { Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useCitySearch } from '../api/search-cities.ts';

type CitySelectProps = {
  id?: string;
  value: string | null;
  title: string;
  onChange: (value: string | null, title: string) => void;
  error?: string;
};

/**
 * The vacancy's city: the registration's server search (asked after the SEED 2-second pause),
 * but the value kept is our city id, as the contract wants.
 */
export function CitySelect({ id, value, title, onChange, error }: CitySelectProps) {
  const [search, setSearch] = useState(title);
  const typed = search.trim();
  const [debounced] = useDebouncedValue(typed, CITY_SEARCH_DELAY_MS);
  const shouldSearch = debounced.length > 0 && debounced !== title;
  const query = useCitySearch(debounced, shouldSearch);

  const regions = useMemo(() => new Map((query.data?.data ?? []).map((city) => [city.value, city.region])), [query.data]);
  const data = useMemo(() => {
    const found = shouldSearch ? (query.data?.data ?? []).map((city) => ({ value: city.value, label: city.title })) : [];
    if (value && !found.some((item) => item.value === value)) found.unshift({ value, label: title });
    return found;
  }, [query.data, shouldSearch, value, title]);

  const waiting = typed.length > 0 && typed !== title && (typed !== debounced || query.isFetching);

  return (
    <Select
      id={id}
      label="Город"
      placeholder="Начните вводить название"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      value={value}
      onChange={(next, option) => onChange(next, option?.label ?? '')}
      data={data}
      filter={({ options }) => options}
      limit={20}
      nothingFoundMessage={typed && !waiting && shouldSearch ? 'Город не найден' : undefined}
      leftSection={<IconMapPin size={18} stroke={1.6} />}
      rightSection={waiting ? <Loader size={16} role="status" aria-label="Ищем города" /> : null}
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.label}</Text>
          {regions.get(option.value) ? (
            <Text size="xs" c="dimmed">
              {regions.get(option.value)}
            </Text>
          ) : null}
        </div>
      )}
      comboboxProps={{ withinPortal: true }}
      autoComplete="off"
      error={error}
      required
    />
  );
}
