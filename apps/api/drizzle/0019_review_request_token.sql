-- The public link of a review request gets its own secret. Until now the link carried the request's
-- id, which the requester also receives (the answer of POST /api/review/request, the own list), so a
-- requester could answer their own request. Existing rows get a new random token of 22 base62
-- characters (about 130 bits from gen_random_uuid; the fixed version and variant bytes skipped);
-- links already mailed stop working, and the requester's one resend mails the new link.
ALTER TABLE "review_requests" ADD COLUMN IF NOT EXISTS "token" text;
--> statement-breakpoint
DO $$
DECLARE
  r record;
  b bytea;
  t text;
  pos int;
BEGIN
  FOR r IN SELECT id FROM "review_requests" WHERE "token" IS NULL LOOP
    b := uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid());
    t := '';
    FOREACH pos IN ARRAY ARRAY[0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 25] LOOP
      t := t || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', get_byte(b, pos) % 62 + 1, 1);
    END LOOP;
    UPDATE "review_requests" SET "token" = t WHERE id = r.id;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "review_requests" ALTER COLUMN "token" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "review_requests_token_key" ON "review_requests" USING btree ("token");
