-- The job queue: priorities (login codes before bulk copies), one pending instance of a periodic
-- job (unique_key), and the indexes the hourly retention cleanup deletes by.
ALTER TABLE "jobs" ADD COLUMN "priority" smallint DEFAULT 50 NOT NULL;
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "unique_key" text;
--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_pending_idx";
--> statement-breakpoint
-- The claim reads pending jobs in exactly this order.
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("priority", "run_at", "id") WHERE done_at is null and failed_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_pending_idx" ON "jobs" USING btree ("unique_key") WHERE unique_key is not null and done_at is null and failed_at is null;
--> statement-breakpoint
CREATE INDEX "jobs_done_at_idx" ON "jobs" USING btree ("done_at") WHERE done_at is not null;
--> statement-breakpoint
CREATE INDEX "jobs_failed_at_idx" ON "jobs" USING btree ("failed_at") WHERE failed_at is not null;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "client_errors_created_at_idx" ON "client_errors" USING btree ("created_at");
