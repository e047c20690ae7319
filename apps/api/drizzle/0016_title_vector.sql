-- The title's vector as a stored column instead of an expression index. The first relevance tier
-- checks the title of every resume it walks past (a fresh city's resumes, newest first, until the
-- page is full): with the expression each check ran to_tsvector over the title again (~15 µs, the
-- largest part of a common word's walk), while a stored vector is read as it is. Kept by the same
-- trigger as ts_all, whose A part it is.
ALTER TABLE "resumes" ADD COLUMN IF NOT EXISTS "ts_title" tsvector;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumes_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  exp_company text;
  exp_position text;
  exp_description text;
  edu text;
BEGIN
  SELECT coalesce(string_agg(e->>'company', ' '), ''),
         coalesce(string_agg(e->>'position', ' '), ''),
         coalesce(string_agg(e->>'description', ' '), '')
    INTO exp_company, exp_position, exp_description
    FROM jsonb_array_elements(coalesce(NEW.experience, '[]'::jsonb)) AS e;
  SELECT coalesce(string_agg(concat_ws(' ', e->>'name', e->>'organization', e->>'result'), ' '), '')
    INTO edu
    FROM jsonb_array_elements(coalesce(NEW.education, '[]'::jsonb)) AS e;
  NEW.ts_exp_company := to_tsvector('russian', exp_company);
  NEW.ts_exp_position := to_tsvector('russian', exp_position);
  NEW.ts_exp_description := to_tsvector('russian', exp_description);
  NEW.ts_skills := to_tsvector('russian', array_to_string(NEW.skills, ' '));
  NEW.ts_title := to_tsvector('russian', coalesce(NEW.title, ''));
  NEW.ts_all := setweight(NEW.ts_title, 'A')
    || setweight(NEW.ts_skills, 'B')
    || setweight(NEW.ts_exp_position || NEW.ts_exp_company || NEW.ts_exp_description, 'C')
    || setweight(to_tsvector('russian', edu || ' ' || coalesce(NEW.about, '')), 'D');
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Existing rows (the trigger does not fire for an update of ts_title alone).
UPDATE "resumes" SET "ts_title" = to_tsvector('russian', coalesce("title", '')) WHERE "ts_title" IS NULL;
--> statement-breakpoint
-- The title's index with the cities of the resume as its second column (as 0014 made it, PLACES in
-- search.filters.ts), now over the stored vector.
DROP INDEX IF EXISTS "resumes_title_places_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_title_vector_places_idx ON resumes USING gin (ts_title, (CASE WHEN relocation <> 'no_relocation' THEN ARRAY[city_id] || relocation_city_ids ELSE ARRAY[city_id] END));
--> statement-breakpoint
DROP INDEX IF EXISTS "resumes_sample_title_idx";
--> statement-breakpoint
-- …and over the 1-in-64 sample's (search.spec.ts SAMPLE_MODULUS), as for ts_all and the skills.
CREATE INDEX IF NOT EXISTS resumes_sample_title_vector_idx ON resumes USING gin (ts_title) WHERE vacancy_id IS NULL AND (id & 63) = 0;
