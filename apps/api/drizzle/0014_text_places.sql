-- The text indexes get a second column: the cities of the resume (where the candidate lives and,
-- when ready to move, where to; PLACES in search.filters.ts spells the same expression). A search by
-- words in a city is then one GIN scan that intersects the word's and the city's entries inside the
-- index, instead of two bitmaps of tens of thousands of rows ANDed (a word like «бухгалтер» is
-- 50 000 resumes, Saint Petersburg 64 000). A GIN index over several columns serves a condition on
-- any of them alone as well, so the single-column text indexes go.
DROP INDEX IF EXISTS "resumes_ts_all_idx";
--> statement-breakpoint
-- The index of the words anywhere also carries the day of the last update (days since 2000-01-01,
-- ACTIVE_DAY in search.filters.ts), so «active in the last month» is one more key of the same scan
-- instead of a bitmap of a quarter of the table from the update-time index.
CREATE INDEX IF NOT EXISTS resumes_all_places_idx ON resumes USING gin (ts_all, (CASE WHEN relocation <> 'no_relocation' THEN ARRAY[city_id] || relocation_city_ids ELSE ARRAY[city_id] END), (ARRAY[(extract(epoch from (updated_at - timestamptz '2000-01-01 00:00:00+00')))::int / 86400]));
--> statement-breakpoint
DROP INDEX IF EXISTS "resumes_title_tsv_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_title_places_idx ON resumes USING gin (to_tsvector('russian', title), (CASE WHEN relocation <> 'no_relocation' THEN ARRAY[city_id] || relocation_city_ids ELSE ARRAY[city_id] END));
--> statement-breakpoint
DROP INDEX IF EXISTS "resumes_skills_vector_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_skills_places_idx ON resumes USING gin (ts_skills, (CASE WHEN relocation <> 'no_relocation' THEN ARRAY[city_id] || relocation_city_ids ELSE ARRAY[city_id] END));
