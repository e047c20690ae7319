-- «Уже в работе у коллег» (PRODUCT 10): the signals of a resume and the badges of a search page are
-- read by resume id (a page's ids at once), so who keeps a candidate and which vacancies invited
-- them are found through these indexes, never by reading the whole table.
CREATE INDEX IF NOT EXISTS "favourites_resume_idx" ON "favourites" USING btree ("resume_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vacancy_replies_resume_idx" ON "vacancy_replies" USING btree ("resume_id", "created_at");
