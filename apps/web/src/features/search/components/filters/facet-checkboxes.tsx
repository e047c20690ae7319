import type { DictionaryItem } from '@hr/contract';
import { Checkbox, Stack, Text } from '@mantine/core';
import { formatCount } from '../../lib/search-format.ts';
import { FilterSection } from './filter-section.tsx';

type FacetCheckboxesProps = {
  title: string;
  options: readonly DictionaryItem[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Facet counts (with every other filter applied); absent for lists without a facet. */
  counts?: ReadonlyMap<string, number>;
  estimated?: boolean;
  /** Checkbox size: `md` (24 px) where fingers tap. */
  size?: 'sm' | 'md';
};

/** Checkboxes with the number of results beside each option (PRODUCT 4 facets). */
export function FacetCheckboxes({ title, options, values, onChange, counts, estimated, size = 'sm' }: FacetCheckboxesProps) {
  const toggle = (value: string, checked: boolean) => onChange(checked ? [...values, value] : values.filter((item) => item !== value));
  return (
    <FilterSection title={title}>
      <Stack gap={8}>
        {options.map((option) => {
          const count = counts?.get(option.value);
          const checked = values.includes(option.value);
          return (
            <Checkbox
              size={size}
              radius="sm"
              key={option.value}
              checked={checked}
              onChange={(event) => toggle(option.value, event.currentTarget.checked)}
              classNames={{ body: 'facet-option', labelWrapper: 'facet-option__label-wrap', label: 'facet-option__label' }}
              label={
                <>
                  <span className={count === 0 && !checked ? 'facet-option__title facet-option__title--empty' : 'facet-option__title'}>
                    {option.title}
                  </span>
                  {count !== undefined ? (
                    <Text span size="xs" c="dimmed" className="facet-option__count">
                      {formatCount(count, estimated)}
                    </Text>
                  ) : null}
                </>
              }
            />
          );
        })}
      </Stack>
    </FilterSection>
  );
}
