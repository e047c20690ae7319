import type { DictionaryItem } from '@hr/contract';
import { type ComboboxItem, Group, type MultiSelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { MultiSelect } from '../deferred-inputs.tsx';

type MetroFilterProps = {
  /** The `subway` dictionary: city → line (with colour) → station. */
  subway: readonly DictionaryItem[];
  cityValues: readonly string[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string;
};

const Dot = ({ color }: { color?: string }) => <span className="metro-dot" style={{ background: color ?? '#8a94a3' }} aria-hidden />;

/** Stations (or whole lines) of the chosen cities that have a metro, each with its line colour. */
export function MetroFilter({ subway, cityValues, values, onChange, error }: MetroFilterProps) {
  const { data, colors } = useMemo(() => {
    const colors = new Map<string, string | undefined>();
    const groups: { group: string; items: { value: string; label: string }[] }[] = [];
    for (const city of subway) {
      if (!cityValues.includes(city.value.replace(/^city:/, ''))) continue;
      for (const line of city.children ?? []) {
        colors.set(line.value, line.color);
        const items = [{ value: line.value, label: `${line.title} — вся линия` }];
        for (const station of line.children ?? []) {
          colors.set(station.value, station.color ?? line.color);
          items.push({ value: station.value, label: station.title });
        }
        groups.push({ group: cityValues.length > 1 ? `${city.title}: ${line.title}` : line.title, items });
      }
    }
    return { data: groups, colors };
  }, [subway, cityValues]);

  if (data.length === 0) return null;

  const renderOption: MultiSelectProps['renderOption'] = ({ option }: { option: ComboboxItem }) => (
    <Group gap={8} wrap="nowrap">
      <Dot color={colors.get(option.value)} />
      <span>{option.label}</span>
    </Group>
  );

  return (
    <MultiSelect
      label="Метро"
      placeholder={values.length ? undefined : 'Станция или линия'}
      data={data}
      value={[...values].filter((value) => colors.has(value))}
      onChange={onChange}
      searchable
      clearable
      hidePickedOptions
      maxDropdownHeight={320}
      nothingFoundMessage="Станция не найдена"
      renderOption={renderOption}
      error={error}
      classNames={{ label: 'filter-section__title' }}
      comboboxProps={{ shadow: 'md', withinPortal: true }}
    />
  );
}
