import { z } from 'zod';

/** Education announcements (SEED 2.10), under `/api/user/education`; an admin sends them (admin.ts). */

export const EDUCATION_MSG = { notFound: 'Анонс не найден' } as const;

/** The query key that opens an announcement's dialog: a notification links to `/?e_notify={id}`. */
export const EDUCATION_QUERY_KEY = 'e_notify';
export const educationLink = (id: number) => `/?${EDUCATION_QUERY_KEY}=${id}`;

/** `GET /api/user/education/pending` (or null) and `GET /api/user/education/message/{id}`. */
export const educationMessage = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitised rich text (HTML). */
  message: z.string(),
  education_id: z.number(),
  /** `{EDUCATION_SITE_URL}/education/{education_id}`: «Перейти к анонсу» opens it in a new tab. */
  url: z.string(),
  created_at: z.string(),
});
export type EducationMessage = z.infer<typeof educationMessage>;

/** `POST /api/user/education/message/{id}`: «Перейти к анонсу», the announcement is not offered again. */
export const educationConfirmAnswer = z.object({ confirmed_at: z.string().nullable() });
export type EducationConfirmAnswer = z.infer<typeof educationConfirmAnswer>;

/** `POST /api/user/education/message/{id}/remind`: «Напомнить позже», shown again the next day. */
export const educationRemindAnswer = z.object({ remind_at: z.string().nullable() });
export type EducationRemindAnswer = z.infer<typeof educationRemindAnswer>;

/**
 * The announcement id in the path or in `?e_notify=`: a non-numeric or out-of-range one is an
 * unknown announcement (the API answers 404, the client opens no dialog).
 */
export const educationIdParam = z.object({ id: z.string() });
export function educationIdOf(raw: string | null): number | null {
  if (raw === null) return null;
  return /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
