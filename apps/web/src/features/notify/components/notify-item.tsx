import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { plainText, whenText } from '../lib/notification-text.ts';
import type { NotificationItem } from '../api/get-notifications.ts';
import classes from './notify.module.css';

type NotifyItemProps = { item: NotificationItem; onOpen: (item: NotificationItem) => void };

/** One notification: unread ones carry a dot and a bold title; a click opens its link and marks it read. */
export function NotifyItem({ item, onOpen }: NotifyItemProps) {
  const unread = !item.read_at;
  return (
    <li>
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
          {item.data.message ? <span className={classes.message}>{plainText(item.data.message)}</span> : null}
        </span>
      </UnstyledButton>
    </li>
  );
}
