/*
 * hh.ru values that changed over the years, and what an older export's value means today.
 * Sources: the resume examples and dictionary descriptions of the public hhru/api documentation
 * (docs/resumes.md, docs/dictionaries.md) across its versions, and the 2024 `GET /dictionaries`
 * snapshot in shared/data. Every mapping is reported on the row, so an admin sees what was read how.
 */

/**
 * `language_level` before the CEFR scale (hh.ru switched to a1…c2 and l1 around 2019). hh published
 * no table between the two scales; the levels are matched by what the old names promised:
 * «базовые знания» → A1, «читаю профессиональную литературу» → B1, «могу проходить интервью» → B2,
 * «свободно владею» → C1, «родной» → l1.
 */
export const LEGACY_LANGUAGE_LEVELS: Record<string, string> = {
  basic: 'a1',
  can_read: 'b1',
  can_pass_interview: 'b2',
  fluent: 'c1',
  native: 'l1',
};

/**
 * 2025 layout: `employment_form` (resume_employment_form) replaced `employments`; what our
 * dictionaries have an id for. FLY_IN_FLY_OUT is a schedule with us («Вахтовый метод»).
 */
export const EMPLOYMENT_FORMS: Record<string, { workingType?: string; schedule?: string }> = {
  FULL: { workingType: 'full' },
  PART: { workingType: 'part' },
  PROJECT: { workingType: 'project' },
  FLY_IN_FLY_OUT: { schedule: 'flyInFlyOut' },
};

/** 2025 layout: `work_format` (resume_work_format); only «из дома» has a schedule of ours. */
export const WORK_FORMATS: Record<string, string> = { REMOTE: 'remote' };

/** Currency codes an export may carry that hh.ru writes differently (`RUR` for roubles, `BYR` for Belarusian). */
export const CURRENCY_ALIASES: Record<string, string> = { RUB: 'RUR', BYN: 'BYR' };

/** Spreadsheet spellings of `gender` (a Russian export writes the word, not the id). */
export const GENDER_ALIASES: Record<string, 'male' | 'female'> = {
  м: 'male',
  муж: 'male',
  мужской: 'male',
  m: 'male',
  ж: 'female',
  жен: 'female',
  женский: 'female',
  f: 'female',
};
