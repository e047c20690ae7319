-- Автопоиск (PRODUCT 10). `changed_at` is when this database last received the resume's content
-- (created, imported again, edited): `updated_at` is the candidate's own date and an import may
-- bring an old one, so «new since» and the digests count by `changed_at`. A trigger keeps it, so
-- every writer (import, reply, generator, edit) is covered; a view counter bump does not touch it.
ALTER TABLE "resumes" ADD COLUMN IF NOT EXISTS "changed_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumes_touch_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS resumes_changed_at ON resumes;
--> statement-breakpoint
CREATE TRIGGER resumes_changed_at BEFORE UPDATE OF
  first_name, last_name, middle_name, birth_date, sex, city_id, metro, relocation, relocation_city_ids, business_trip,
  title, roles, salary_amount, salary_currency, working_types, schedules, total_experience_months, experience,
  last_company, last_position, education_level, education, skills, languages, citizenship, drive, has_car,
  job_status, about, photo, phone, email, telegram, updated_at
  ON resumes FOR EACH ROW EXECUTE FUNCTION resumes_touch_changed();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resumes_changed_idx" ON "resumes" USING btree ("changed_at", "id") WHERE vacancy_id IS NULL;
--> statement-breakpoint
-- A member's saved search: `query` is the search page's own query string (every filter, the text,
-- the advanced query, the sort). `watermark`: the digest has looked at every resume changed before
-- it. `new_count` is counted at most an hour ago (`counted_at`) against `last_opened_at`.
CREATE TABLE IF NOT EXISTS "saved_searches" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "query" text NOT NULL,
  "frequency" text DEFAULT 'off' NOT NULL,
  "channel_email" boolean DEFAULT true NOT NULL,
  "channel_telegram" boolean DEFAULT false NOT NULL,
  "shared_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
  "new_count" integer DEFAULT 0 NOT NULL,
  "counted_at" timestamp with time zone,
  "watermark" timestamp with time zone DEFAULT now() NOT NULL,
  "last_digest_at" timestamp with time zone,
  "broken_reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "saved_searches_frequency_check" CHECK ("frequency" IN ('off', 'instant', 'daily', 'weekly'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_searches_due_idx" ON "saved_searches" USING btree ("frequency", "watermark") WHERE "frequency" <> 'off';
--> statement-breakpoint
-- Each resume reaches a member once per saved search: the digest inserts here first and sends only
-- what the insert took.
CREATE TABLE IF NOT EXISTS "saved_search_sent" (
  "search_id" bigint NOT NULL REFERENCES "saved_searches"("id") ON DELETE CASCADE,
  "resume_id" bigint NOT NULL REFERENCES "resumes"("id") ON DELETE CASCADE,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "saved_search_sent_pk" PRIMARY KEY ("search_id", "resume_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_search_sent_resume_idx" ON "saved_search_sent" USING btree ("resume_id");
--> statement-breakpoint
-- History (GET /api/resume/history): the member's openings, newest first.
CREATE INDEX IF NOT EXISTS "resume_views_user_time_idx" ON "resume_views" USING btree ("user_id", "viewed_at" DESC);
