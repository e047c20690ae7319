-- A statement that sets a reply's status to what its current stage already means (the pipeline's
-- recount after stages are reordered or change kind) keeps the reply on its stage: only a status
-- that the stage does not mean moves the reply to the stage of that status (the older paths).
CREATE OR REPLACE FUNCTION vacancy_replies_stage_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IS DISTINCT FROM reply_status_for_stage(NEW.stage_id) THEN
    NEW.stage_id := reply_stage_for_status(NEW.vacancy_id, NEW.status);
    NEW.stage_at := now();
  END IF;
  IF (SELECT kind FROM vacancy_stages WHERE id = NEW.stage_id) <> 'rejected' THEN NEW.reason_id := NULL; END IF;
  RETURN NEW;
END
$$;
