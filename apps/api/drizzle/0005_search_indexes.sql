-- Indexes for the resume search plans (apps/api/src/modules/resume/search, docs/performance.md).
-- Partial on `vacancy_id IS NULL` where the search alone reads them: replies to vacancies are never
-- in the general search.
--
-- Sort orders within a city: a city filter without text walks (city_id, <order>) city by city.
CREATE INDEX IF NOT EXISTS resumes_city_salary_desc_idx ON resumes (city_id, salary_amount DESC NULLS LAST, id DESC) WHERE vacancy_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_city_salary_asc_idx ON resumes (city_id, salary_amount, id) WHERE vacancy_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_city_birth_idx ON resumes (city_id, birth_date DESC NULLS LAST, id DESC) WHERE vacancy_id IS NULL;
--> statement-breakpoint
-- The same orders without a city (resumes_salary_idx / resumes_birth_idx of 0003 put NULLs first when read backwards).
CREATE INDEX IF NOT EXISTS resumes_salary_desc_idx ON resumes (salary_amount DESC NULLS LAST, id DESC) WHERE vacancy_id IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_birth_desc_idx ON resumes (birth_date DESC NULLS LAST, id DESC) WHERE vacancy_id IS NULL;
--> statement-breakpoint
-- Where people are ready to move (NULL for those who are not): the relocation half of a city filter
-- («live there or ready to move there»). An expression, not a partial index, so that the planner has
-- statistics for exactly this (relocation type and cities are strongly correlated).
CREATE INDEX IF NOT EXISTS resumes_relocates_to_idx ON resumes USING gin ((CASE WHEN relocation <> 'no_relocation' THEN relocation_city_ids END));
--> statement-breakpoint
-- The title's own vector (= the A part of ts_all): `field[]=title` and the first relevance tier of
-- big result sets. Not partial, so the planner has statistics for the expression.
CREATE INDEX IF NOT EXISTS resumes_title_tsv_idx ON resumes USING gin (to_tsvector('russian', title));
--> statement-breakpoint
-- The key skills' own vector (= the B part of ts_all) for `field[]=skills`: «1С», «Excel» are in a
-- quarter of all resumes, and a weight-restricted match on ts_all has to detoast every candidate.
-- array_to_string is only STABLE (for arrays of any type); for text[] it is immutable.
CREATE OR REPLACE FUNCTION resume_skills_text(skills text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(skills, ' ') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_skills_tsv_idx ON resumes USING gin (to_tsvector('russian', resume_skills_text(skills)));
--> statement-breakpoint
-- The 1-in-64 sample behind estimated totals and facets (search.sql.ts SAMPLE_MODULUS): a covering
-- index, so a sample without text is an index-only scan, and a GIN over the sample's vectors, so a
-- sample with text reads 1/64 of the posting lists and touches only the sample's matching rows. The
-- two predicates are the same set written two ways, so a sample with text cannot take the first.
CREATE INDEX IF NOT EXISTS resumes_sample_cover_idx ON resumes (id) INCLUDE (city_id, total_experience_months, schedules, working_types, education_level, salary_amount, birth_date, sex, relocation, relocation_city_ids, updated_at, roles, metro, drive, job_status) WHERE vacancy_id IS NULL AND id % 64 = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_sample_tsv_idx ON resumes USING gin (ts_all) WHERE vacancy_id IS NULL AND (id & 63) = 0;
--> statement-breakpoint
-- …and over the sample's title and skills vectors, for `field[]=title` / `field[]=skills`.
CREATE INDEX IF NOT EXISTS resumes_sample_title_idx ON resumes USING gin (to_tsvector('russian', title)) WHERE vacancy_id IS NULL AND (id & 63) = 0;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS resumes_sample_skills_idx ON resumes USING gin (to_tsvector('russian', resume_skills_text(skills))) WHERE vacancy_id IS NULL AND (id & 63) = 0;
--> statement-breakpoint
-- The broad experience buckets are written `total_experience_months + 0 BETWEEN …` so that no index
-- serves them (a bitmap of a third of the table costs more than checking the rows the other
-- conditions find); these statistics keep the planner's estimate of them right.
CREATE STATISTICS IF NOT EXISTS resumes_experience_expr_stats ON ((total_experience_months + 0)) FROM resumes;
