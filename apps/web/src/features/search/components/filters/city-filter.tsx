import type { DictionaryItem } from '@hr/contract';
import { type ComboboxItem, Group, type SelectProps, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatCount } from '../../lib/search-format.ts';
import { MultiSelect, RadioGroup, Select } from '../deferred-inputs.tsx';

type CityFilterProps = {
  cities: readonly DictionaryItem[];
  relocationModes: readonly DictionaryItem[];
  values: readonly string[];
  relocation: string;
  /** mass_search: several cities at once. */
  multiple: boolean;
  counts: ReadonlyMap<string, number>;
  estimated: boolean;
  error?: string;
  onChange: (values: string[]) => void;
  onRelocationChange: (value: string) => void;
};

const LIMIT = 60;

/** The city (biggest first, with search inside the long list) and how relocation counts. */
export function CityFilter(props: CityFilterProps) {
  const { cities, relocationModes, values, relocation, multiple, counts, estimated, error, onChange, onRelocationChange } = props;

  // Cities with results come first while nothing is typed; then the rest, biggest first.
  const data = useMemo(() => {
    const all = cities.map((city) => ({ value: city.value, label: city.title }));
    const known = new Set(values);
    const withCounts = all.filter((item) => (counts.get(item.value) ?? 0) > 0 || known.has(item.value));
    withCounts.sort((a, b) => (counts.get(b.value) ?? 0) - (counts.get(a.value) ?? 0));
    const seen = new Set(withCounts.map((item) => item.value));
    return [...withCounts, ...all.filter((item) => !seen.has(item.value))];
  }, [cities, counts, values]);

  const renderOption: SelectProps['renderOption'] = ({ option }: { option: ComboboxItem }) => {
    const count = counts.get(option.value);
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap" w="100%">
        <span>{option.label}</span>
        {count !== undefined ? (
          <Text span size="xs" c="dimmed">
            {formatCount(count, estimated)}
          </Text>
        ) : null}
      </Group>
    );
  };

  const common = {
    label: multiple ? 'Города' : 'Город',
    placeholder: values.length ? undefined : 'Любой город',
    data,
    searchable: true,
    clearable: true,
    limit: LIMIT,
    nothingFoundMessage: 'Город не найден',
    leftSection: <IconMapPin size={16} stroke={1.6} />,
    renderOption,
    error,
    classNames: { label: 'filter-section__title' },
    comboboxProps: { shadow: 'md', withinPortal: true },
  } as const;

  return (
    <Stack gap="xs">
      {multiple ? (
        <MultiSelect {...common} value={[...values]} onChange={onChange} hidePickedOptions maxDropdownHeight={300} />
      ) : (
        <Select {...common} value={values[0] ?? null} onChange={(value) => onChange(value ? [value] : [])} maxDropdownHeight={300} />
      )}
      {values.length > 0 && relocationModes.length > 0 ? (
        <RadioGroup
          label="Переезд"
          value={relocation}
          onChange={onRelocationChange}
          classNames={{ label: 'filter-section__subtitle' }}
          options={relocationModes.map((mode) => ({ value: mode.value, label: mode.title }))}
        />
      ) : null}
    </Stack>
  );
}
