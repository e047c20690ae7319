import { Badge, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { visibleTextOf } from '@hr/contract/html';
import { inviteOutcomeText } from '../lib/invite-outcome.ts';
import { whenText } from '../lib/notification-text.ts';
import type { NotificationItem } from '../api/get-notifications.ts';
import classes from './notify.module.css';
import { notifyKeys } from '../lib/query-keys.ts';

export type NotificationInvite = NonNullable<NotificationItem['invite']>;
/**
 * The answer buttons of a pending team invitation (the team feature's, passed in by the app).
 * `answered` with the reader's answer shows it at once; with null (refused: answered elsewhere
 * meanwhile) the item waits for the reloaded list. Either way the notifications are reloaded.
 */
export type RenderInviteAnswer = (invite: NotificationInvite, answered: (status: 'accepted' | 'declined' | null) => void) => ReactNode;

type NotifyItemProps = { item: NotificationItem; onOpen: (item: NotificationItem) => void; renderInviteAnswer?: RenderInviteAnswer };

const MARK_COLORS = { accepted: 'teal', declined: 'red', cancelled: 'gray' } as const;
/** Dark text on the light badges keeps WCAG AA contrast. */
const MARK_TEXT = { accepted: '#05664a', declined: '#8a1c1a', cancelled: '#3d4854' } as const;

/**
 * One notification: unread ones carry a dot and a bold title; a click opens its link and marks it
 * read. A team invitation still waiting shows «Отклонить» / «Принять»; one answered (or withdrawn)
 * shows the outcome instead, without buttons: «Вы приняли приглашение», «Вы отклонили запрос»,
 * «Приглашение отменено».
 */
export function NotifyItem({ item, onOpen, renderInviteAnswer }: NotifyItemProps) {
  const queryClient = useQueryClient();
  const unread = !item.read_at;
  const invite = item.invite;
  // The answer given here shows at once; the reloaded list confirms it.
  const [answeredHere, setAnsweredHere] = useState<'accepted' | 'declined' | null>(null);
  const answered = answeredHere ?? (invite && invite.status !== 'pending' ? invite.status : null);
  const actions =
    invite?.status === 'pending' && !answered && renderInviteAnswer
      ? renderInviteAnswer(invite, (status) => {
          setAnsweredHere(status);
          void queryClient.invalidateQueries({ queryKey: notifyKeys.all });
        })
      : null;
  return (
    <li className={classes.entry} data-invite-status={invite?.status}>
      <UnstyledButton
        className={`${classes.item} ${unread ? classes.unread : ''}`}
        onClick={() => onOpen(item)}
        data-testid="notify-item"
        data-unread={unread || undefined}
      >
        <span className={classes.dot} aria-hidden />
        <span className={classes.body}>
          <span className={classes.top}>
            <span className={classes.title}>
              {unread ? <VisuallyHidden component="span">Новое: </VisuallyHidden> : null}
              {item.data.title}
            </span>
            <time className={classes.when} dateTime={item.data.created_at}>
              {whenText(item.data.created_at)}
            </time>
          </span>
          {item.data.message ? <span className={classes.message}>{visibleTextOf(item.data.message)}</span> : null}
          {answered && invite ? (
            <Badge
              component="span"
              className={classes.mark}
              variant="light"
              color={MARK_COLORS[answered]}
              c={MARK_TEXT[answered]}
              radius="sm"
              tt="none"
              leftSection={answered === 'accepted' ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
              data-testid="notify-invite-mark"
            >
              {inviteOutcomeText(invite.direction, answered)}
            </Badge>
          ) : null}
        </span>
      </UnstyledButton>
      {actions ? (
        <div className={classes.actions} data-testid="notify-invite-actions">
          {actions}
        </div>
      ) : null}
    </li>
  );
}
