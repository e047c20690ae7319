-- The index of where people are ready to move also carries the day of the last update (days since
-- 2000-01-01, ACTIVE_DAY in search.filters.ts) and the salary's band (SALARY_BAND), as
-- resumes_all_places_idx does for the words. The people moving to a city who can still reach a
-- page ordered by freshness or by salary (updated since the page's last resident, or paid no more
-- than them) are then one GIN scan that intersects the city's entries with those days or bands,
-- instead of the city's 15 000 movers ANDed with a bitmap of 100 000 entries of the update-time or
-- the salary index. A GIN index over several columns serves a condition on the first alone too.
DROP INDEX IF EXISTS "resumes_relocates_to_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_movers_idx ON resumes USING gin ((CASE WHEN relocation <> 'no_relocation' THEN relocation_city_ids END), (ARRAY[(extract(epoch from (updated_at - timestamptz '2000-01-01 00:00:00+00')))::int / 86400]), (ARRAY[LEAST(salary_amount / 10000, 100)]));
