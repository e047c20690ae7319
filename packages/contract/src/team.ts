import { z } from 'zod';
import { rowId } from './ids.ts';

/** Team messages both sides show verbatim. */
export const TEAM_MSG = {
  inviteTargetMissing: 'Укажите e-mail или ID участника',
  inviteTargetPick: 'Выберите участника из списка или введите e-mail',
  alreadyPending: 'Приглашение уже отправлено и ждёт ответа',
  joinAlreadyPending: 'Запрос уже отправлен и ждёт ответа',
  alreadyAnswered: 'На это приглашение уже ответили',
  inviteNotFound: 'Приглашение не найдено',
  inviteCancelled: 'Приглашение отменено',
  joinCancelled: 'Запрос отменён',
  leadCannotJoin: 'Руководитель команды не может вступить в другую команду',
} as const;

const person = z.object({ id: z.number().int(), name: z.string(), family: z.string() });
const invite = z.object({ id: z.number().int(), from_user: z.object({ id: z.number().int(), family: z.string(), name: z.string() }) });

export const team = z.object({
  teamLead: z.boolean(),
  /** Invitations addressed to me by leads. */
  inviteUsers: z.array(invite),
  /** Requests to join my team (I am a lead). */
  reverseInviteUsers: z.array(invite),
  lead: person.nullable(),
  members: z.array(person),
  /** Invitations I sent (lead) or join requests I made, still pending; I may cancel them. */
  outgoing: z.array(z.object({ id: z.number().int(), to_user: person, direction: z.enum(['invite', 'join']) })),
});
export type Team = z.infer<typeof team>;

export const teamAnswerBody = z.object({
  id: rowId(TEAM_MSG.inviteNotFound),
  status: z.coerce
    .number()
    .int()
    .refine((s) => s === 0 || s === 1, { error: 'Статус: 1 — принять, 0 — отклонить' }),
});
export const teamInviteCreateBody = z
  .object({
    email: z.string().trim().max(190).optional(),
    user_id: rowId('Неверный ID участника').optional(),
  })
  .refine((b) => !!b.email || !!b.user_id, { path: ['email'], error: TEAM_MSG.inviteTargetMissing });
/** Whom a lead invites: an e-mail, or a member found by name (their id). */
export type TeamInviteTarget = { email: string } | { user_id: number };
export const teamJoinBody = z.object({ lead_id: rowId('Укажите ID руководителя команды') });

/** `POST /api/user/team/invite` {id, status}: whether the invitation (or join request) was accepted. */
export const teamInviteAnswer = z.object({ accepted: z.boolean() });
export type TeamInviteAnswer = z.infer<typeof teamInviteAnswer>;
/** `POST /api/user/team/invite/create` and `/join`: the invitation or join request made. */
export const teamInviteCreated = z.object({ id: z.number() });
export type TeamInviteCreated = z.infer<typeof teamInviteCreated>;

/** The inviter takes back a pending invitation or join request: `DELETE /api/user/team/invite/{id}`. */
export const teamInviteIdParam = z.object({ id: rowId(TEAM_MSG.inviteNotFound) });

export const TEAM_MEMBER_SEARCH_MIN = 2;
export const TEAM_MEMBER_SEARCH_LIMIT = 10;
/** A lead looks club members up by name or e-mail to invite them: `GET /api/user/team/candidates?search=`. */
export const teamMemberSearchQuery = z.object({
  search: z
    .string({ error: 'Введите имя, фамилию или e-mail участника' })
    .trim()
    .min(TEAM_MEMBER_SEARCH_MIN, { error: `Введите не меньше ${TEAM_MEMBER_SEARCH_MIN} символов` })
    .max(100, { error: 'Слишком длинный запрос' }),
});
/** A found member: what the person page shows anyway, never the e-mail or phone. */
export const teamMemberCandidate = person.extend({
  company: z.string().nullable(),
  position: z.string().nullable(),
  /**
   * `member`: already in the lead's team; `invited`: an invitation or join request is waiting;
   * `lead`: leads a team of their own (a lead is not invited). Only `none` may be invited.
   */
  team_state: z.enum(['none', 'member', 'invited', 'lead']),
});
export type TeamMemberCandidate = z.infer<typeof teamMemberCandidate>;
