import type { DictionaryItem } from '@hr/contract';
import type { CityRecord } from '../../dictionary/dictionary.compact.ts';
import { loadSeedData } from '../../dictionary/dictionary.seed.ts';
import { normalizeCityName } from '../../dictionary/dictionary.service.ts';

/** hh.ru language levels (`language_level`). */
export const LANGUAGE_LEVELS = new Set(['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'l1']);
/** hh.ru currency codes (`currency`); roubles are RUR as on hh. */
export const CURRENCIES = new Set(['RUR', 'USD', 'EUR', 'KZT', 'UAH', 'BYR', 'AZN', 'UZS', 'GEL', 'KGS']);
export const RELOCATION_TYPES = new Set(['no_relocation', 'relocation_possible', 'relocation_desirable']);
export const BUSINESS_TRIP = new Set(['ready', 'sometimes', 'never']);

/** Names of the languages hh.ru lists most, for CSV rows that give only the id. */
// biome-ignore format: a data table
export const LANGUAGE_NAMES: Record<string, string> = {
  rus: 'Русский', eng: 'Английский', deu: 'Немецкий', fra: 'Французский', spa: 'Испанский', ita: 'Итальянский',
  chi: 'Китайский', jpn: 'Японский', kor: 'Корейский', tur: 'Турецкий', ara: 'Арабский', por: 'Португальский',
  pol: 'Польский', ukr: 'Украинский', bel: 'Белорусский', kaz: 'Казахский', uzb: 'Узбекский', aze: 'Азербайджанский',
  arm: 'Армянский', geo: 'Грузинский', tat: 'Татарский', heb: 'Иврит', fin: 'Финский', swe: 'Шведский', nld: 'Нидерландский',
  ces: 'Чешский', hin: 'Хинди', vie: 'Вьетнамский', per: 'Персидский', gre: 'Греческий',
};

/** What an imported row is checked against: the seeded dictionaries and cities, loaded once. */
export type Lookups = {
  sex: Set<string>;
  education: Set<string>;
  workingType: Set<string>;
  schedule: Set<string>;
  drive: Set<string>;
  resumeStatus: Set<string>;
  roles: Set<string>;
  /** station id → our city id */
  stations: Map<string, number>;
  cityByHhId: Map<string, CityRecord>;
  /** normalised name → the biggest city of that name */
  cityByName: Map<string, CityRecord>;
};

let cached: Lookups | undefined;

const values = (items: DictionaryItem[] | undefined) => new Set((items ?? []).map((i) => i.value));

export function importLookups(): Lookups {
  if (cached) return cached;
  const data = loadSeedData();
  const dict = (name: string) => data.dictionaries.find((d) => d.name === name)?.items;
  const roles = new Set<string>();
  for (const cat of dict('roleTree') ?? []) for (const r of cat.children ?? []) roles.add(r.value);
  const stations = new Map<string, number>();
  for (const city of dict('subway') ?? []) {
    const cityId = Number(city.value.replace(/^city:/, ''));
    for (const line of city.children ?? []) for (const s of line.children ?? []) stations.set(s.value, cityId);
  }
  const cityByHhId = new Map<string, CityRecord>();
  const cityByName = new Map<string, CityRecord>();
  for (const c of [...data.cities].sort((a, b) => b.population - a.population)) {
    if (c.hhAreaId && !cityByHhId.has(c.hhAreaId)) cityByHhId.set(c.hhAreaId, c);
    const key = normalizeCityName(c.name);
    if (!cityByName.has(key)) cityByName.set(key, c);
  }
  cached = {
    sex: values(dict('sex')),
    education: values(dict('education')),
    workingType: values(dict('workingType')),
    schedule: values(dict('schedule')),
    drive: values(dict('drive')),
    resumeStatus: values(dict('resumeStatus')),
    roles,
    stations,
    cityByHhId,
    cityByName,
  };
  return cached;
}

/** A city by hh area id, else by name («ё»/«е», case and hyphens ignored). */
export function findCity(lookups: Lookups, area: { id?: string | null; name?: string | null }): CityRecord | undefined {
  if (area.id) {
    const byId = lookups.cityByHhId.get(String(area.id));
    if (byId) return byId;
  }
  if (area.name) return lookups.cityByName.get(normalizeCityName(area.name));
  return undefined;
}
