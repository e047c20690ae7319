CREATE TABLE "contact_openings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resume_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"charged" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"team_lead_id" integer,
	"resume_id" bigint NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_views" (
	"resume_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_views_resume_id_user_id_day_pk" PRIMARY KEY("resume_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "resumes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"first_name" text,
	"last_name" text,
	"middle_name" text,
	"birth_date" date,
	"sex" text,
	"city_id" integer,
	"metro" text[] DEFAULT '{}' NOT NULL,
	"relocation" text DEFAULT 'no_relocation' NOT NULL,
	"relocation_city_ids" integer[] DEFAULT '{}' NOT NULL,
	"business_trip" text,
	"title" text NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"salary_amount" integer,
	"salary_currency" text,
	"working_types" text[] DEFAULT '{}' NOT NULL,
	"schedules" text[] DEFAULT '{}' NOT NULL,
	"total_experience_months" integer DEFAULT 0 NOT NULL,
	"experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_company" text,
	"last_position" text,
	"education_level" text,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skills" text[] DEFAULT '{}' NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"citizenship" text[] DEFAULT '{}' NOT NULL,
	"drive" text[] DEFAULT '{}' NOT NULL,
	"has_car" boolean DEFAULT false NOT NULL,
	"job_status" text,
	"about" text,
	"photo" text,
	"phone" text,
	"email" text,
	"telegram" text,
	"vacancy_id" bigint,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone,
	"ts_all" "tsvector",
	"ts_exp_company" "tsvector",
	"ts_exp_position" "tsvector",
	"ts_exp_description" "tsvector"
);
--> statement-breakpoint
ALTER TABLE "contact_openings" ADD CONSTRAINT "contact_openings_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_openings" ADD CONSTRAINT "contact_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_views" ADD CONSTRAINT "resume_views_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_views" ADD CONSTRAINT "resume_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_openings_user_day_idx" ON "contact_openings" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "contact_openings_user_resume_idx" ON "contact_openings" USING btree ("user_id","resume_id");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_user_resume_key" ON "favourites" USING btree ("user_id","resume_id");--> statement-breakpoint
CREATE INDEX "favourites_user_created_idx" ON "favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "favourites_team_idx" ON "favourites" USING btree ("team_lead_id","created_at");--> statement-breakpoint
CREATE INDEX "resume_views_day_idx" ON "resume_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "resume_views_user_idx" ON "resume_views" USING btree ("user_id","resume_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resumes_hash_key" ON "resumes" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "resumes_source_key" ON "resumes" USING btree ("source","source_id");