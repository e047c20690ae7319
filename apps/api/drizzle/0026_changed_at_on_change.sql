-- `changed_at` moves only when the content really changed: an import that writes a resume again
-- unchanged (every column in its upsert) must not make it «new» for every saved search.
CREATE OR REPLACE FUNCTION resumes_touch_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF ROW(NEW.first_name, NEW.last_name, NEW.middle_name, NEW.birth_date, NEW.sex, NEW.city_id, NEW.metro, NEW.relocation,
         NEW.relocation_city_ids, NEW.business_trip, NEW.title, NEW.roles, NEW.salary_amount, NEW.salary_currency,
         NEW.working_types, NEW.schedules, NEW.total_experience_months, NEW.experience, NEW.last_company, NEW.last_position,
         NEW.education_level, NEW.education, NEW.skills, NEW.languages, NEW.citizenship, NEW.drive, NEW.has_car,
         NEW.job_status, NEW.about, NEW.photo, NEW.phone, NEW.email, NEW.telegram, NEW.updated_at)
     IS DISTINCT FROM
     ROW(OLD.first_name, OLD.last_name, OLD.middle_name, OLD.birth_date, OLD.sex, OLD.city_id, OLD.metro, OLD.relocation,
         OLD.relocation_city_ids, OLD.business_trip, OLD.title, OLD.roles, OLD.salary_amount, OLD.salary_currency,
         OLD.working_types, OLD.schedules, OLD.total_experience_months, OLD.experience, OLD.last_company, OLD.last_position,
         OLD.education_level, OLD.education, OLD.skills, OLD.languages, OLD.citizenship, OLD.drive, OLD.has_car,
         OLD.job_status, OLD.about, OLD.photo, OLD.phone, OLD.email, OLD.telegram, OLD.updated_at)
  THEN
    NEW.changed_at := now();
  END IF;
  RETURN NEW;
END
$$;
