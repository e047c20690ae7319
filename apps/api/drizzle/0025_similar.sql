-- «Похожие резюме» (PRODUCT 10, `similar_to`): the resumes with exactly the source's title words,
-- in a city, freshest first, read straight off this index (a title's GIN index finds them only all
-- at once, unordered). The key is the hash of the title's words without positions, so it stays
-- small (a collision is rechecked against strip(ts_title) on the row).
CREATE INDEX IF NOT EXISTS "resumes_similar_title_idx" ON "resumes" USING btree (hashtext(strip("ts_title")::text), "city_id", "updated_at" DESC, "id" DESC) WHERE vacancy_id IS NULL;
