import { z } from 'zod';

/**
 * Duplicates (PRODUCT 11): a reply whose normalised e-mail (lower case) or phone (ten digits) is that
 * of another reply of the team or of a club resume carries `duplicate_of`; `POST /api/resume/merge`
 * makes two of the team's replies one resume (fields chosen one by one, both histories kept, logged).
 */
export const DUPLICATE_REASONS = ['email', 'phone'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];
export const DUPLICATE_REASON_TITLES: Record<DuplicateReason, string> = { email: 'тот же e-mail', phone: 'тот же телефон' };

export const duplicateOf = z.object({
  hash: z.string(),
  reason: z.enum(DUPLICATE_REASONS),
  /** `reply`: another reply of the team (with its vacancy); `resume`: a resume of the club's base. */
  kind: z.enum(['reply', 'resume']),
  reply_id: z.number().int().nullable(),
  vacancy_id: z.number().int().nullable(),
  vacancy_title: z.string().nullable(),
  /** As the viewer may see it (a club resume's name only with open contacts). */
  fio: z.string(),
  title: z.string(),
  created_at: z.string(),
});
export type DuplicateOf = z.infer<typeof duplicateOf>;

/** Fields a merge may take from the merged resume. */
export const MERGE_FIELDS = ['fio', 'email', 'phone', 'city', 'title', 'about', 'file', 'cover_letter'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export const MERGE_FIELD_TITLES: Record<MergeField, string> = {
  fio: 'ФИО',
  email: 'E-mail',
  phone: 'Телефон',
  city: 'Город',
  title: 'Должность',
  about: 'Текст резюме',
  file: 'Файл резюме',
  cover_letter: 'Сопроводительное письмо',
};

export const MERGE_MSG = {
  sameResume: 'Нельзя объединить резюме с самим собой',
  notFound: 'Резюме не найдено среди откликов вашей команды',
  notDuplicate: 'Эти резюме не похожи на дубли: нет общего e-mail или телефона',
  merged: 'Резюме объединены',
} as const;

const hash = z.string({ error: MERGE_MSG.notFound }).trim().regex(/^[0-9A-Za-z]{22}$/, { error: MERGE_MSG.notFound });
export const mergeBody = z.object({
  keep: hash,
  merge: hash,
  fields: z.array(z.enum(MERGE_FIELDS)).max(MERGE_FIELDS.length).default([]),
});
export type MergeBody = z.input<typeof mergeBody>;
export const mergeAnswer = z.object({ keep: z.string(), merged: z.string(), replies_moved: z.number().int() });
export type MergeAnswer = z.infer<typeof mergeAnswer>;

export const mergeRecord = z.object({
  at: z.string(),
  by: z.object({ id: z.number().int(), name: z.string(), family: z.string() }).nullable(),
  merged_hash: z.string(),
  fields: z.array(z.string()),
});
export type MergeRecord = z.infer<typeof mergeRecord>;
