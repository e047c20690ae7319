import { z } from 'zod';
import { pageField, perPageField } from './pagination.ts';
import { opinionsSummary } from './review.ts';
import { resumeCard } from './resume.ts';

/** What the club knows of a candidate («уже в работе у коллег»), similar resumes and history (PRODUCT 10). */

/** Invitations to vacancies are counted over this many days. */
export const SIGNALS_INVITED_DAYS = 90;
/** History keeps the resumes opened in this many days. */
export const HISTORY_DAYS = 90;
export const HISTORY_TEXT_MAX = 200;
/** The resume page lists this many similar resumes. */
export const SIMILAR_RESUMES_SHOWN = 10;

const member = z.object({ id: z.number().int(), fio: z.string() });

/**
 * `GET /api/resume/{hash}/signals` (members only). Counts over the whole club name no company;
 * `team` is the member's own team — a member without one is a team of one (their own favourites
 * and vacancies), so the server always fills it; `team.opened` only for the team lead.
 */
export const resumeSignals = z.object({
  /** Members who keep the candidate in favourites. */
  favourites: z.number().int(),
  /** Member companies (teams) that invited the candidate to a vacancy in SIGNALS_INVITED_DAYS days. */
  invited_90d: z.number().int(),
  opinions: opinionsSummary,
  team: z
    .object({
      favourites: z.array(member.extend({ added_at: z.string() })),
      vacancies: z.array(
        z.object({
          vacancy: z.object({ id: z.number().int(), title: z.string() }),
          /** reply: the candidate replied; invite: the team invited the resume. */
          source: z.enum(['reply', 'invite']),
          status: z.string(),
          status_title: z.string(),
          /** When the candidate replied or was invited. */
          at: z.string(),
          /** When the status was last set. */
          status_at: z.string(),
        }),
      ),
      /** Who of the team opened the resume and when (newest first); null unless the viewer leads the team. */
      opened: z.array(member.extend({ opened_at: z.string() })).nullable(),
    })
    .nullable(),
});
export type ResumeSignals = z.infer<typeof resumeSignals>;

/** The badge on a search card (members only, present when the club knows something). */
export const cardSignals = z.object({
  favourites: z.number().int(),
  invited_90d: z.number().int(),
  /** The member's own team already works with the candidate (a favourite, a reply or an invitation). */
  in_team: z.boolean(),
});
export type CardSignals = z.infer<typeof cardSignals>;

/** `GET /api/resume/history`: the resumes the member opened, newest first. */
export const historyQuery = z.object({
  page: pageField(),
  per_page: perPageField(),
  text: z.string().trim().max(HISTORY_TEXT_MAX, { error: `Не длиннее ${HISTORY_TEXT_MAX} символов` }).optional(),
});
export const historyItem = resumeCard.extend({ opened_at: z.string() });
export type HistoryItem = z.infer<typeof historyItem>;
