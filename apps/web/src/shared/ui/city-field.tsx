import { CITY_SEARCH_DELAY_MS } from '@hr/contract/constants';
import { Autocomplete, Loader, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useCitySearch } from '@/shared/api/search-cities.ts';

type CommonProps = { id?: string; error?: string; required?: boolean };

/** A typed title that the server matches to a city (registration, the profile). */
type TitleProps = CommonProps & { value: string; onChange: (title: string) => void };

/** A city picked from the list: our city id and its title (a vacancy). */
type PickProps = CommonProps & { cityId: string | null; title: string; onPick: (cityId: string | null, title: string) => void };

export type CityFieldProps = TitleProps | PickProps;

const LABEL = 'Город';
const PLACEHOLDER = 'Начните вводить название';
const icon = <IconMapPin size={18} stroke={1.6} />;
const spinner = (waiting: boolean) => (waiting ? <Loader size={16} role="status" aria-label="Ищем города" /> : null);
const option = (title: string, region: string | undefined): ReactNode => (
  <div>
    <Text size="sm">{title}</Text>
    {region ? (
      <Text size="xs" c="dimmed">
        {region}
      </Text>
    ) : null}
  </div>
);

/**
 * SEED 5: the city autocomplete over the server's city list, asked after a 2-second pause in typing.
 * With `value`/`onChange` the field keeps the typed title (the server matches it); with
 * `cityId`/`title`/`onPick` it keeps the picked city's id and says «Город не найден» when nothing matches.
 */
export function CityField(props: CityFieldProps) {
  return 'onPick' in props ? <CityPick {...props} /> : <CityTitle {...props} />;
}

/** The debounced server search: `skip` is the text already picked (no need to ask again). */
function useCities(typed: string, skip: string | null) {
  const [debounced] = useDebouncedValue(typed, CITY_SEARCH_DELAY_MS);
  const shouldSearch = debounced.length > 0 && debounced !== skip;
  const query = useCitySearch(debounced, shouldSearch);
  const waiting = typed.length > 0 && typed !== skip && (typed !== debounced || query.isFetching);
  return { cities: query.data?.data ?? [], shouldSearch, waiting };
}

function CityTitle({ id, value, onChange, error, required }: TitleProps) {
  const typed = value.trim();
  const picked = useRef<string | null>(null);
  const { cities, waiting } = useCities(typed, picked.current);

  const regions = useMemo(() => {
    const map = new Map<string, string>();
    for (const city of cities) if (!map.has(city.title)) map.set(city.title, city.region);
    return map;
  }, [cities]);

  return (
    <Autocomplete
      id={id}
      label={LABEL}
      placeholder={PLACEHOLDER}
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
      leftSection={icon}
      rightSection={spinner(waiting)}
      renderOption={({ option: item }) => option(item.value, regions.get(item.value))}
      comboboxProps={{ withinPortal: true, zIndex: 1000 }}
      autoComplete="off"
      error={error}
      required={required}
    />
  );
}

function CityPick({ id, cityId, title, onPick, error, required }: PickProps) {
  const [search, setSearch] = useState(title);
  const typed = search.trim();
  const { cities, shouldSearch, waiting } = useCities(typed, title);

  const regions = useMemo(() => new Map(cities.map((city) => [city.value, city.region])), [cities]);
  const data = useMemo(() => {
    const found = shouldSearch ? cities.map((city) => ({ value: city.value, label: city.title })) : [];
    if (cityId && !found.some((item) => item.value === cityId)) found.unshift({ value: cityId, label: title });
    return found;
  }, [cities, shouldSearch, cityId, title]);

  return (
    <Select
      id={id}
      label={LABEL}
      placeholder={PLACEHOLDER}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      value={cityId}
      onChange={(next, picked) => onPick(next, picked?.label ?? '')}
      data={data}
      filter={({ options }) => options}
      limit={20}
      nothingFoundMessage={typed && !waiting && shouldSearch ? 'Город не найден' : undefined}
      leftSection={icon}
      rightSection={spinner(waiting)}
      renderOption={({ option: item }) => option(item.label, regions.get(item.value))}
      comboboxProps={{ withinPortal: true }}
      autoComplete="off"
      error={error}
      required={required}
    />
  );
}
