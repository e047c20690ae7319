import { DICTIONARY_NAMES, type DictionaryItem } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { dictionaries } from '../../db/schema/index.ts';
import { decodeItem, encodeItem } from './dictionary.compact.ts';
import { CITIES_CHECKSUM_ROW, loadSeedData, seedDictionaries } from './dictionary.seed.ts';
import { findCityByName, getDictionaries, normalizeDictionaryNames, searchCities } from './dictionary.service.ts';

// The service tests change and empty the tables, so they own a private in-memory database
// (never the shared TEST_DATABASE_URL one); the route tests use the whole app.
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  await seedDictionaries(database);
  app = (await createTestApp()).app;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

const flatten = (items: DictionaryItem[]): DictionaryItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);

describe('seed data', () => {
  it('has every SEED 3 dictionary, non-empty, with unique values', () => {
    const data = loadSeedData();
    expect(data.dictionaries.map((d) => d.name)).toEqual([...DICTIONARY_NAMES]);
    for (const d of data.dictionaries) {
      expect(d.items.length, d.name).toBeGreaterThan(0);
      const values = flatten(d.items).map((i) => i.value);
      // roleTree: one hh role can sit in several categories, so only its categories must be unique.
      const unique = d.name === 'roleTree' ? d.items.map((i) => i.value) : values;
      expect(new Set(unique).size, d.name).toBe(unique.length);
      for (const item of flatten(d.items)) expect(item.title, `${d.name} ${item.value}`).not.toBe('');
    }
    expect(data.cities).toHaveLength(1117);
  });

  it('round-trips the compact item form', () => {
    const item: DictionaryItem = {
      value: 'city:1',
      title: 'Москва',
      children: [
        { value: 'line:1', title: 'Сокольническая', color: '#EF161E', children: [{ value: '1.1', title: 'Бульвар Рокоссовского' }] },
      ],
    };
    expect(decodeItem(encodeItem(item))).toEqual(item);
    expect(decodeItem(encodeItem({ value: 'a', title: 'b', parent: 'p' }))).toEqual({ value: 'a', title: 'b', parent: 'p' });
  });

  it('gives cities stable ids, display regions and hh area ids', () => {
    const { cities } = loadSeedData();
    const moscow = cities.find((c) => c.name === 'Москва');
    expect(moscow).toMatchObject({ region: 'Москва', federalDistrict: 'Центральный', hhAreaId: '1' });
    expect(cities.find((c) => c.name === 'Казань')).toMatchObject({ region: 'Респ. Татарстан', hhAreaId: '88' });
    expect(cities.find((c) => c.name === 'Клин')?.region).toBe('Московская обл.');
    expect(new Set(cities.map((c) => c.id)).size).toBe(cities.length);
    expect(cities.every((c) => Number.isInteger(c.id) && c.id > 0 && c.population > 0)).toBe(true);
  });
});

