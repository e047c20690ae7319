import type { DictionaryItem } from '@hr/contract';

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
