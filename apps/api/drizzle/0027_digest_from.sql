-- A saved search's digest never looks at resumes received before the search was made or its digest
-- was last switched on (off → instant/daily/weekly): `digest_from`, the watermark of that moment
-- (the API sets the watermark to now() when it switches a digest on). Kept by the database so
-- every way of creating or switching a search (the API, a shared copy, a script) keeps it.
ALTER TABLE saved_searches ADD COLUMN digest_from timestamptz;
--> statement-breakpoint
UPDATE saved_searches SET digest_from = created_at;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION saved_searches_digest_from() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.digest_from := greatest(NEW.watermark, NEW.created_at);
  ELSIF OLD.frequency = 'off' AND NEW.frequency <> 'off' THEN
    NEW.digest_from := greatest(NEW.watermark, OLD.digest_from);
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER saved_searches_digest_from BEFORE INSERT OR UPDATE OF frequency ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION saved_searches_digest_from();
