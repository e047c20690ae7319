import { type DictionaryItem, roleMatch } from '@hr/contract';
import { Checkbox, CloseButton, Group, Pill, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FilterSection } from './filter-section.tsx';

type RolesFilterProps = {
  /** `roleTree`: category (`c11`) → roles (hh ids). */
  tree: readonly DictionaryItem[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string;
  /** Checkbox size: `md` (24 px) where fingers tap. */
  size?: 'sm' | 'md';
};

const normalize = (text: string) => text.toLowerCase().replace(/ё/g, 'е');

/** The categories and roles found by what was typed: any word's beginning of a title or of a role's other name (roleMatch). */
export function visibleTree(tree: readonly DictionaryItem[], search: string): DictionaryItem[] {
  const needle = normalize(search.trim());
  if (!needle) return [...tree];
  const out: DictionaryItem[] = [];
  for (const category of tree) {
    if (roleMatch(search, { value: category.value, title: category.title })) {
      out.push(category);
      continue;
    }
    const children = (category.children ?? []).filter((role) => roleMatch(search, role));
    if (children.length) out.push({ ...category, children });
  }
  return out;
}

/** Professional roles: a searchable tree; a whole category or single roles. */
export function RolesFilter({ tree, values, onChange, error, size = 'sm' }: RolesFilterProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const shown = useMemo(() => visibleTree(tree, search), [tree, search]);
  const titles = useMemo(() => {
    const map = new Map<string, string>();
    for (const category of tree) {
      map.set(category.value, category.title);
      for (const role of category.children ?? []) map.set(role.value, role.title);
    }
    return map;
  }, [tree]);
  const selected = new Set(values);
  const searching = search.trim().length > 0;

  const toggleOpen = (value: string) => {
    const next = new Set(open);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    setOpen(next);
  };

  const toggleCategory = (category: DictionaryItem, checked: boolean) => {
    const children = new Set((category.children ?? []).map((role) => role.value));
    const rest = values.filter((value) => value !== category.value && !children.has(value));
    onChange(checked ? [...rest, category.value] : rest);
  };

  const toggleRole = (value: string, checked: boolean) => onChange(checked ? [...values, value] : values.filter((item) => item !== value));

  return (
    <FilterSection title="Профессиональная роль">
      <Stack gap="xs">
        {values.length > 0 ? (
          <Group gap={6}>
            {values.map((value) => (
              <Pill
                key={value}
                withRemoveButton
                onRemove={() => toggleRole(value, false)}
                removeButtonProps={{ 'aria-label': `Убрать: ${titles.get(value) ?? value}` }}
              >
                {titles.get(value) ?? value}
              </Pill>
            ))}
          </Group>
        ) : null}
        <TextInput
          size="xs"
          aria-label="Поиск по профессиям"
          placeholder="Найти профессию"
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={search ? <CloseButton size="sm" aria-label="Очистить поиск" onClick={() => setSearch('')} /> : null}
          error={error}
        />
        {/* The browser's own scrolling: no scroll-area code on the first screen. */}
        <div className={size === 'md' ? 'roles-tree roles-tree--touch' : 'roles-tree'}>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" py={6}>
              Ничего не найдено
            </Text>
          ) : (
            <Stack gap={6}>
              {shown.map((category) => {
                const children = category.children ?? [];
                const categoryChecked = selected.has(category.value);
                const some = !categoryChecked && children.some((role) => selected.has(role.value));
                const expanded = searching || open.has(category.value);
                return (
                  <div key={category.value}>
                    <Group gap={4} wrap="nowrap" align="center">
                      <UnstyledButton
                        onClick={() => toggleOpen(category.value)}
                        aria-expanded={expanded}
                        aria-label={`${expanded ? 'Свернуть' : 'Развернуть'}: ${category.title}`}
                        className="roles-tree__toggle"
                        disabled={searching}
                      >
                        {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                      </UnstyledButton>
                      <Checkbox
                        size={size}
                        radius="sm"
                        label={category.title}
                        checked={categoryChecked}
                        indeterminate={some}
                        onChange={(event) => toggleCategory(category, event.currentTarget.checked)}
                        classNames={{ label: 'roles-tree__category' }}
                      />
                    </Group>
                    {expanded ? (
                      <Stack gap={6} pl={size === 'md' ? 60 : 52} pt={6}>
                        {children.map((role) => (
                          <Checkbox
                            key={`${category.value}-${role.value}`}
                            size={size}
                            radius="sm"
                            label={role.title}
                            checked={categoryChecked || selected.has(role.value)}
                            disabled={categoryChecked}
                            onChange={(event) => toggleRole(role.value, event.currentTarget.checked)}
                          />
                        ))}
                      </Stack>
                    ) : null}
                  </div>
                );
              })}
            </Stack>
          )}
        </div>
      </Stack>
    </FilterSection>
  );
}
