/**
 * Builds the project's own compact seed files from the reference data in ../shared/data.
 *
 *   npx tsx scripts/build-seed-data.ts [--source <dir>]
 *
 * Reads cities-ru.csv, metro-hh.json, hh-dictionaries.json, professional-roles.json and
 * hh-areas.json and writes, into apps/api/src/modules/dictionary/seed-data/:
 *   - cities.json        `[[id, name, region, federalDistrict, population, hhAreaId|null, lat, lon], ...]`
 *   - dictionaries.json  `{name: [[value, title, extras?, children?], ...]}` (see dictionary.compact.ts)
 * The output is committed; the app never reads ../shared. Everything factual comes from the sources;
 * only the club's own content (lastActive periods, HR areas, interests, positions) is written here.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DICTIONARY_NAMES, type DictionaryItem } from '@hr/contract';
import {
  type CityRecord,
  type CompactDictionaries,
  encodeCity,
  encodeItem,
} from '../apps/api/src/modules/dictionary/dictionary.compact.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const sourceArg = process.argv.indexOf('--source');
const sourceDir = sourceArg > 0 ? path.resolve(process.argv[sourceArg + 1] ?? '') : path.resolve(repoRoot, '../shared/data');
const outDir = path.join(repoRoot, 'apps/api/src/modules/dictionary/seed-data');

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(sourceDir, file), 'utf8')) as T;

// ---------------------------------------------------------------------------------------------
// Sources

type HhItem = { id: string; name?: string };
type HhArea = { id: string; parent_id: string | null; name: string; areas: HhArea[] };
type HhStation = { id: string; name: string; order: number };
type HhLine = { id: string; name: string; hex_color: string; stations: HhStation[] };
type HhMetroCity = { id: string; name: string; lines: HhLine[] };
type HhRoles = { categories: { id: string; name: string; roles: { id: string; name: string }[] }[] };

const hhDictionaries = readJson<Record<string, HhItem[]>>('hh-dictionaries.json');
const hhAreas = readJson<HhArea[]>('hh-areas.json');
const hhMetro = readJson<HhMetroCity[]>('metro-hh.json');
const hhRoles = readJson<HhRoles>('professional-roles.json');
const citiesCsv = readFileSync(path.join(sourceDir, 'cities-ru.csv'), 'utf8');

/** RFC 4180: comma-separated, fields double-quoted only when needed, `""` inside quotes. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
  if (!header) throw new Error('cities-ru.csv: no header');
  return body.map((r) => {
    if (r.length !== header.length) throw new Error(`cities-ru.csv: a row has ${r.length} fields, expected ${header.length}`);
    return Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']));
  });
}

// ---------------------------------------------------------------------------------------------
// Cities

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/\s*\(.*\)\s*$/, '')
    .replace(/[\s\u2010-\u2015-]+/g, ' ')
    .trim();

/** «Московская обл.», «Респ. Татарстан», «Алтайский край», «Ненецкий АО», «Москва». */
function regionDisplay(type: string, region: string): string {
  const bare = region.replace(/\s*\/(.+)\/\s*$/, ' ($1)').trim(); // «Саха /Якутия/» → «Саха (Якутия)»
  if (/област|республик|округ/i.test(bare)) return bare; // «Кемеровская область - Кузбасс», «Чувашская Республика», ХМАО
  switch (type) {
    case 'обл':
      return `${bare} обл.`;
    case 'Респ':
      return `Респ. ${bare}`;
    case 'край':
      return `${bare} край`;
    case 'АО':
      return `${bare} АО`;
    case 'Аобл':
      return `${bare} авт. обл.`;
    default:
      return bare; // 'г': the federal cities, whose region is the city itself
  }
}

/** The word that identifies a region in both sources: «Татарстан», «Чувашская», «Ханты-Мансийский», «Москва». */
function regionKey(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[\s/()]+/)
    .filter((w) => w && !['республика', 'респ', 'область', 'обл', 'край', 'ао', 'автономный', 'округ', 'народная'].includes(w));
  return words[0] ?? '';
}

const russia = hhAreas.find((a) => a.name === 'Россия');
if (!russia) throw new Error('hh-areas.json: no Россия');

/** hh region key → hh region node; plus every Russian locality (and childless regions, i.e. federal cities). */
const hhRegionByKey = new Map<string, HhArea>();
type HhPlace = { id: string; name: string; regionId: string };
const hhPlacesByName = new Map<string, HhPlace[]>();
const addPlace = (area: HhArea, regionId: string) => {
  const key = norm(area.name);
  const list = hhPlacesByName.get(key) ?? [];
  list.push({ id: area.id, name: area.name, regionId });
  hhPlacesByName.set(key, list);
};
for (const region of russia.areas) {
  hhRegionByKey.set(regionKey(region.name), region);
  if (region.areas.length === 0) addPlace(region, region.id);
  const walk = (node: HhArea) => {
    for (const child of node.areas) {
      addPlace(child, region.id);
      walk(child);
    }
  };
  walk(region);
}

