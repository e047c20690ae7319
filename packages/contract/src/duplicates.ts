import { z } from 'zod';
import { MSG } from './messages.ts';

/**
 * Duplicates (PRODUCT 11): a reply whose normalised e-mail (lower case) or phone (ten digits) is that
 * of another reply of the team, or of a club resume the team already knows (a member opened its
 * contacts or the team invited it), is a «возможный дубль». The board and the list
 * carry the flag `duplicate`; the matches themselves (`duplicate_of`) come with
 * `GET /api/vacancy/{id}/reply/{r_id}/duplicates` (`replyDuplicates.items`). `POST /api/resume/merge`
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
  /** The other reply's stage (null for a club resume). */
  stage_title: z.string().nullable(),
  /** When the other reply arrived, or the club resume was last updated. */
  created_at: z.string(),
  /** Only another reply from the public page may be merged with this one. */
  mergeable: z.boolean(),
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
  outsideTeam: 'Объединить нельзя: у резюме есть отклики на вакансии, которые ваша команда больше не ведёт',
  merged: 'Резюме объединены',
} as const;

const hash = z.string({ error: MERGE_MSG.notFound }).trim().regex(/^[0-9A-Za-z]{22}$/, { error: MERGE_MSG.notFound });
export const mergeBody = z.object({
  keep: hash,
  merge: hash,
  fields: z.array(z.enum(MERGE_FIELDS, { error: MSG.chooseFromList }), { error: MSG.chooseFromList }).max(MERGE_FIELDS.length, { error: MSG.chooseFromList }).default([]),
});
export type MergeBody = z.input<typeof mergeBody>;
export const mergeAnswer = z.object({ keep: z.string(), merged: z.string(), replies_moved: z.number().int() });
export type MergeAnswer = z.infer<typeof mergeAnswer>;

export const mergeRecord = z.object({
  at: z.string(),
  by: z.object({ id: z.number().int(), name: z.string(), family: z.string() }).nullable(),
  merged_hash: z.string(),
  /** The fields taken from the merged resume (MERGE_FIELDS). */
  fields: z.array(z.string()),
  /** Who the merged resume was (the name its reply gave) and the vacancies it replied to. */
  merged_fio: z.string(),
  vacancy_titles: z.array(z.string()),
});
export type MergeRecord = z.infer<typeof mergeRecord>;

/** Another reply of the same candidate (after a merge) with its history, newest record last. */
export const siblingReply = z.object({
  reply_id: z.number().int(),
  vacancy_id: z.number().int(),
  vacancy_title: z.string(),
  stage_title: z.string(),
  created_at: z.string(),
  history: z.array(z.object({ id: z.number().int(), at: z.string(), event: z.enum(['move', 'message', 'merge']), title: z.string(), by: z.string().nullable() })),
});
export type SiblingReply = z.infer<typeof siblingReply>;

/** `GET /api/vacancy/{id}/reply/{r_id}/duplicates`. */
export const replyDuplicates = z.object({
  /** The reply's own resume (the `keep` of a merge started from this reply). */
  hash: z.string(),
  items: z.array(duplicateOf),
  merges: z.array(mergeRecord),
  replies: z.array(siblingReply),
});
export type ReplyDuplicates = z.infer<typeof replyDuplicates>;

/** One side of the merge dialog: what the resume and its reply hold (team replies: seen in full). */
export const mergeSide = z.object({
  hash: z.string(),
  reply_id: z.number().int(),
  vacancy_id: z.number().int(),
  vacancy_title: z.string(),
  created_at: z.string(),
  values: z.object({
    fio: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    title: z.string().nullable(),
    about: z.string().nullable(),
    file: z.string().nullable(),
    cover_letter: z.string().nullable(),
  }) satisfies z.ZodType<Record<MergeField, string | null>>,
});
export type MergeSide = z.infer<typeof mergeSide>;
export const mergePreviewQuery = z.object({ keep: hash, merge: hash });
/**
 * `GET /api/resume/merge/preview?keep&merge`: both sides, the fields a merge may take (the file and
 * the cover letter belong to a reply: only where both replied to one vacancy and the replies become
 * one), how many replies move and how many become one.
 */
export const mergePreview = z.object({
  keep: mergeSide,
  merge: mergeSide,
  fields: z.array(z.enum(MERGE_FIELDS)),
  replies_moved: z.number().int(),
  replies_joined: z.number().int(),
});
export type MergePreview = z.infer<typeof mergePreview>;
