import { CITY_SEARCH_DELAY_MS } from '@hr/contract/constants';
import { Autocomplete, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo, useRef } from 'react';
import { useCitySearch } from '../api/search-cities.ts';

type CityAutocompleteProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
};

/** SEED 5: city autocomplete; the server is asked after a 2-second pause in typing. */
export function CityAutocomplete({ value, onChange, error, required }: CityAutocompleteProps) {
  const typed = value.trim();
  const [debounced] = useDebouncedValue(typed, CITY_SEARCH_DELAY_MS);
  const picked = useRef<string | null>(null);
  const shouldSearch = debounced.length > 0 && debounced !== picked.current;
  const query = useCitySearch(debounced, shouldSearch);

  const regions = useMemo(() => {
    const map = new Map<string, string>();
    for (const city of query.data?.data ?? []) if (!map.has(city.title)) map.set(city.title, city.region);
    return map;
  }, [query.data]);

  const waiting = typed.length > 0 && typed !== picked.current && (typed !== debounced || query.isFetching);

  return (
    <Autocomplete
      label="Город"
      placeholder="Начните вводить название"
      value={value}
      onChange={(next) => {
        if (next !== picked.current) picked.current = null;
        onChange(next);
      }}
      onOptionSubmit={(title) => {
        picked.current = title;
      }}
      data={typed.length > 0 ? [...regions.keys()] : []}
      filter={({ options }) => options}
      limit={20}
      leftSection={<IconMapPin size={18} stroke={1.6} />}
      rightSection={waiting ? <Loader size={16} role="status" aria-label="Ищем города" /> : null}
      renderOption={({ option }) => (
        <div>
          <Text size="sm">{option.value}</Text>
          {regions.get(option.value) ? (
            <Text size="xs" c="dimmed">
              {regions.get(option.value)}
            </Text>
          ) : null}
        </div>
      )}
      comboboxProps={{ withinPortal: true, zIndex: 1000 }}
      autoComplete="off"
      error={error}
      required={required}
    />
  );
}
