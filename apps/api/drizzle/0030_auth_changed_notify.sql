-- Who a session belongs to and what that user may do is cached in each instance's memory
-- (plugins/session-cache.ts). Every change to it is announced here, by the database, whatever made
-- it (the API, a job, the CLI, a script): a NOTIFY on `auth_changed` with the ids of the users whose
-- signed-in lookup may have changed, or `*` for all. Each instance LISTENs and drops those users'
-- entries (and those of the members of a lead among them); the instance that made the change gets
-- the notice before its own statement returns. Sessions that are already expired are left out (no
-- cache serves them), so the cleanup's deletions announce nothing.
CREATE OR REPLACE FUNCTION auth_changed_notify(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  payload := array_to_string(ids, ',');
  -- A NOTIFY payload must stay under 8000 bytes.
  IF length(payload) > 7000 THEN payload := '*'; END IF;
  PERFORM pg_notify('auth_changed', payload);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_changed_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM auth_changed_notify(ARRAY(SELECT DISTINCT id FROM new_rows));
  ELSE
    PERFORM auth_changed_notify(ARRAY(SELECT DISTINCT id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_changed_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_changed_notify(ARRAY(SELECT DISTINCT user_id FROM old_rows WHERE expires_at > now()));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_changed_session_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_changed_notify(ARRAY(SELECT DISTINCT u FROM unnest(ARRAY[OLD.user_id, NEW.user_id]) u));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_changed_team_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM auth_changed_notify(ARRAY(SELECT DISTINCT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM auth_changed_notify(ARRAY(SELECT DISTINCT user_id FROM old_rows));
  ELSE
    PERFORM auth_changed_notify(ARRAY(SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION auth_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_users();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_users();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_all();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_sessions();
--> statement-breakpoint
-- The sliding idle limit moves expires_at forward once a minute per session: announced only when a
-- session is cut short or changes hands, which no code does today.
CREATE TRIGGER sessions_auth_changed_update AFTER UPDATE ON sessions
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at OR NEW.user_id <> OLD.user_id)
  EXECUTE FUNCTION auth_changed_session_row();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_all();
--> statement-breakpoint
CREATE TRIGGER team_members_auth_changed_insert AFTER INSERT ON team_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_team_members();
--> statement-breakpoint
CREATE TRIGGER team_members_auth_changed_update AFTER UPDATE ON team_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_team_members();
--> statement-breakpoint
CREATE TRIGGER team_members_auth_changed_delete AFTER DELETE ON team_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_team_members();
--> statement-breakpoint
CREATE TRIGGER team_members_auth_changed_truncate AFTER TRUNCATE ON team_members
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_all();
