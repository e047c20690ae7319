-- The key skills' vector as a stored column instead of an expression index. A search in the key
-- skills (`field[]=skills`, «1С», «Excel»: a fifth of all resumes) rechecks its candidates row by
-- row; with the expression every recheck ran to_tsvector over the skills again (~0.5 ms a row),
-- while a stored vector is read as it is. Kept by the same trigger as ts_all.
ALTER TABLE "resumes" ADD COLUMN IF NOT EXISTS "ts_skills" tsvector;
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
  NEW.ts_all := setweight(to_tsvector('russian', coalesce(NEW.title, '')), 'A')
    || setweight(NEW.ts_skills, 'B')
    || setweight(NEW.ts_exp_position || NEW.ts_exp_company || NEW.ts_exp_description, 'C')
    || setweight(to_tsvector('russian', edu || ' ' || coalesce(NEW.about, '')), 'D');
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Existing rows (the trigger does not fire for an update of ts_skills alone).
UPDATE "resumes" SET "ts_skills" = to_tsvector('russian', array_to_string("skills", ' ')) WHERE "ts_skills" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "resumes_skills_tsv_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "resumes_sample_skills_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_skills_vector_idx ON resumes USING gin (ts_skills);
--> statement-breakpoint
-- …and over the 1-in-64 sample's (search.sql.ts SAMPLE_MODULUS), as for ts_all and the title.
CREATE INDEX IF NOT EXISTS resumes_sample_skills_vector_idx ON resumes USING gin (ts_skills) WHERE vacancy_id IS NULL AND (id & 63) = 0;
