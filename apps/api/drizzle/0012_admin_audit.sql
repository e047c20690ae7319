CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"object_type" text,
	"object_id" text,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");
--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");
--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TABLE "resume_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_key" text,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "resume_imports_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE "resume_import_rejects" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "resume_import_rejects_pk" PRIMARY KEY("import_id","line"),
	CONSTRAINT "resume_import_rejects_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."resume_imports"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "residency_decision" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "residency_decided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "residency_comment" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "consent_version" text;
--> statement-breakpoint
ALTER TABLE "vacancy_replies" ADD COLUMN "consent_version" text;
--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "answer_consent_version" text;
--> statement-breakpoint
ALTER TABLE "contact_openings" ALTER COLUMN "resume_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "contact_openings" DROP CONSTRAINT "contact_openings_resume_id_resumes_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_openings" ADD CONSTRAINT "contact_openings_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE set null ON UPDATE no action;
