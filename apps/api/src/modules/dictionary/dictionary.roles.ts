import { type DictionaryItem, ROLE_SEARCH_LIMIT, type RoleOption, roleMatch, roleSearchWords } from '@hr/contract';
import type { Database } from '../../db/client.ts';
import { dictionaryDocuments } from './dictionary.document.ts';

/**
 * Professional roles by what was typed (the contract's roleMatch: any word's beginning of the
 * title or of a name people use for the role, case and «ё» ignored). Titles that start with the
 * first word typed come first, then other title matches, then matches by another name; each group
 * alphabetically. A role listed under several categories is answered once, under the first.
 */
export async function searchRoles(database: Database, search: string): Promise<RoleOption[]> {
  // The seeded tree in memory (read once per version of the dictionaries), not a query per keystroke.
  const { roleTree } = (await dictionaryDocuments(database).current()).all;
  const first = roleSearchWords(search)[0] ?? '';
  const seen = new Set<string>();
  const found: (RoleOption & { rank: number })[] = [];
  const walk = (items: readonly DictionaryItem[], group: string) => {
    for (const item of items) {
      if (item.children?.length) {
        walk(item.children, item.title);
        continue;
      }
      if (seen.has(item.value)) continue;
      const match = roleMatch(search, item);
      if (!match) continue;
      seen.add(item.value);
      const starts = item.title.toLowerCase().replace(/ё/g, 'е').startsWith(first);
      const rank = match.via === 'keyword' ? 2 : starts ? 0 : 1;
      found.push({ value: item.value, title: item.title, group, keyword: match.via === 'keyword' ? match.keyword : null, rank });
    }
  };
  walk(roleTree?.items ?? [], '');
  return found
    .sort((a, b) => a.rank - b.rank || a.title.localeCompare(b.title, 'ru'))
    .slice(0, ROLE_SEARCH_LIMIT)
    .map(({ rank: _rank, ...option }) => option);
}
