import type { DictionaryItem } from '@hr/contract';

/**
 * The compact on-disk form of the seed data in `./seed-data/` (written by `scripts/build-seed-data.ts`).
 *
 * A dictionary item is a short array:
 *   `[value, title]`
 *   `[value, title, children]`
 *   `[value, title, {color?, parent?}]`
 *   `[value, title, {color?, parent?}, children]`
 */
export type CompactExtras = { color?: string; parent?: string };
export type CompactItem =
  | [string, string]
  | [string, string, CompactItem[]]
  | [string, string, CompactExtras]
  | [string, string, CompactExtras, CompactItem[]];

/** `dictionaries.json`: dictionary name → compact items. */
export type CompactDictionaries = Record<string, CompactItem[]>;

/** `cities.json`: `[id, name, region, federalDistrict, population, hhAreaId|null, lat, lon]`. */
export type CompactCity = [number, string, string, string, number, string | null, number | null, number | null];

export type CityRecord = {
  id: number;
  name: string;
  region: string;
  federalDistrict: string;
  population: number;
  hhAreaId: string | null;
  lat: number | null;
  lon: number | null;
};

export function encodeItem(item: DictionaryItem): CompactItem {
  const extras: CompactExtras = {};
  if (item.color !== undefined) extras.color = item.color;
  if (item.parent !== undefined) extras.parent = item.parent;
  const hasExtras = Object.keys(extras).length > 0;
  const children = item.children?.map(encodeItem);
  if (hasExtras && children) return [item.value, item.title, extras, children];
  if (hasExtras) return [item.value, item.title, extras];
  if (children) return [item.value, item.title, children];
  return [item.value, item.title];
}

export function decodeItem(compact: CompactItem): DictionaryItem {
  const [value, title, third, fourth] = compact as [string, string, unknown?, unknown?];
  const item: DictionaryItem = { value, title };
  let children: CompactItem[] | undefined;
  if (Array.isArray(third)) children = third as CompactItem[];
  else if (third && typeof third === 'object') {
    const extras = third as CompactExtras;
    if (extras.color !== undefined) item.color = extras.color;
    if (extras.parent !== undefined) item.parent = extras.parent;
    if (Array.isArray(fourth)) children = fourth as CompactItem[];
  }
  if (children) item.children = children.map(decodeItem);
  return item;
}

export const encodeCity = (c: CityRecord): CompactCity => [
  c.id,
  c.name,
  c.region,
  c.federalDistrict,
  c.population,
  c.hhAreaId,
  c.lat,
  c.lon,
];

export const decodeCity = ([id, name, region, federalDistrict, population, hhAreaId, lat, lon]: CompactCity): CityRecord => ({
  id,
  name,
  region,
  federalDistrict,
  population,
  hhAreaId,
  lat,
  lon,
});
