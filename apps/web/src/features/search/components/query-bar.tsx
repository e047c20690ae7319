import type { DictionaryItem } from '@hr/contract';
import { Button, Group, Paper, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearch } from '@tabler/icons-react';
import { type FormEvent, Suspense, useEffect, useMemo, useState } from 'react';
import type { SearchIssues, SearchQuery } from '../lib/search-url.ts';
import { Select } from './deferred-inputs.tsx';
import { advancedQueryField } from './member-option-parts.ts';


type QueryBarProps = {
  query: SearchQuery;
  issues: SearchIssues;
  logicOptions: readonly DictionaryItem[];
  fieldTree: readonly DictionaryItem[];
  /** spec_search: the «Расширенный запрос» field. */
  specSearch: boolean;
  apply: (changes: Partial<SearchQuery>) => void;
};

const PERIODS = [
  { value: 'all_time', label: 'за всё время' },
  { value: 'last_year', label: 'за последний год' },
  { value: 'last_three_years', label: 'за последние 3 года' },
  { value: 'last_six_years', label: 'за последние 6 лет' },
];

const LOGIC_FALLBACK: DictionaryItem[] = [{ value: 'all', title: 'Все слова встречаются' }];
const FIELD_FALLBACK: DictionaryItem[] = [{ value: 'everywhere', title: 'везде' }];

/** Words, how they match, where to look (and for spec_search members, the advanced expression). */
export function QueryBar({ query, issues, logicOptions, fieldTree, specSearch, apply }: QueryBarProps) {
  const [text, setText] = useState(query.text ?? '');
  const [logic, setLogic] = useState<string>(query.logic);
  const [field, setField] = useState<string>(query.field[0] ?? 'everywhere');
  const [period, setPeriod] = useState<string>(query.period);
  const [advanced, setAdvanced] = useState(query.query ?? '');
  // Only members with spec_search have it: its own chunk (loaded before the first render for them).
  const AdvancedQueryField = advancedQueryField.current();
  // Phones: how the words match and where is folded under one line.
  const [optionsOpen, setOptionsOpen] = useState(false);

  // Back/forward and shared links change the URL: the form follows it.
  useEffect(() => setText(query.text ?? ''), [query.text]);
  useEffect(() => setLogic(query.logic), [query.logic]);
  useEffect(() => setField(query.field[0] ?? 'everywhere'), [query.field]);
  useEffect(() => setPeriod(query.period), [query.period]);
  useEffect(() => setAdvanced(query.query ?? ''), [query.query]);

  const fields = useMemo(() => {
    const out: { value: string; label: string }[] = [];
    for (const item of fieldTree.length ? fieldTree : FIELD_FALLBACK) {
      out.push({ value: item.value, label: item.title });
      for (const child of item.children ?? []) out.push({ value: child.value, label: `— ${child.title}` });
    }
    return out;
  }, [fieldTree]);
  const inExperience = field.startsWith('experience');
  const logicData = (logicOptions.length ? logicOptions : LOGIC_FALLBACK).map((item) => ({ value: item.value, label: item.title }));
  const summary = [
    logicData.find((item) => item.value === logic)?.label,
    fields.find((item) => item.value === field)?.label.replace(/^— /, ''),
  ]
    .filter(Boolean)
    .join(', ')
    .toLowerCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({
      text: text.trim() || undefined,
      logic: logic as SearchQuery['logic'],
      field: field === 'everywhere' ? [] : [field as SearchQuery['field'][number]],
      period: (inExperience ? period : 'all_time') as SearchQuery['period'],
      query: specSearch ? advanced.trim() || undefined : query.query,
    });
  };

  return (
    <Paper
      component="form"
      role="search"
      aria-label="Поиск кандидатов"
      onSubmit={submit}
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      className={optionsOpen ? 'query-bar query-bar--open' : 'query-bar'}
      shadow="sm"
    >
      <Group gap="sm" align="flex-end" wrap="wrap" className="query-bar__row">
        <TextInput
          label="Ключевые слова"
          placeholder="Должность, навык, компания"
          leftSection={<IconSearch size={18} stroke={1.6} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={issues.text?.[0]}
          size="md"
          className="query-bar__text"
          type="search"
          enterKeyHint="search"
        />
        <UnstyledButton
          type="button"
          className="query-bar__toggle"
          aria-expanded={optionsOpen}
          onClick={() => setOptionsOpen((open) => !open)}
        >
          {optionsOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          {optionsOpen ? 'Свернуть настройки слов' : `Слова: ${summary}`}
        </UnstyledButton>
        <Select
          label="Слова"
          data={logicData}
          value={logic}
          onChange={(value) => setLogic(value ?? 'all')}
          allowDeselect={false}
          size="md"
          className="query-bar__logic"
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Где искать"
          data={fields}
          value={field}
          onChange={(value) => setField(value ?? 'everywhere')}
          allowDeselect={false}
          size="md"
          className="query-bar__field"
          comboboxProps={{ withinPortal: true }}
        />
        {inExperience ? (
          <Select
            label="Период опыта"
            data={PERIODS}
            value={period}
            onChange={(value) => setPeriod(value ?? 'all_time')}
            allowDeselect={false}
            size="md"
            className="query-bar__period"
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        {specSearch ? (
          <div className="query-bar__advanced">
            <Suspense fallback={null}>
              <AdvancedQueryField value={advanced} onChange={setAdvanced} error={issues.query?.[0]} />
            </Suspense>
          </div>
        ) : null}
        <Button type="submit" size="md" className="query-bar__submit">
          Найти
        </Button>
      </Group>
    </Paper>
  );
}
