-- A member who closes the «Подтвердите данные профиля» popup without confirming is not asked again
-- on every sign-in: the moment is kept here, and the popup waits for the next due date.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "profile_prompt_dismissed_at" timestamp with time zone;