describe('seedDictionaries', () => {
  it('fills both tables', async () => {
    const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from cities`);
    expect(row?.n).toBe(1117);
  });

  it('is idempotent and keeps updated_at when nothing changed', async () => {
    const before = await getDictionaries(database, ['sex', 'search_city']);
    await new Promise((r) => setTimeout(r, 20));
    const started = performance.now();
    await seedDictionaries(database);
    expect(performance.now() - started).toBeLessThan(300);
    const after = await getDictionaries(database, ['sex', 'search_city']);
    expect(after.sex?.updated_at).toBe(before.sex?.updated_at);
    expect(after.search_city?.updated_at).toBe(before.search_city?.updated_at);
    const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from cities`);
    expect(row?.n).toBe(1117);
  });

  it('re-seeds a changed dictionary and refills emptied cities', async () => {
    await database.db.update(dictionaries).set({ checksum: 'stale', items: [] }).where(sql`${dictionaries.name} = 'sex'`);
    await database.rows(sql`delete from cities`);
    const before = await getDictionaries(database, ['sex', 'experience']);
    await seedDictionaries(database);
    const after = await getDictionaries(database, ['sex', 'experience']);
    expect(after.sex?.items.map((i) => i.value)).toEqual(['male', 'female']);
    expect(after.sex?.updated_at).not.toBe(before.sex?.updated_at);
    expect(after.experience?.updated_at).toBe(before.experience?.updated_at);
    const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from cities`);
    expect(row?.n).toBe(1117);
  });
});

describe('getDictionaries', () => {
  it('answers every SEED 3 dictionary without names, never the bookkeeping row', async () => {
    const all = await getDictionaries(database);
    expect(Object.keys(all)).toEqual([...DICTIONARY_NAMES]);
    expect(Object.keys(all)).not.toContain(CITIES_CHECKSUM_ROW);
    for (const name of DICTIONARY_NAMES) {
      expect(all[name]?.items.length, name).toBeGreaterThan(0);
      expect(Number.isNaN(Date.parse(all[name]?.updated_at ?? ''))).toBe(false);
    }
  });

  it('maps the hh dictionaries with hh ids as values', async () => {
    const d = await getDictionaries(database, [
      'workingType',
      'experience',
      'sex',
      'drive',
      'logic',
      'typeTree',
      'resumeStatus',
      'searchOrderBy',
      'geo',
      'lastActive',
    ]);
    expect(d.workingType?.items.map((i) => i.value)).toEqual(['full', 'part', 'project', 'volunteer', 'probation']);
    expect(d.experience?.items.map((i) => i.value)).toEqual(['noExperience', 'between1And3', 'between3And6', 'moreThan6']);
    expect(d.sex?.items).toEqual([
      { value: 'male', title: 'Мужской' },
      { value: 'female', title: 'Женский' },
    ]);
    expect(d.drive?.items).toContainEqual({ value: 'B', title: 'B' });
    expect(d.logic?.items.map((i) => i.value)).toEqual(['all', 'any', 'phrase', 'except']);
    expect(
      flatten(d.typeTree?.items ?? [])
        .map((i) => i.value)
        .sort(),
    ).toEqual(
      [
        'everywhere',
        'title',
        'education',
        'skills',
        'experience',
        'experience_company',
        'experience_position',
        'experience_description',
      ].sort(),
    );
    expect(d.resumeStatus?.items.map((i) => i.value)).toContain('active_search');
    expect(d.searchOrderBy?.items[0]?.value).toBe('relevance');
    expect(d.searchOrderBy?.items).toContainEqual({ value: 'age', title: 'по возрасту' });
    expect(d.geo?.items.map((i) => i.value)).toContain('living_or_relocation');
    expect(d.lastActive?.items.map((i) => i.value)).toEqual(['1', '3', '7', '30', '365']);
  });

  it('orders search_city by population, Москва first', async () => {
    const d = await getDictionaries(database, ['search_city']);
    const items = d.search_city?.items ?? [];
    expect(items).toHaveLength(1117);
    expect(items[0]?.title).toBe('Москва');
    expect(items[1]?.title).toBe('Санкт-Петербург');
    const { cities } = loadSeedData();
    const population = new Map(cities.map((c) => [String(c.id), c.population]));
    const pops = items.map((i) => population.get(i.value) ?? -1);
    expect(pops.every((p, i) => p >= 0 && (i === 0 || (pops[i - 1] ?? 0) >= p))).toBe(true);
  });

  it('builds searchCityTree: federal district → region → city', async () => {
    const d = await getDictionaries(database, ['searchCityTree']);
    const tree = d.searchCityTree?.items ?? [];
    expect(tree).toHaveLength(8);
    const central = tree.find((i) => i.value === 'fd:Центральный');
    const moscowRegion = central?.children?.find((r) => r.value === 'r:Московская обл.');
    expect(moscowRegion?.children?.length).toBeGreaterThan(50);
    const leaves = tree.flatMap((fd) => (fd.children ?? []).flatMap((r) => r.children ?? []));
    expect(leaves).toHaveLength(1117);
  });

  it('has roleTree categories with roles', async () => {
    const d = await getDictionaries(database, ['roleTree']);
    const tree = d.roleTree?.items ?? [];
    expect(tree.length).toBe(27);
    for (const category of tree) {
      expect(category.value).toMatch(/^c\d+$/);
      expect(category.children?.length, category.title).toBeGreaterThan(0);
    }
    const hr = tree.find((c) => c.title.startsWith('Управление персоналом'));
    expect(hr?.children?.map((r) => r.title)).toContain('Специалист по подбору персонала');
  });

  it('has subway: Russian cities → coloured lines → stations', async () => {
    const d = await getDictionaries(database, ['subway']);
    const cities = d.subway?.items ?? [];
    expect(cities.map((c) => c.title)).toEqual(
      expect.arrayContaining(['Москва', 'Санкт-Петербург', 'Екатеринбург', 'Казань', 'Нижний Новгород', 'Новосибирск', 'Самара']),
    );
    expect(cities).toHaveLength(7);
    const moscow = cities[0];
    expect(moscow?.title).toBe('Москва');
    const [search] = (await getDictionaries(database, ['search_city'])).search_city?.items ?? [];
    expect(moscow?.value).toBe(`city:${search?.value}`);
    expect(moscow?.children?.length).toBeGreaterThanOrEqual(15);
    for (const line of moscow?.children ?? []) {
      expect(line.value).toMatch(/^line:/);
      expect(line.color).toMatch(/^#[0-9A-F]{6}$/);
      expect(line.children?.length).toBeGreaterThan(0);
    }
    const stations = flatten(moscow?.children ?? []).filter((i) => !i.value.startsWith('line:'));
    expect(stations).toContainEqual(expect.objectContaining({ value: '8.189', title: 'Новокосино' }));
  });

  it('has the club lists', async () => {
    const d = await getDictionaries(database, ['profession_area', 'profile_tag', 'position']);
    expect(d.profession_area?.items).toContainEqual({ value: 'Подбор персонала', title: 'Подбор персонала' });
    expect(d.profile_tag?.items.length).toBeGreaterThanOrEqual(10);
    expect(d.position?.items.map((i) => i.title)).toContain('HR-директор');
  });

  it('refuses an unknown name with a 422 on fields', async () => {
    await expect(getDictionaries(database, ['sex', 'nope'])).rejects.toMatchObject({
      status: 422,
      extra: { errors: { fields: [expect.stringContaining('nope')] } },
    });
  });

  it('normalises fields[]', () => {
    expect(normalizeDictionaryNames(undefined)).toEqual([]);
    expect(normalizeDictionaryNames('sex')).toEqual(['sex']);
    expect(normalizeDictionaryNames(['sex', 'experience', 'sex', ''])).toEqual(['sex', 'experience']);
    expect(normalizeDictionaryNames('sex,drive')).toEqual(['sex', 'drive']);
  });
});

describe('searchCities', () => {
  it('lists the biggest cities for an empty text', async () => {
    const res = await searchCities(database, {});
    expect(res).toMatchObject({ per_page: 20, current_page: 1, total: 1117, last_page: 56 });
    expect(res.data).toHaveLength(20);
    expect(res.data[0]).toEqual({ value: expect.any(String), title: 'Москва', region: 'Москва' });
    expect(res.data[1]?.title).toBe('Санкт-Петербург');
  });

  it('puts prefix matches first, biggest first', async () => {
    const res = await searchCities(database, { search: 'моск' });
    expect(res.data[0]?.title).toBe('Москва');
    const res2 = await searchCities(database, { search: 'Санкт' });
    expect(res2.data[0]).toMatchObject({ title: 'Санкт-Петербург', region: 'Санкт-Петербург' });
    const kra = await searchCities(database, { search: 'кра' });
    expect(
      kra.data
        .slice(0, 2)
        .map((c) => c.title)
        .sort(),
    ).toEqual(['Краснодар', 'Красноярск']);
    const { cities } = loadSeedData();
    const population = new Map(cities.map((c) => [String(c.id), c.population]));
    const pops = kra.data.map((c) => population.get(c.value) ?? 0);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
  });

  it('tolerates typos', async () => {
    expect((await searchCities(database, { search: 'масква' })).data[0]?.title).toBe('Москва');
    expect((await searchCities(database, { search: 'екатеренбург' })).data[0]?.title).toBe('Екатеринбург');
    expect((await searchCities(database, { search: 'влодивосток' })).data[0]?.title).toBe('Владивосток');
  });

  it('matches a word inside the name, «ё» as «е», a space for a hyphen', async () => {
    const novgorod = await searchCities(database, { search: 'новгород' });
    expect(novgorod.data.slice(0, 2).map((c) => c.title)).toEqual(['Нижний Новгород', 'Великий Новгород']);
    expect((await searchCities(database, { search: 'королев' })).data[0]?.title).toBe('Королёв');
    expect((await searchCities(database, { search: 'орёл' })).data[0]?.title).toBe('Орёл');
    expect((await searchCities(database, { search: 'санкт петербург' })).data[0]?.title).toBe('Санкт-Петербург');
  });

  it('pages with a correct total', async () => {
    const first = await searchCities(database, { search: 'к' });
    const [row] = await database.rows<{ n: number }>(sql`
      select count(*)::int as n from cities where lower(name) like 'к%' or translate(lower(name), '-', ' ') like '% к%'`);
    expect(first.total).toBe(row?.n);
    expect(first.last_page).toBe(Math.ceil((row?.n ?? 0) / 20));
    const second = await searchCities(database, { search: 'к', page: 2 });
    expect(second.current_page).toBe(2);
    expect(second.total).toBe(first.total);
    expect(second.data).toHaveLength(20);
    const ids = new Set(first.data.map((c) => c.value));
    expect(second.data.some((c) => ids.has(c.value))).toBe(false);
    const beyond = await searchCities(database, { search: 'к', page: 1000 });
    expect(beyond).toMatchObject({ total: first.total, data: [] });
  });

  it('answers nothing for gibberish and is safe with LIKE wildcards', async () => {
    expect((await searchCities(database, { search: 'щщщщщщ' })).total).toBe(0);
    expect((await searchCities(database, { search: '%' })).total).toBe(0);
    expect((await searchCities(database, { search: '_' })).total).toBe(0);
  });

  it('finds a city by its exact name', async () => {
    expect(await findCityByName(database, 'королев')).toMatchObject({ title: 'Королёв', region: 'Московская обл.' });
    expect(await findCityByName(database, 'Нет такого')).toBeUndefined();
  });
});

describe('routes', () => {
  it('GET /api/dictionary?fields[]=sex&fields[]=experience', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dictionary?fields[]=sex&fields[]=experience' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(Object.keys(body.res)).toEqual(['sex', 'experience']);
    expect(body.res.sex.items).toEqual([
      { value: 'male', title: 'Мужской' },
      { value: 'female', title: 'Женский' },
    ]);
    expect(typeof body.res.experience.updated_at).toBe('string');
  });

  it('accepts a single fields=… and answers all without fields', async () => {
    const one = await app.inject({ method: 'GET', url: '/api/dictionary?fields=drive' });
    expect(Object.keys(one.json().res)).toEqual(['drive']);
    const encoded = await app.inject({ method: 'GET', url: '/api/dictionary?fields%5B%5D=logic' });
    expect(Object.keys(encoded.json().res)).toEqual(['logic']);
    const all = await app.inject({ method: 'GET', url: '/api/dictionary' });
    expect(all.statusCode).toBe(200);
    expect(Object.keys(all.json().res)).toEqual([...DICTIONARY_NAMES]);
    expect(all.headers['cache-control']).toBe('no-cache');
  });

  it('answers 422 for an unknown name', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dictionary?fields[]=sex&fields[]=nope' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status).toBe('error');
    expect(body.errors.fields[0]).toContain('nope');
    expect(body.message).toMatch(/справочник/);
  });

  it('GET /api/auth/register/city', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/auth/register/city?search=${encodeURIComponent('масква')}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.res.data[0]).toMatchObject({ title: 'Москва', region: 'Москва' });
    const page2 = await app.inject({ method: 'GET', url: '/api/auth/register/city?page=2' });
    expect(page2.json().res).toMatchObject({ current_page: 2, per_page: 20, total: 1117 });
    const bad = await app.inject({ method: 'GET', url: '/api/auth/register/city?page=0' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.page).toBeDefined();
  });
});
