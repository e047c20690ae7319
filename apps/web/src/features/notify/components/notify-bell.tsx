import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { bellLabel, bellCountText } from '../lib/unread-text.ts';
import classes from './notify.module.css';

type NotifyBellProps = Omit<ComponentPropsWithRef<'button'>, 'color'> & {
  unread: number;
  /** The header colour decides the icon's contrast. */
  tone: 'light' | 'dark';
};

/**
 * PRODUCT 7: a button named «Уведомления» (with the count while some are unread: «Уведомления:
 * 5 новых»). The count is also drawn on the bell («5», «99+» past 99) for everyone who sees it;
 * that figure is hidden from screen readers, which hear the button's name. A polite live region
 * says the count again when it changes, so a screen reader hears a new notification arrive.
 */
export function NotifyBell({ unread, tone, className, ...buttonProps }: NotifyBellProps) {
  const hasUnread = unread > 0;
  const label = bellLabel(unread);
  return (
    <span className={classes.bell} data-testid="notify-indicator" data-active={hasUnread || undefined}>
      <ActionIcon
        variant={tone === 'dark' ? 'subtle' : 'white'}
        color={tone === 'dark' ? 'gray.8' : 'brand'}
        size={40}
        radius="xl"
        aria-label={label}
        title={hasUnread ? label : 'Нет новых уведомлений'}
        {...buttonProps}
        className={className ? `header-icon-button ${className}` : 'header-icon-button'}
      >
        <IconBell size={21} stroke={1.7} />
      </ActionIcon>
      {hasUnread ? (
        <span className={classes.count} aria-hidden data-testid="notify-count">
          {bellCountText(unread)}
        </span>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite" data-testid="notify-live">
        {hasUnread ? label : ''}
      </VisuallyHidden>
    </span>
  );
}
