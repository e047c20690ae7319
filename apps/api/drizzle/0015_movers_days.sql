-- The index of where people are ready to move also carries the day of the last update (days since
-- 2000-01-01, ACTIVE_DAY in search.filters.ts), as resumes_all_places_idx does for the words. The
-- people moving to a city who were updated since some moment (the freshest-first pages: only those
-- can still reach the page) are then one GIN scan that intersects the city's entries with those
-- days, instead of the city's 15 000 movers ANDed with a bitmap of the update-time index (95 000
-- entries for a week). A GIN index over several columns serves a condition on the first alone too.
DROP INDEX IF EXISTS "resumes_relocates_to_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_relocates_days_idx ON resumes USING gin ((CASE WHEN relocation <> 'no_relocation' THEN relocation_city_ids END), (ARRAY[(extract(epoch from (updated_at - timestamptz '2000-01-01 00:00:00+00')))::int / 86400]));
