import { type CityOption, DICTIONARY_NAMES, type Dictionary, type DictionaryName, type Paginated } from '@hr/contract';
import { asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cities, dictionaries } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/app-error.ts';

export const CITY_PAGE_SIZE = 20;

export const unknownDictionaryMessage = (name: string) => `Неизвестный справочник: «${name}»`;

const isDictionaryName = (name: string): name is DictionaryName => (DICTIONARY_NAMES as readonly string[]).includes(name);

/**
 * `fields[]` as the client sends it: repeated keys, a single value or a comma-separated list.
 * Empty values are ignored; no names means every dictionary.
 */
export function normalizeDictionaryNames(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  const names = list
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return [...new Set(names)];
}

/** The dictionaries asked for (all when none), keyed by name; an unknown name is a 422 on `fields`. */
export async function getDictionaries(
  database: Database,
  names: readonly string[] = [],
): Promise<Partial<Record<DictionaryName, Dictionary>>> {
  const unknown = names.find((n) => !isDictionaryName(n));
  if (unknown !== undefined) throw fieldError('fields', unknownDictionaryMessage(unknown));
  const wanted = names.length ? (names as DictionaryName[]) : [...DICTIONARY_NAMES];
  const rows = await database.db
    .select({ name: dictionaries.name, items: dictionaries.items, updatedAt: dictionaries.updatedAt })
    .from(dictionaries)
    .where(inArray(dictionaries.name, wanted))
    .orderBy(asc(dictionaries.name));
  const res: Partial<Record<DictionaryName, Dictionary>> = {};
  // In the order asked for (or that of DICTIONARY_NAMES); a dictionary not seeded yet answers empty.
  for (const name of wanted) {
    const row = rows.find((r) => r.name === name);
    res[name] = row
      ? { updated_at: new Date(row.updatedAt).toISOString(), items: row.items }
      : { updated_at: new Date(0).toISOString(), items: [] };
  }
  return res;
}

/** Lower case, «ё» as «е», hyphens as spaces, single spaces: the form both sides of a city match use. */
export function normalizeCityName(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[-\u2010-\u2015]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type CityRow = { total: number; id: number | null; name: string | null; region: string | null };

/**
 * City autocomplete (registration, filters). Groups, in order: the name starts with the text; a word
 * of the name starts with it («петербург», «новгород»); typo-tolerant trigram matches («масква»).
 * Within the first two groups the biggest cities come first; within the trigram group the closer
 * matches first (by similarity in steps of 0.1), then the biggest. An empty text lists the biggest cities.
 */
export async function searchCities(
  database: Database,
  input: { search?: string; page?: number; perPage?: number },
): Promise<Paginated<CityOption>> {
  const perPage = input.perPage ?? CITY_PAGE_SIZE;
  const page = Math.max(1, Math.trunc(input.page ?? 1));
  const q = normalizeCityName(input.search ?? '');
  const prefix = `${likeEscape(q)}%`;
  const wordPrefix = `% ${likeEscape(q)}%`;
  const n = sql`translate(lower(${cities.name}), 'ё-', 'е ')`;
  // Trigram operators only for texts long enough to have a meaningful trigram (2+ letters).
  const fuzzy = q.length >= 2;
  const rows = await database.rows<CityRow>(sql`
    with m as (
      select id, name, region, population,
        case when ${n} like ${prefix}::text then 0 when ${n} like ${wordPrefix}::text then 1 else 2 end as grp,
        ${fuzzy ? sql`round(greatest(similarity(${n}, ${q}::text), word_similarity(${q}::text, ${n}))::numeric, 1)` : sql`0`} as score
      from ${cities}
      where ${n} like ${prefix}::text or ${n} like ${wordPrefix}::text
        ${fuzzy ? sql`or ${n} % ${q}::text or ${q}::text <% ${n}` : sql``}
    )
    select t.total, p.id, p.name, p.region
    from (select count(*)::int as total from m) t
    left join lateral (
      select id, name, region from m
      order by grp, case when grp = 2 then score end desc, population desc, id
      limit ${perPage} offset ${(page - 1) * perPage}
    ) p on true`);
  const total = Number(rows[0]?.total ?? 0);
  return {
    per_page: perPage,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    total,
    data: rows.filter((r) => r.id !== null).map((r) => ({ value: String(r.id), title: r.name ?? '', region: r.region ?? '' })),
  };
}

/** A city by our id (as the autocomplete's `value`), for other modules (registration, resumes). */
export async function findCityById(database: Database, id: number): Promise<CityOption | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const [row] = await database.db
    .select({ id: cities.id, name: cities.name, region: cities.region })
    .from(cities)
    .where(sql`${cities.id} = ${id}`)
    .limit(1);
  return row ? { value: String(row.id), title: row.name, region: row.region } : undefined;
}

/** The biggest city with exactly this name («ё»/«е» and case ignored), for free-typed city names. */
export async function findCityByName(database: Database, name: string): Promise<CityOption | undefined> {
  const q = normalizeCityName(name);
  if (!q) return undefined;
  const [row] = await database.rows<{ id: number; name: string; region: string }>(sql`
    select id, name, region from ${cities}
    where translate(lower(${cities.name}), 'ё-', 'е ') = ${q}::text
    order by population desc limit 1`);
  return row ? { value: String(row.id), title: row.name, region: row.region } : undefined;
}