const csvRows = parseCsv(citiesCsv);
// Our id: the position in kladr_id order (1-based). The source is a fixed snapshot, so this is stable.
const kladr = (r: Record<string, string>) => r.kladr_id ?? '';
csvRows.sort((a, b) => (kladr(a) < kladr(b) ? -1 : kladr(a) > kladr(b) ? 1 : 0));
if (new Set(csvRows.map((r) => r.kladr_id)).size !== csvRows.length) throw new Error('cities-ru.csv: kladr_id is not unique');

const unmatchedRegions = new Set<string>();
const unmatchedCities: string[] = [];
const cities: CityRecord[] = csvRows.map((r, index) => {
  const name = r.city || r.settlement || (r.area_type === 'г' ? r.area : '') || r.region;
  if (!name) throw new Error(`cities-ru.csv: no name for ${r.address}`);
  const hhRegion = hhRegionByKey.get(regionKey(r.region ?? ''));
  if (!hhRegion) unmatchedRegions.add(`${r.region_type} ${r.region}`);
  const candidates = hhPlacesByName.get(norm(name)) ?? [];
  const inRegion = candidates.filter((p) => p.regionId === hhRegion?.id);
  // Same region first; elsewhere in Russia only when the name is unambiguous.
  const match = inRegion[0] ?? (candidates.length === 1 ? candidates[0] : undefined);
  if (!match) unmatchedCities.push(`${name} (${r.region})`);
  const num = (s: string | undefined) => (s ? Number(s) : null);
  return {
    id: index + 1,
    name,
    region: regionDisplay(r.region_type ?? '', r.region ?? ''),
    federalDistrict: r.federal_district ?? '',
    population: Number(r.population),
    hhAreaId: match?.id ?? null,
    lat: num(r.geo_lat),
    lon: num(r.geo_lon),
  };
});
for (const c of cities) {
  if (!Number.isInteger(c.population)) throw new Error(`bad population for ${c.name}`);
  if (!c.federalDistrict) throw new Error(`no federal district for ${c.name}`);
}
const byPopulation = [...cities].sort((a, b) => b.population - a.population || a.id - b.id);

// ---------------------------------------------------------------------------------------------
// Dictionaries

const hh = (name: string): HhItem[] => {
  const list = hhDictionaries[name];
  if (!list?.length) throw new Error(`hh-dictionaries.json: no ${name}`);
  return list;
};
const fromHh = (name: string, title: (i: HhItem) => string = (i) => i.name ?? i.id): DictionaryItem[] =>
  hh(name).map((i) => ({ value: i.id, title: title(i) }));
const titled = (titles: string[]): DictionaryItem[] => titles.map((t) => ({ value: t, title: t }));

// typeTree: the experience sub-fields (experience_company, …) sit under «в опыте работы».
const searchFields = fromHh('resume_search_fields');
const typeTree: DictionaryItem[] = [];
for (const field of searchFields) {
  const parent = typeTree.find((p) => field.value.startsWith(`${p.value}_`));
  if (parent) parent.children = [...(parent.children ?? []), field];
  else typeTree.push({ ...field });
}

// searchOrderBy: relevance first (the default), then hh's other orders, then our own «по возрасту».
const orders = fromHh('resume_search_order');
const searchOrderBy = [
  ...orders.filter((o) => o.value === 'relevance'),
  ...orders.filter((o) => o.value !== 'relevance'),
  { value: 'age', title: 'по возрасту' },
];

const roleTree: DictionaryItem[] = hhRoles.categories.map((c) => ({
  value: `c${c.id}`,
  title: c.name,
  children: c.roles.map((r) => ({ value: r.id, title: r.name })),
}));

const METRO_AREAS = new Set(['1', '2', '3', '4', '66', '78', '88']);
const subway: DictionaryItem[] = hhMetro
  .filter((m) => METRO_AREAS.has(m.id))
  .map((m) => {
    const city = cities.find((c) => c.hhAreaId === m.id) ?? cities.find((c) => norm(c.name) === norm(m.name));
    if (!city) throw new Error(`metro: no city for ${m.name}`);
    return { m, city };
  })
  .sort((a, b) => b.city.population - a.city.population)
  .map(({ m, city }) => ({
    value: `city:${city.id}`,
    title: city.name,
    // Lines in hh's numbering (1 Сокольническая, 2 Замоскворецкая, …), stations along the line.
    children: [...m.lines]
      .sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id))
      .map((line) => {
        const color = `#${line.hex_color.toUpperCase()}`;
        return {
          value: `line:${line.id}`,
          title: line.name,
          color,
          children: [...line.stations].sort((a, b) => a.order - b.order).map((s) => ({ value: s.id, title: s.name, color })),
        };
      }),
  }));

const search_city: DictionaryItem[] = byPopulation.map((c) => ({ value: String(c.id), title: c.name, parent: `r:${c.region}` }));

