import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DictionaryItem } from '@hr/contract';

export const dictionaries = pgTable('dictionaries', {
  name: text('name').primaryKey(),
  items: jsonb('items').$type<DictionaryItem[]>().notNull(),
  /** A hash of the items, so re-seeding an unchanged dictionary keeps its update time. */
  checksum: text('checksum').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    region: text('region').notNull(),
    federalDistrict: text('federal_district').notNull(),
    population: integer('population').notNull(),
    hhAreaId: text('hh_area_id'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (t) => [index('cities_population_idx').on(t.population)],
);
