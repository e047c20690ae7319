-- Typo-tolerant city autocomplete: trigram index on the lower-cased name.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cities_name_trgm_idx ON cities USING gin (lower(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS cities_name_prefix_idx ON cities (lower(name) text_pattern_ops);