// searchCityTree: federal districts (largest first) → regions (alphabetical) → cities (largest first).
const districts = new Map<string, Map<string, CityRecord[]>>();
for (const c of byPopulation) {
  const regions = districts.get(c.federalDistrict) ?? new Map<string, CityRecord[]>();
  districts.set(c.federalDistrict, regions);
  const list = regions.get(c.region) ?? [];
  regions.set(c.region, list);
  list.push(c);
}
const sumPopulation = (regions: Map<string, CityRecord[]>) => [...regions.values()].flat().reduce((sum, c) => sum + c.population, 0);
const searchCityTree: DictionaryItem[] = [...districts.entries()]
  .sort(([, a], [, b]) => sumPopulation(b) - sumPopulation(a))
  .map(([district, regions]) => ({
    value: `fd:${district}`,
    title: `${district} федеральный округ`,
    children: [...regions.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'ru'))
      .map(([region, list]) => ({
        value: `r:${region}`,
        title: region,
        parent: `fd:${district}`,
        children: list.map((c) => ({ value: String(c.id), title: c.name, parent: `r:${region}` })),
      })),
  }));

// The club's own content, written for this product: not facts from a source.
const lastActive: DictionaryItem[] = [
  { value: '1', title: 'За сутки' },
  { value: '3', title: 'За 3 дня' },
  { value: '7', title: 'За неделю' },
  { value: '30', title: 'За месяц' },
  { value: '365', title: 'За год' },
];
const profession_area = titled([
  'Подбор персонала',
  'HR-бизнес-партнёрство',
  'Кадровое делопроизводство',
  'Компенсации и льготы',
  'Обучение и развитие',
  'HR-бренд',
  'Оценка персонала',
  'Внутренние коммуникации',
  'HR-аналитика',
  'Руководство HR-службой',
]);
const profile_tag = titled([
  'Массовый подбор',
  'IT-рекрутинг',
  'Executive search',
  'Автоматизация HR',
  'Удержание сотрудников',
  'Адаптация',
  'Трудовое право',
  'КЭДО',
  'Мотивация и вовлечённость',
  'Корпоративная культура',
  'HR-аналитика',
  'Бренд работодателя',
  'Обучение и развитие',
  'Оценка персонала',
]);
const position = titled([
  'HR-директор',
  'Руководитель HR-службы',
  'HR-бизнес-партнёр',
  'HR-менеджер',
  'Менеджер по персоналу',
  'Рекрутер',
  'Руководитель отдела подбора',
  'Специалист по кадрам',
  'Специалист по обучению и развитию',
  'Специалист по компенсациям и льготам',
  'Генеральный директор',
  'Собственник бизнеса',
]);

const dictionaries: Record<string, DictionaryItem[]> = {
  workingType: fromHh('employment'),
  schedule: fromHh('schedule'),
  experience: fromHh('experience'),
  education: fromHh('education_level'),
  geo: fromHh('resume_search_relocation'),
  sex: fromHh('gender'),
  drive: fromHh('driver_license_types', (i) => i.id),
  typeTree,
  logic: fromHh('resume_search_logic'),
  searchCityTree,
  resumeStatus: fromHh('job_search_statuses_employer'),
  lastActive,
  subway,
  roleTree,
  searchOrderBy,
  search_city,
  profession_area,
  profile_tag,
  position,
};

const missing = DICTIONARY_NAMES.filter((n) => !dictionaries[n]?.length);
if (missing.length) throw new Error(`empty dictionaries: ${missing.join(', ')}`);
const extra = Object.keys(dictionaries).filter((n) => !(DICTIONARY_NAMES as readonly string[]).includes(n));
if (extra.length) throw new Error(`unknown dictionaries: ${extra.join(', ')}`);

// ---------------------------------------------------------------------------------------------
// Output

mkdirSync(outDir, { recursive: true });
const compactDictionaries: CompactDictionaries = Object.fromEntries(
  DICTIONARY_NAMES.map((n) => [n, (dictionaries[n] ?? []).map(encodeItem)]),
);
const write = (file: string, data: unknown) => {
  const text = `${JSON.stringify(data)}\n`;
  writeFileSync(path.join(outDir, file), text);
  console.log(`${file}: ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`);
};
write('cities.json', cities.map(encodeCity));
write('dictionaries.json', compactDictionaries);

console.log(`cities: ${cities.length}, with an hh area id: ${cities.filter((c) => c.hhAreaId).length}`);
if (unmatchedRegions.size) console.log(`regions not found in hh areas: ${[...unmatchedRegions].join('; ')}`);
if (unmatchedCities.length) console.log(`cities without an hh area id (${unmatchedCities.length}): ${unmatchedCities.join('; ')}`);
for (const n of DICTIONARY_NAMES) {
  const count = (items: DictionaryItem[]): number => items.reduce((s, i) => s + 1 + count(i.children ?? []), 0);
  console.log(`  ${n}: ${dictionaries[n]?.length} items (${count(dictionaries[n] ?? [])} with children)`);
}
