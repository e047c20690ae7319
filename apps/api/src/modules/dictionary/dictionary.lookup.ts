import type { DictionaryItem, DictionaryName } from '@hr/contract';
import type { Database } from '../../db/client.ts';
import { type DictionarySnapshot, dictionaryDocuments } from './dictionary.document.ts';

export type LookupItem = { value: string; title: string; color?: string; parentTitle?: string };
export type DictionaryLookup = {
  get(name: DictionaryName, value: string | null | undefined): LookupItem | undefined;
  /** `{value, title}` for a stored value; the value itself as the title when the dictionary lacks it. */
  option(name: DictionaryName, value: string): { value: string; title: string };
  has(name: DictionaryName, value: string): boolean;
  /** Every leaf value under a tree node (a role category, a metro line, a region). */
  leavesUnder(name: DictionaryName, value: string): string[];
};

const cache = new WeakMap<DictionarySnapshot, DictionaryLookup>();

/**
 * Dictionaries flattened into maps, built once per version of the dictionaries (a re-seed makes a new
 * one: dictionary.document.ts).
 */
export async function dictionaryLookup(database: Database): Promise<DictionaryLookup> {
  const snapshot = await dictionaryDocuments(database).current();
  let lookup = cache.get(snapshot);
  if (!lookup) {
    lookup = buildLookup(snapshot.all);
    cache.set(snapshot, lookup);
  }
  return lookup;
}

function buildLookup(all: Record<DictionaryName, { items: DictionaryItem[] }>): DictionaryLookup {
  const flat = new Map<string, Map<string, LookupItem>>();
  const leaves = new Map<string, Map<string, string[]>>();
  for (const [name, { items: list }] of Object.entries(all)) {
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
    walk(list);
    flat.set(name, items);
    leaves.set(name, under);
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
