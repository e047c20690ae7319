-- Folders of favourite candidates: private to their owner or shared with the owner's team (the team
-- is read at request time). A folder holds candidates by resume, so a shared folder can hold a
-- candidate any member of the team keeps. Names are unique per owner regardless of case.
CREATE TABLE IF NOT EXISTS "favourite_folders" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "shared" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "favourite_folders_owner_name_key" ON "favourite_folders" USING btree ("owner_id", lower("name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "favourite_folders_owner_idx" ON "favourite_folders" USING btree ("owner_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "favourite_folder_items" (
  "folder_id" bigint NOT NULL REFERENCES "favourite_folders"("id") ON DELETE CASCADE,
  "resume_id" bigint NOT NULL REFERENCES "resumes"("id") ON DELETE CASCADE,
  "added_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "favourite_folder_items_folder_id_resume_id_pk" PRIMARY KEY ("folder_id", "resume_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "favourite_folder_items_resume_idx" ON "favourite_folder_items" USING btree ("resume_id");
