import { type DictionaryItem, roleMatch } from '@hr/contract';
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';

/** The dictionaries the editor needs, handed in by app/ (features do not import each other). */
export type VacancyDictionaries = {
  workingType: readonly DictionaryItem[];
  schedule: readonly DictionaryItem[];
  experience: readonly DictionaryItem[];
  education: readonly DictionaryItem[];
  roleTree: readonly DictionaryItem[];
};

export const optionsOf = (items: readonly DictionaryItem[]) => items.map((item) => ({ value: item.value, label: item.title }));

type Group = { group: string; items: { value: string; label: string }[] };

/** roleTree → groups of roles (branches become group titles, leaves the choices). */
export function roleOptions(tree: readonly DictionaryItem[]): Group[] {
  const groups: Group[] = [];
  const seen = new Set<string>();
  for (const branch of tree) {
    const leaves: { value: string; label: string }[] = [];
    const walk = (items: readonly DictionaryItem[]) => {
      for (const item of items) {
        if (item.children?.length) walk(item.children);
        else if (!seen.has(item.value)) {
          seen.add(item.value);
          leaves.push({ value: item.value, label: item.title });
        }
      }
    };
    walk(branch.children?.length ? branch.children : [branch]);
    if (leaves.length) groups.push({ group: branch.title, items: leaves });
  }
  return groups;
}

const isGroup = (item: ComboboxParsedItem): item is { group: string; items: ComboboxItem[] } => 'group' in item;

/**
 * The role picker's filter: a role is found by any word's beginning of its title or of a name people
 * use for it (the contract's roleMatch, as GET /api/dictionary/role). A role found by another name
 * shows it after its title («Специалист по подбору персонала — рекрутер»); the field keeps the title.
 */
export const roleFilter: OptionsFilter = ({ options, search, limit }) => {
  const out: ComboboxParsedItem[] = [];
  let count = 0;
  const pick = (item: ComboboxItem): ComboboxItem | null => {
    const match = roleMatch(search, { value: item.value, title: item.label });
    if (!match) return null;
    return match.via === 'keyword' ? { ...item, label: `${item.label} — ${match.keyword.toLowerCase()}` } : item;
  };
  for (const entry of options) {
    if (count >= limit) break;
    if (isGroup(entry)) {
      const items = entry.items
        .map(pick)
        .filter((i): i is ComboboxItem => i !== null)
        .slice(0, limit - count);
      if (items.length) out.push({ group: entry.group, items });
      count += items.length;
    } else {
      const item = pick(entry);
      if (item) {
        out.push(item);
        count++;
      }
    }
  }
  return out;
};
