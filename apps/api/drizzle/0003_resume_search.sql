-- Search vectors kept by the database, whatever writes the resume (import, generator, replies).
-- Weights in ts_all: A title, B key skills, C experience (position, company, description), D education and about.
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
  NEW.ts_all := setweight(to_tsvector('russian', coalesce(NEW.title, '')), 'A')
    || setweight(to_tsvector('russian', array_to_string(NEW.skills, ' ')), 'B')
    || setweight(NEW.ts_exp_position || NEW.ts_exp_company || NEW.ts_exp_description, 'C')
    || setweight(to_tsvector('russian', edu || ' ' || coalesce(NEW.about, '')), 'D');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER resumes_search_vector BEFORE INSERT OR UPDATE OF title, skills, experience, education, about
  ON resumes FOR EACH ROW EXECUTE FUNCTION resumes_search_vector();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_ts_all_idx ON resumes USING gin (ts_all);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_updated_idx ON resumes (updated_at DESC, id DESC) WHERE vacancy_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_city_updated_idx ON resumes (city_id, updated_at DESC, id DESC) WHERE vacancy_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_salary_idx ON resumes (salary_amount) WHERE vacancy_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_birth_idx ON resumes (birth_date) WHERE vacancy_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_experience_idx ON resumes (total_experience_months) WHERE vacancy_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_arrays_idx ON resumes USING gin (metro, roles, working_types, schedules, relocation_city_ids);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_vacancy_idx ON resumes (vacancy_id) WHERE vacancy_id IS NOT NULL;
