import { Checkbox, Group, Stack } from '@mantine/core';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { NumberInput } from '../deferred-inputs.tsx';
import { FilterSection } from './filter-section.tsx';

type Bound = number | undefined;

type RangeFilterProps = {
  title: string;
  from: Bound;
  to: Bound;
  onChange: (from: Bound, to: Bound) => void;
  min: number;
  max: number;
  step?: number;
  suffix?: string;
  thousandSeparator?: boolean;
  errors?: { from?: string; to?: string };
  /** «Только с зарплатой», «Только с возрастом». */
  only: { label: string; checked: boolean; onChange: (checked: boolean) => void };
  /** Checkbox size: `md` (24 px) where fingers tap. */
  checkboxSize?: 'sm' | 'md';
};

const toBound = (value: string | number): Bound => (value === '' || value === undefined ? undefined : Number(value));

/** «от» and «до», applied when the field is left or Enter is pressed (not on every keystroke). */
export function RangeFilter(props: RangeFilterProps) {
  const { title, from, to, onChange, min, max, step, suffix, thousandSeparator, errors, only, checkboxSize = 'sm' } = props;
  const [draft, setDraft] = useState<{ from: Bound; to: Bound }>({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);

  const commit = () => {
    if (draft.from !== from || draft.to !== to) onChange(draft.from, draft.to);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const field = {
    min,
    max,
    step,
    size: 'sm',
    hideControls: true,
    allowDecimal: false,
    allowNegative: false,
    thousandSeparator: thousandSeparator ? ' ' : undefined,
    suffix,
    onBlur: commit,
    onKeyDown,
    style: { flex: 1 },
  } as const;

  return (
    <FilterSection title={title}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <NumberInput
            {...field}
            aria-label={`${title} от`}
            placeholder="от"
            value={draft.from ?? ''}
            onChange={(value) => setDraft((current) => ({ ...current, from: toBound(value) }))}
            error={errors?.from}
          />
          <NumberInput
            {...field}
            aria-label={`${title} до`}
            placeholder="до"
            value={draft.to ?? ''}
            onChange={(value) => setDraft((current) => ({ ...current, to: toBound(value) }))}
            error={errors?.to}
          />
        </Group>
        <Checkbox
          size={checkboxSize}
          radius="sm"
          label={only.label}
          checked={only.checked}
          onChange={(event) => only.onChange(event.currentTarget.checked)}
        />
      </Stack>
    </FilterSection>
  );
}
