CREATE TABLE "vacancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"title" text NOT NULL,
	"company" text,
	"city_id" integer,
	"address" text,
	"salary_from" integer,
	"salary_to" integer,
	"working_type" text,
	"schedule" text,
	"experience" text,
	"education" text,
	"role" text,
	"skills" text[] DEFAULT '{}' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vacancies_owner_idx" ON "vacancies" USING btree ("owner_id","id");
--> statement-breakpoint
CREATE TABLE "vacancy_views" (
	"vacancy_id" integer NOT NULL REFERENCES "vacancies"("id") ON DELETE cascade,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "vacancy_views_vacancy_id_visitor_day_pk" PRIMARY KEY("vacancy_id","visitor","day")
);
--> statement-breakpoint
CREATE TABLE "reply_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reply_file_chunks" (
	"file_id" bigint NOT NULL REFERENCES "reply_files"("id") ON DELETE cascade,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "reply_file_chunks_file_id_seq_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
CREATE TABLE "vacancy_replies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vacancy_id" integer NOT NULL REFERENCES "vacancies"("id") ON DELETE cascade,
	"resume_id" bigint NOT NULL REFERENCES "resumes"("id") ON DELETE cascade,
	"source" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"fio" text NOT NULL,
	"email_key" text,
	"phone_key" text,
	"city_name" text,
	"cover_letter" text,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"consent_at" timestamp with time zone,
	"consent_ip" text,
	"invited_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vacancy_replies_email_key" ON "vacancy_replies" USING btree ("vacancy_id","email_key") WHERE email_key is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "vacancy_replies_phone_key" ON "vacancy_replies" USING btree ("vacancy_id","phone_key") WHERE phone_key is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "vacancy_replies_resume_key" ON "vacancy_replies" USING btree ("vacancy_id","resume_id");
--> statement-breakpoint
CREATE INDEX "vacancy_replies_list_idx" ON "vacancy_replies" USING btree ("vacancy_id","status","id");
--> statement-breakpoint
CREATE TABLE "vacancy_reply_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reply_id" bigint NOT NULL REFERENCES "vacancy_replies"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vacancy_reply_history_reply_idx" ON "vacancy_reply_history" USING btree ("reply_id","id");
