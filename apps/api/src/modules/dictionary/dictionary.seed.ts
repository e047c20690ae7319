import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DICTIONARY_NAMES, type DictionaryItem, type DictionaryName } from '@hr/contract';
import { inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cities, dictionaries } from '../../db/schema/index.ts';
import { type CityRecord, type CompactCity, type CompactDictionaries, decodeCity, decodeItem } from './dictionary.compact.ts';
import { dictionariesSeeded } from './dictionary.document.ts';

/** A bookkeeping row in `dictionaries` holding the checksum of the seeded cities (never served). */
export const CITIES_CHECKSUM_ROW = '__cities';

const dataDir = path.join(import.meta.dirname, 'seed-data');

export type SeedDictionary = { name: DictionaryName; items: DictionaryItem[]; checksum: string };
export type SeedData = { dictionaries: SeedDictionary[]; cities: CityRecord[]; citiesChecksum: string };

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

let cached: SeedData | undefined;

/** The compact files in `./data`, decoded once per process. */
export function loadSeedData(): SeedData {
  if (cached) return cached;
  const compact = JSON.parse(readFileSync(path.join(dataDir, 'dictionaries.json'), 'utf8')) as CompactDictionaries;
  const citiesText = readFileSync(path.join(dataDir, 'cities.json'), 'utf8');
  const seeded: SeedDictionary[] = DICTIONARY_NAMES.map((name) => {
    const items = compact[name];
    if (!items?.length) throw new Error(`dictionary seed data: "${name}" is missing or empty`);
    return { name, items: items.map(decodeItem), checksum: sha1(JSON.stringify(items)) };
  });
  cached = {
    dictionaries: seeded,
    cities: (JSON.parse(citiesText) as CompactCity[]).map(decodeCity),
    citiesChecksum: sha1(citiesText.trim()),
  };
  return cached;
}

/**
 * Loads the seed data into `dictionaries` and `cities`. Idempotent: runs at every start and
 * for every test database; when nothing changed it costs two small selects and keeps `updated_at`.
 */
export async function seedDictionaries(database: Database): Promise<void> {
  const data = loadSeedData();
  const { db } = database;

  const [stored, [cityCount]] = await Promise.all([
    db.select({ name: dictionaries.name, checksum: dictionaries.checksum }).from(dictionaries),
    database.rows<{ n: number }>(sql`select count(*)::int as n from ${cities}`),
  ]);
  const checksums = new Map(stored.map((r) => [r.name, r.checksum]));
  const changed = data.dictionaries.filter((d) => checksums.get(d.name) !== d.checksum);
  const citiesChanged = checksums.get(CITIES_CHECKSUM_ROW) !== data.citiesChecksum || Number(cityCount?.n ?? 0) !== data.cities.length;
  if (!changed.length && !citiesChanged) return;

  await db.transaction(async (tx) => {
    if (citiesChanged) {
      // Upsert rather than replace: users (and later resumes) refer to city ids.
      await tx
        .insert(cities)
        .values(data.cities)
        .onConflictDoUpdate({
          target: cities.id,
          set: {
            name: sql`excluded.name`,
            region: sql`excluded.region`,
            federalDistrict: sql`excluded.federal_district`,
            population: sql`excluded.population`,
            hhAreaId: sql`excluded.hh_area_id`,
            lat: sql`excluded.lat`,
            lon: sql`excluded.lon`,
          },
        });
      await tx.delete(cities).where(
        notInArray(
          cities.id,
          data.cities.map((c) => c.id),
        ),
      );
    }
    const rows = changed.map((d) => ({ name: d.name, items: d.items, checksum: d.checksum }));
    if (citiesChanged) rows.push({ name: CITIES_CHECKSUM_ROW as DictionaryName, items: [], checksum: data.citiesChecksum });
    if (rows.length) {
      await tx
        .insert(dictionaries)
        .values(rows)
        .onConflictDoUpdate({
          target: dictionaries.name,
          set: { items: sql`excluded.items`, checksum: sql`excluded.checksum`, updatedAt: sql`now()` },
        });
    }
    // Names no longer seeded (renamed dictionaries) are dropped so they are not served stale.
    const known = [...DICTIONARY_NAMES, CITIES_CHECKSUM_ROW];
    const obsolete = stored.map((r) => r.name).filter((n) => !known.includes(n));
    if (obsolete.length) await tx.delete(dictionaries).where(inArray(dictionaries.name, obsolete));
  });
  // This process serves them: a new version from the next request on (others notice within a minute).
  dictionariesSeeded(database);
}
