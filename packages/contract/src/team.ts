import { z } from 'zod';
import { rowId } from './ids.ts';

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
  /** Invitations I sent (lead) or join requests I made, still pending. */
  outgoing: z.array(z.object({ id: z.number().int(), to_user: person, direction: z.enum(['invite', 'join']) })),
});
export type Team = z.infer<typeof team>;

export const teamAnswerBody = z.object({
  id: rowId('Приглашение не найдено'),
  status: z.coerce.number().int().refine((s) => s === 0 || s === 1, { error: 'Статус: 1 — принять, 0 — отклонить' }),
});
export const teamInviteCreateBody = z
  .object({
    email: z.string().trim().max(190).optional(),
    user_id: rowId('Неверный ID участника').optional(),
  })
  .refine((b) => !!b.email || !!b.user_id, { path: ['email'], error: 'Укажите e-mail или ID участника' });
export const teamJoinBody = z.object({ lead_id: rowId('Укажите ID руководителя команды') });
