import type { DictionaryItem, DictionaryName } from '@hr/contract';
import type { Database } from '../../db/client.ts';
import { dictionaries } from '../../db/schema/index.ts';

export type LookupItem = { value: string; title: string; color?: string; parentTitle?: string };
export type DictionaryLookup = {
  get(name: DictionaryName, value: string | null | undefined): LookupItem | undefined;
  /** `{value, title}` for a stored value; the value itself as the title when the dictionary lacks it. */
  option(name: DictionaryName, value: string): { value: string; title: string };
  has(name: DictionaryName, value: string): boolean;
  /** Every leaf value under a tree node (a role category, a metro line, a region). */
  leavesUnder(name: DictionaryName, value: string): string[];
};

const TTL_MS = 5 * 60_000;
const cache = new WeakMap<Database, { at: number; lookup: Promise<DictionaryLookup> }>();

/** Dictionaries flattened into maps, cached per database for a few minutes (they change rarely). */
export function dictionaryLookup(database: Database): Promise<DictionaryLookup> {
  const hit = cache.get(database);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.lookup;
  const lookup = buildLookup(database);
  cache.set(database, { at: Date.now(), lookup });
  lookup.catch(() => cache.delete(database));
  return lookup;
}

async function buildLookup(database: Database): Promise<DictionaryLookup> {
  const rows = await database.db.select({ name: dictionaries.name, items: dictionaries.items }).from(dictionaries);
  const flat = new Map<string, Map<string, LookupItem>>();
  const leaves = new Map<string, Map<string, string[]>>();
  for (const row of rows) {
    const items = new Map<string, LookupItem>();
    const under = new Map<string, string[]>();
    const walk = (list: DictionaryItem[], parent?: DictionaryItem): string[] => {
      const collected: string[] = [];
      for (const item of list) {
        items.set(item.value, { value: item.value, title: item.title, color: item.color, parentTitle: parent?.title });
        if (item.children?.length) {
          const below = walk(item.children, item);
          under.set(item.value, below);
          collected.push(...below);
        } else collected.push(item.value);
      }
      return collected;
    };
    walk(row.items);
    flat.set(row.name, items);
    leaves.set(row.name, under);
  }
  return {
    get: (name, value) => (value == null ? undefined : flat.get(name)?.get(value)),
    option(name, value) {
      const item = flat.get(name)?.get(value);
      return { value, title: item?.title ?? value };
    },
    has: (name, value) => flat.get(name)?.has(value) ?? false,
    leavesUnder: (name, value) => leaves.get(name)?.get(value) ?? [value],
  };
}
