-- Deletion on request (152-FZ) reaches the audit log: the entries about a deleted person keep who did
-- what to which object and when, and lose the person's content (the addresses the member acted from,
-- residency comments and reasons admins wrote, e-mails and names in the details). The log stays
-- append-only otherwise: an UPDATE passes only inside a transaction that set hr.audit_redaction
-- (modules/audit/audit.redact.ts does, in the deletion's transaction) and only when the id, time,
-- actor, action and object stay as they were; DELETE is always refused.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND coalesce(current_setting('hr.audit_redaction', true), '') = 'on'
    AND NEW.id = OLD.id
    AND NEW.created_at = OLD.created_at
    AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
    AND NEW.action = OLD.action
    AND NEW.object_type IS NOT DISTINCT FROM OLD.object_type
    AND NEW.object_id IS NOT DISTINCT FROM OLD.object_id
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
