-- The hiring pipeline (PRODUCT 11): stages per vacancy, every move recorded, rejection reasons,
-- message templates and the messages sent, bulk actions with undo, interviews with feedback,
-- resume merges. A reply's legacy `status` and its new `stage_id` are kept in step by the
-- database, so every older path (the public reply, the first opening, an invitation, a Telegram
-- button) keeps working and lands on the right stage.

CREATE TABLE vacancy_stages (
  id serial PRIMARY KEY,
  vacancy_id integer NOT NULL REFERENCES vacancies(id) ON DELETE CASCADE,
  position integer NOT NULL,
  title text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('new', 'active', 'hired', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX vacancy_stages_vacancy_idx ON vacancy_stages (vacancy_id, position);
--> statement-breakpoint
-- Exactly one `new`, one `hired`, one `rejected` stage per vacancy (at most one here; the API keeps one).
CREATE UNIQUE INDEX vacancy_stages_one_kind ON vacancy_stages (vacancy_id, kind) WHERE kind <> 'active';
--> statement-breakpoint
CREATE FUNCTION vacancy_default_stages_of(v integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO vacancy_stages (vacancy_id, position, title, kind) VALUES
    (v, 0, 'Новые', 'new'),
    (v, 1, 'Просмотрены', 'active'),
    (v, 2, 'Телефонное интервью', 'active'),
    (v, 3, 'Интервью', 'active'),
    (v, 4, 'Оффер', 'active'),
    (v, 5, 'Выход на работу', 'hired'),
    (v, 6, 'Отказ', 'rejected');
$$;
--> statement-breakpoint
SELECT vacancy_default_stages_of(id) FROM vacancies;
--> statement-breakpoint
CREATE FUNCTION vacancies_default_stages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vacancy_default_stages_of(NEW.id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vacancies_default_stages AFTER INSERT ON vacancies
  FOR EACH ROW EXECUTE FUNCTION vacancies_default_stages();
--> statement-breakpoint
-- The stage a legacy status means: new/hired/rejected by kind; viewed → the first active stage;
-- invited → the second active stage (Телефонное интервью by default), or the first if there is one.
CREATE FUNCTION reply_stage_for_status(v integer, st text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT s.id FROM vacancy_stages s
  WHERE s.vacancy_id = v
    AND s.kind = CASE st WHEN 'new' THEN 'new' WHEN 'hired' THEN 'hired' WHEN 'rejected' THEN 'rejected' ELSE 'active' END
  ORDER BY s.position, s.id
  OFFSET CASE WHEN st = 'invited' AND (SELECT count(*) FROM vacancy_stages a WHERE a.vacancy_id = v AND a.kind = 'active') > 1 THEN 1 ELSE 0 END
  LIMIT 1
$$;
--> statement-breakpoint
-- The legacy status a stage means: its kind, and for active stages `viewed` on the first, `invited` after.
CREATE FUNCTION reply_status_for_stage(stage integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE s.kind
    WHEN 'active' THEN CASE WHEN s.id = (
        SELECT a.id FROM vacancy_stages a WHERE a.vacancy_id = s.vacancy_id AND a.kind = 'active' ORDER BY a.position, a.id LIMIT 1
      ) THEN 'viewed' ELSE 'invited' END
    ELSE s.kind END
  FROM vacancy_stages s WHERE s.id = stage
$$;
--> statement-breakpoint
CREATE TABLE rejection_reasons (
  id serial PRIMARY KEY,
  -- null: one of the club's defaults; otherwise visible to the owner's team.
  owner_id integer REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX rejection_reasons_owner_idx ON rejection_reasons (owner_id);
--> statement-breakpoint
INSERT INTO rejection_reasons (owner_id, title) VALUES
  (NULL, 'Не подходит опыт'),
  (NULL, 'Не подходят навыки'),
  (NULL, 'Не устроили зарплатные ожидания'),
  (NULL, 'Не подходит город или график'),
  (NULL, 'Кандидат отказался'),
  (NULL, 'Кандидат не выходит на связь'),
  (NULL, 'Выбран другой кандидат');
--> statement-breakpoint
ALTER TABLE vacancy_replies ADD COLUMN stage_id integer REFERENCES vacancy_stages(id);
--> statement-breakpoint
ALTER TABLE vacancy_replies ADD COLUMN reason_id integer REFERENCES rejection_reasons(id) ON DELETE SET NULL;
--> statement-breakpoint
-- Where the candidate came from: the public page (`site`), a link shared to Telegram, an invitation from the base.
ALTER TABLE vacancy_replies ADD COLUMN channel text NOT NULL DEFAULT 'site' CHECK (channel IN ('site', 'telegram', 'invite', 'other'));
--> statement-breakpoint
ALTER TABLE vacancy_replies ADD COLUMN stage_at timestamptz;
--> statement-breakpoint
UPDATE vacancy_replies SET stage_id = reply_stage_for_status(vacancy_id, status),
  channel = CASE WHEN source = 'invite' THEN 'invite' ELSE 'site' END,
  stage_at = updated_at;
--> statement-breakpoint
ALTER TABLE vacancy_replies ALTER COLUMN stage_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE vacancy_replies ALTER COLUMN stage_at SET DEFAULT now();
--> statement-breakpoint
ALTER TABLE vacancy_replies ALTER COLUMN stage_at SET NOT NULL;
--> statement-breakpoint
CREATE INDEX vacancy_replies_stage_idx ON vacancy_replies (vacancy_id, stage_id, id);
--> statement-breakpoint
-- Duplicates are looked up across a team's vacancies by the normalised keys.
CREATE INDEX vacancy_replies_email_idx ON vacancy_replies (email_key) WHERE email_key IS NOT NULL;
--> statement-breakpoint
CREATE INDEX vacancy_replies_phone_idx ON vacancy_replies (phone_key) WHERE phone_key IS NOT NULL;
--> statement-breakpoint
CREATE INDEX resumes_email_lower_idx ON resumes (lower(email)) WHERE email IS NOT NULL;
--> statement-breakpoint
CREATE INDEX resumes_phone_idx ON resumes (phone) WHERE phone IS NOT NULL;
--> statement-breakpoint
-- Status and stage in step, whichever of the two a statement sets; an invitation counts as `invite`.
CREATE FUNCTION vacancy_replies_stage_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.stage_id IS NULL THEN
      NEW.stage_id := reply_stage_for_status(NEW.vacancy_id, NEW.status);
    ELSE
      NEW.status := reply_status_for_stage(NEW.stage_id);
    END IF;
    IF NEW.source = 'invite' THEN NEW.channel := 'invite'; END IF;
    NEW.stage_at := now();
  ELSIF NEW.stage_id IS DISTINCT FROM OLD.stage_id THEN
    NEW.status := reply_status_for_stage(NEW.stage_id);
    NEW.stage_at := now();
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.stage_id := reply_stage_for_status(NEW.vacancy_id, NEW.status);
    NEW.stage_at := now();
  END IF;
  IF (SELECT kind FROM vacancy_stages WHERE id = NEW.stage_id) <> 'rejected' THEN NEW.reason_id := NULL; END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vacancy_replies_stage_sync BEFORE INSERT OR UPDATE OF stage_id, status ON vacancy_replies
  FOR EACH ROW EXECUTE FUNCTION vacancy_replies_stage_sync();
--> statement-breakpoint
CREATE TABLE message_templates (
  id serial PRIMARY KEY,
  -- null: the club's defaults (read-only); otherwise the member's own, seen by the team when shared.
  owner_id integer REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL DEFAULT 'other' CHECK (kind IN ('invite', 'reject', 'thanks', 'other')),
  name text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  shared boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX message_templates_owner_idx ON message_templates (owner_id, id);
--> statement-breakpoint
INSERT INTO message_templates (owner_id, kind, name, subject, body, shared) VALUES
  (NULL, 'invite', 'Приглашение на интервью', 'Приглашение на интервью: {{vacancy}}',
   E'Здравствуйте, {{first_name}}!\n\nСпасибо за интерес к вакансии «{{vacancy}}» в компании {{company}}. Приглашаем вас на интервью {{interview_at}}, место: {{place}}.\n\nЕсли время не подходит, ответьте на это письмо — подберём другое.\n\nС уважением,\n{{member}}', false),
  (NULL, 'reject', 'Отказ', 'Ваш отклик на вакансию «{{vacancy}}»',
   E'Здравствуйте, {{first_name}}!\n\nСпасибо за отклик на вакансию «{{vacancy}}» и за время, которое вы нам уделили. К сожалению, сейчас мы не готовы сделать вам предложение.\n\nЖелаем успехов в поиске работы!\n\nС уважением,\n{{member}}, {{company}}', false),
  (NULL, 'thanks', 'Спасибо за отклик', 'Мы получили ваш отклик: {{vacancy}}',
   E'Здравствуйте, {{first_name}}!\n\nСпасибо за отклик на вакансию «{{vacancy}}». Мы внимательно изучим ваше резюме и свяжемся с вами.\n\nС уважением,\n{{member}}, {{company}}', false);
--> statement-breakpoint
CREATE TABLE reply_messages (
  id bigserial PRIMARY KEY,
  reply_id bigint NOT NULL REFERENCES vacancy_replies(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  template_id integer REFERENCES message_templates(id) ON DELETE SET NULL,
  subject text NOT NULL,
  body text NOT NULL,
  -- The queue's letter; null when nothing was sent (no address, no consent).
  job_id bigint,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sent', 'failed', 'cancelled', 'not_sent')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
--> statement-breakpoint
CREATE INDEX reply_messages_reply_idx ON reply_messages (reply_id, id);
--> statement-breakpoint
CREATE INDEX reply_messages_job_idx ON reply_messages (job_id) WHERE job_id IS NOT NULL;
--> statement-breakpoint
CREATE TABLE reply_bulk_actions (
  id bigserial PRIMARY KEY,
  token text NOT NULL UNIQUE,
  vacancy_id integer NOT NULL REFERENCES vacancies(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  -- Every changed reply as it was: [{id, stage_id, reason_id}].
  before jsonb NOT NULL,
  changed integer NOT NULL,
  undo_until timestamptz NOT NULL,
  undone_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Every move and message: from and to (ids and the titles of the moment), the reason, the message, the bulk action.
ALTER TABLE vacancy_reply_history ADD COLUMN event text NOT NULL DEFAULT 'move' CHECK (event IN ('move', 'message', 'merge'));
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN from_stage_id integer REFERENCES vacancy_stages(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN to_stage_id integer REFERENCES vacancy_stages(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN from_title text;
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN to_title text;
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN to_kind text;
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN reason_id integer REFERENCES rejection_reasons(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN reason_title text;
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN message_id bigint REFERENCES reply_messages(id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE vacancy_reply_history ADD COLUMN bulk_id bigint REFERENCES reply_bulk_actions(id) ON DELETE SET NULL;
--> statement-breakpoint
-- The moves already recorded: to the stage their status means, from the one before.
UPDATE vacancy_reply_history h SET to_stage_id = reply_stage_for_status(r.vacancy_id, h.status)
  FROM vacancy_replies r WHERE r.id = h.reply_id;
--> statement-breakpoint
UPDATE vacancy_reply_history h SET to_title = s.title, to_kind = s.kind FROM vacancy_stages s WHERE s.id = h.to_stage_id;
--> statement-breakpoint
UPDATE vacancy_reply_history h SET from_stage_id = p.to_stage_id, from_title = p.to_title
  FROM (SELECT id, lag(to_stage_id) OVER w AS to_stage_id, lag(to_title) OVER w AS to_title
        FROM vacancy_reply_history WINDOW w AS (PARTITION BY reply_id ORDER BY id)) p
  WHERE p.id = h.id;
--> statement-breakpoint
-- A record that left the reply where it was (a letter sent with the status it had) was a message, not a move.
UPDATE vacancy_reply_history SET event = 'message' WHERE from_stage_id = to_stage_id;
--> statement-breakpoint
-- An insert that names only a status (the older paths) is completed from the reply: to its current
-- stage, from the stage of the reply's previous record.
CREATE FUNCTION vacancy_reply_history_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.event = 'move' AND NEW.to_stage_id IS NULL THEN
    SELECT stage_id INTO NEW.to_stage_id FROM vacancy_replies WHERE id = NEW.reply_id;
    SELECT h.to_stage_id, h.to_title INTO NEW.from_stage_id, NEW.from_title
      FROM vacancy_reply_history h WHERE h.reply_id = NEW.reply_id AND h.event = 'move' ORDER BY h.id DESC LIMIT 1;
  END IF;
  IF NEW.to_stage_id IS NOT NULL AND (NEW.to_title IS NULL OR NEW.to_kind IS NULL) THEN
    SELECT title, kind INTO NEW.to_title, NEW.to_kind FROM vacancy_stages WHERE id = NEW.to_stage_id;
  END IF;
  IF NEW.from_stage_id IS NOT NULL AND NEW.from_title IS NULL THEN
    SELECT title INTO NEW.from_title FROM vacancy_stages WHERE id = NEW.from_stage_id;
  END IF;
  IF NEW.reason_id IS NOT NULL AND NEW.reason_title IS NULL THEN
    SELECT title INTO NEW.reason_title FROM rejection_reasons WHERE id = NEW.reason_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vacancy_reply_history_fill BEFORE INSERT ON vacancy_reply_history
  FOR EACH ROW EXECUTE FUNCTION vacancy_reply_history_fill();
--> statement-breakpoint
CREATE INDEX vacancy_reply_history_to_idx ON vacancy_reply_history (to_stage_id, created_at) WHERE event = 'move';
--> statement-breakpoint
CREATE INDEX vacancy_reply_history_bulk_idx ON vacancy_reply_history (bulk_id) WHERE bulk_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE vacancies ADD COLUMN criteria text[] NOT NULL
  DEFAULT ARRAY['Опыт', 'Профессиональные навыки', 'Коммуникация', 'Мотивация']::text[];
--> statement-breakpoint
CREATE TABLE interviews (
  id bigserial PRIMARY KEY,
  reply_id bigint NOT NULL REFERENCES vacancy_replies(id) ON DELETE CASCADE,
  -- RFC 5545 UID: the same for every update and the cancellation.
  uid text NOT NULL UNIQUE,
  starts_at timestamptz NOT NULL,
  minutes integer NOT NULL CHECK (minutes BETWEEN 5 AND 600),
  place text,
  link text,
  participant_ids integer[] NOT NULL DEFAULT '{}',
  sequence integer NOT NULL DEFAULT 0,
  created_by integer REFERENCES users(id) ON DELETE SET NULL,
  cancelled_at timestamptz,
  reminded_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX interviews_reply_idx ON interviews (reply_id, starts_at);
--> statement-breakpoint
CREATE INDEX interviews_due_idx ON interviews (starts_at) WHERE cancelled_at IS NULL AND reminded_at IS NULL;
--> statement-breakpoint
CREATE TABLE interview_feedback (
  interview_id bigint NOT NULL REFERENCES interviews(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  scores jsonb NOT NULL,
  recommendation text NOT NULL CHECK (recommendation IN ('yes', 'no', 'maybe')),
  comment text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (interview_id, user_id)
);
--> statement-breakpoint
CREATE TABLE resume_merges (
  id bigserial PRIMARY KEY,
  keep_resume_id bigint NOT NULL REFERENCES resumes(id) ON DELETE CASCADE,
  merged_hash text NOT NULL,
  -- The fields taken from the merged resume, and what the kept one held before.
  fields jsonb NOT NULL,
  before jsonb NOT NULL,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX resume_merges_keep_idx ON resume_merges (keep_resume_id, id);
