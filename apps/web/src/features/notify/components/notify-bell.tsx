import { ActionIcon, Indicator, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { bellLabel } from '../lib/unread-text.ts';

type NotifyBellProps = Omit<ComponentPropsWithRef<'button'>, 'color'> & {
  unread: number;
  /** The header colour decides the icon's contrast. */
  tone: 'light' | 'dark';
};

/**
 * PRODUCT 7: a button named «Уведомления» (with the count while some are unread: «Уведомления:
 * 5 новых»); the dot is shown while unread > 0. A polite live region says the count again when it
 * changes, so a screen reader hears a new notification arrive.
 */
export function NotifyBell({ unread, tone, className, ...buttonProps }: NotifyBellProps) {
  const hasUnread = unread > 0;
  const label = bellLabel(unread);
  return (
    <Indicator
      disabled={!hasUnread}
      color="#ff7674"
      size={10}
      offset={7}
      withBorder
      processing={hasUnread}
      data-testid="notify-indicator"
      data-active={hasUnread || undefined}
    >
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
      <VisuallyHidden role="status" aria-live="polite" data-testid="notify-live">
        {hasUnread ? label : ''}
      </VisuallyHidden>
    </Indicator>
  );
}
