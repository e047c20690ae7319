import { z } from 'zod';

/** A team invitation's state as its notification shows it (answered ones carry no buttons). */
export const TEAM_INVITE_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TeamInviteStatus = (typeof TEAM_INVITE_STATUSES)[number];

/** «Принято», «Отклонено», «Отменено»: the mark on an invitation that is no longer waiting. */
export const TEAM_INVITE_STATUS_TITLES: Record<Exclude<TeamInviteStatus, 'pending'>, string> = {
  accepted: 'Принято',
  declined: 'Отклонено',
  cancelled: 'Отменено',
};

/**
 * SEED 3: a notification (`id, read_at, data {message, title, url, created_at}`). A notification
 * about a team invitation or join request addressed to the reader also carries `invite`: the
 * invitation it links to and its state now.
 */
export const notificationItem = z.object({
  id: z.number().int(),
  read_at: z.string().nullable(),
  data: z.object({ message: z.string(), title: z.string(), url: z.string().nullable(), created_at: z.string() }),
  invite: z.object({ id: z.number().int(), direction: z.enum(['invite', 'join']), status: z.enum(TEAM_INVITE_STATUSES) }).optional(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** The link of a team invitation's notification: it opens the SEED `show=team_invite` popup on it. */
export const teamInviteLink = (inviteId: number) => `/profile?show=team_invite&invite=${inviteId}`;

/** The invitation id in a notification link made by teamInviteLink, or null. */
export function teamInviteIdOf(url: string | null | undefined): number | null {
  const match = url ? /[?&]show=team_invite&invite=(\d{1,10})(?:&|#|$)/.exec(url) : null;
  return match ? Number(match[1]) : null;
}

export const NOTIFICATIONS_PER_PAGE = 10;

/** `POST /api/notify/message/read` {ids?}: those of the member's notifications, or all of them. */
export const MARK_READ_MAX = 500;
export const markReadBody = z.object({ ids: z.array(z.coerce.number().int().positive()).max(MARK_READ_MAX).optional() }).nullish();
export type MarkReadBody = z.input<typeof markReadBody>;
export const markReadAnswer = z.object({ marked: z.number() });
export type MarkReadAnswer = z.infer<typeof markReadAnswer>;

/** `GET /api/notify/message/unread_count`: a number. */
export const unreadCountAnswer = z.number();
