import type { SearchFacetItem, SearchFacetName, SearchFacets } from '@hr/contract';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { activeFilterCount, type SearchIssues, type SearchQuery, withoutFilters } from '../lib/search-url.ts';
import type { SearchDictionaries } from '../lib/search-types.ts';
import { CandidateFilters } from './filters/candidate-filters.tsx';
import { CityFilter } from './filters/city-filter.tsx';
import { FacetCheckboxes } from './filters/facet-checkboxes.tsx';
import { MetroFilter } from './filters/metro-filter.tsx';
import { RangeFilter } from './filters/range-filter.tsx';
import { RolesFilter } from './filters/roles-filter.tsx';

type FilterPanelProps = {
  query: SearchQuery;
  issues: SearchIssues;
  dictionaries: SearchDictionaries;
  facets: SearchFacets | undefined;
  facetsEstimated: boolean;
  isMember: boolean;
  massSearch: boolean;
  apply: (changes: Partial<SearchQuery>) => void;
  commit: (query: SearchQuery) => void;
  /** false in the drawer, which has its own title. */
  withHeading?: boolean;
  /** In the phones' drawer: 24 px checkboxes (WCAG 2.5.8 target size). */
  touch?: boolean;
};

const EMPTY_COUNTS: ReadonlyMap<string, number> = new Map();
const countsOf = (items: readonly SearchFacetItem[] | undefined) =>
  items ? new Map(items.map((item) => [item.value, item.count])) : EMPTY_COUNTS;
const first = (issues: SearchIssues, key: string) => issues[key]?.[0];

/** Every search filter the API takes, driven by the dictionaries, with facet counts; each change is applied at once. */
export function FilterPanel(props: FilterPanelProps) {
  const {
    query,
    issues,
    dictionaries: d,
    facets,
    facetsEstimated,
    isMember,
    massSearch,
    apply,
    commit,
    withHeading = true,
    touch = false,
  } = props;
  const size = touch ? 'md' : 'sm';
  const counts = useMemo(() => {
    const out = {} as Record<SearchFacetName, ReadonlyMap<string, number>>;
    for (const name of ['search_city', 'experience', 'schedule', 'workingType', 'education'] as const) out[name] = countsOf(facets?.[name]);
    return out;
  }, [facets]);
  const active = activeFilterCount(query);
  const labels = new Set(query.label);
  const setLabel = (label: SearchQuery['label'][number], on: boolean) =>
    apply({ label: on ? [...query.label, label] : query.label.filter((item) => item !== label) });

  const changeCities = (values: string[]) => {
    // Stations stay only while their city is still chosen.
    const removed = query.search_city.some((value) => !values.includes(value));
    apply({ search_city: values, subway: removed ? [] : query.subway });
  };

  return (
    <Stack gap="lg" className="filter-panel">
      <Group justify={withHeading ? 'space-between' : 'flex-end'} align="center" gap="xs" mih={withHeading || active > 0 ? undefined : 0}>
        {withHeading ? (
          <Text fw={700} fz={17}>
            Фильтры
          </Text>
        ) : null}
        {active > 0 ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconFilterOff size={15} />}
            onClick={() => commit(withoutFilters(query))}
          >
            Сбросить ({active})
          </Button>
        ) : null}
      </Group>

      <CityFilter
        cities={d.search_city ?? []}
        relocationModes={d.geo ?? []}
        values={query.search_city}
        relocation={query.relocation}
        multiple={massSearch}
        counts={counts.search_city}
        estimated={facetsEstimated}
        error={first(issues, 'search_city')}
        onChange={changeCities}
        onRelocationChange={(value) => apply({ relocation: value as SearchQuery['relocation'] })}
      />
      <MetroFilter
        subway={d.subway ?? []}
        cityValues={query.search_city}
        values={query.subway}
        onChange={(values) => apply({ subway: values })}
        error={first(issues, 'subway')}
      />
      <RolesFilter
        tree={d.roleTree ?? []}
        values={query.roleTree}
        onChange={(values) => apply({ roleTree: values })}
        error={first(issues, 'roleTree')}
        size={size}
      />
      <FacetCheckboxes
        title="Опыт работы"
        options={d.experience ?? facets?.experience ?? []}
        values={query.experience}
        counts={counts.experience}
        estimated={facetsEstimated}
        onChange={(values) => apply({ experience: values as SearchQuery['experience'] })}
        size={size}
      />
      <RangeFilter
        title="Зарплата, ₽"
        from={query.salary_from}
        to={query.salary_to}
        min={0}
        max={2_147_483_647}
        step={5000}
        thousandSeparator
        errors={{ from: first(issues, 'salary_from'), to: first(issues, 'salary_to') }}
        onChange={(from, to) => apply({ salary_from: from, salary_to: to })}
        only={{ label: 'Только с зарплатой', checked: labels.has('only_with_salary'), onChange: (on) => setLabel('only_with_salary', on) }}
        checkboxSize={size}
      />
      <FacetCheckboxes
        title="Тип занятости"
        options={d.workingType ?? facets?.workingType ?? []}
        values={query.workingType}
        counts={counts.workingType}
        estimated={facetsEstimated}
        onChange={(values) => apply({ workingType: values as SearchQuery['workingType'] })}
        size={size}
      />
      <FacetCheckboxes
        title="График работы"
        options={d.schedule ?? facets?.schedule ?? []}
        values={query.schedule}
        counts={counts.schedule}
        estimated={facetsEstimated}
        onChange={(values) => apply({ schedule: values as SearchQuery['schedule'] })}
        size={size}
      />
      <FacetCheckboxes
        title="Образование"
        options={d.education ?? facets?.education ?? []}
        values={query.education}
        counts={counts.education}
        estimated={facetsEstimated}
        onChange={(values) => apply({ education: values as SearchQuery['education'] })}
        size={size}
      />
      <RangeFilter
        title="Возраст"
        from={query.age_from}
        to={query.age_to}
        min={14}
        max={100}
        errors={{ from: first(issues, 'age_from'), to: first(issues, 'age_to') }}
        onChange={(from, to) => apply({ age_from: from, age_to: to })}
        only={{ label: 'Только с возрастом', checked: labels.has('only_with_age'), onChange: (on) => setLabel('only_with_age', on) }}
        checkboxSize={size}
      />
      <CandidateFilters
        sexOptions={d.sex ?? []}
        driveOptions={d.drive ?? []}
        statusOptions={d.resumeStatus ?? []}
        lastActiveOptions={d.lastActive ?? []}
        sex={query.sex}
        drive={query.drive}
        statuses={query.resumeStatus}
        lastActive={query.lastActive}
        onSex={(value) => apply({ sex: value as SearchQuery['sex'] })}
        onDrive={(values) => apply({ drive: values as SearchQuery['drive'] })}
        onStatuses={(values) => apply({ resumeStatus: values as SearchQuery['resumeStatus'] })}
        onLastActive={(value) => apply({ lastActive: value as SearchQuery['lastActive'] })}
        checkboxSize={size}
      />
      {isMember ? (
        <Checkbox
          size={size}
          radius="sm"
          label="Скрыть просмотренные мной"
          checked={labels.has('exclude_viewed_by_me')}
          onChange={(event) => setLabel('exclude_viewed_by_me', event.currentTarget.checked)}
        />
      ) : null}
    </Stack>
  );
}
