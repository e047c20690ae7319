import type { DictionaryItem } from '@hr/contract';
import { Chip, Group, Stack } from '@mantine/core';
import { SegmentedControl, Select } from '../deferred-inputs.tsx';
import { FacetCheckboxes } from './facet-checkboxes.tsx';
import { FilterSection } from './filter-section.tsx';

type CandidateFiltersProps = {
  sexOptions: readonly DictionaryItem[];
  driveOptions: readonly DictionaryItem[];
  statusOptions: readonly DictionaryItem[];
  lastActiveOptions: readonly DictionaryItem[];
  sex: string | undefined;
  drive: readonly string[];
  statuses: readonly string[];
  lastActive: string | undefined;
  onSex: (value: string | undefined) => void;
  onDrive: (values: string[]) => void;
  onStatuses: (values: string[]) => void;
  onLastActive: (value: string | undefined) => void;
  checkboxSize?: 'sm' | 'md';
};

const ANY = 'any';

/** Sex, driving licences, job-search status and «updated within». */
export function CandidateFilters(props: CandidateFiltersProps) {
  const { sexOptions, driveOptions, statusOptions, lastActiveOptions } = props;
  return (
    <>
      <FilterSection title="Пол">
        <SegmentedControl
          fullWidth
          size="sm"
          value={props.sex ?? ANY}
          onChange={(value) => props.onSex(value === ANY ? undefined : value)}
          data={[{ value: ANY, label: 'Любой' }, ...sexOptions.map((option) => ({ value: option.value, label: option.title }))]}
        />
      </FilterSection>

      <FacetCheckboxes
        title="Статус поиска работы"
        options={statusOptions}
        values={props.statuses}
        onChange={props.onStatuses}
        size={props.checkboxSize}
      />

      <FilterSection title="Водительские права">
        <Chip.Group multiple value={[...props.drive]} onChange={props.onDrive}>
          <Group gap={6}>
            {driveOptions.map((option) => (
              <Chip key={option.value} value={option.value} size="xs" variant="outline">
                {option.title}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </FilterSection>

      <Stack gap={4}>
        <Select
          label="Резюме обновлено"
          data={[
            { value: ANY, label: 'За всё время' },
            ...lastActiveOptions.map((option) => ({ value: option.value, label: option.title })),
          ]}
          value={props.lastActive ?? ANY}
          onChange={(value) => props.onLastActive(!value || value === ANY ? undefined : value)}
          allowDeselect={false}
          classNames={{ label: 'filter-section__title' }}
          comboboxProps={{ withinPortal: true }}
        />
      </Stack>
    </>
  );
}
