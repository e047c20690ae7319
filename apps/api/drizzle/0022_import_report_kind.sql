-- An import's report holds refused rows and rows kept with notes; the kind is a column of its own
-- so the counts and the report's badges read it instead of a mark inside the text.
ALTER TABLE "resume_import_rejects" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'rejected' NOT NULL;
--> statement-breakpoint
UPDATE "resume_import_rejects" SET "kind" = 'noted', "reason" = substr("reason", length('загружена с замечаниями:' || chr(10)) + 1)
  WHERE "reason" LIKE 'загружена с замечаниями:' || chr(10) || '%';
--> statement-breakpoint
ALTER TABLE "resume_import_rejects" DROP CONSTRAINT IF EXISTS "resume_import_rejects_kind_check";
--> statement-breakpoint
ALTER TABLE "resume_import_rejects" ADD CONSTRAINT "resume_import_rejects_kind_check" CHECK ("kind" IN ('rejected', 'noted'));
