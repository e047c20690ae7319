import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { plural } from '@/shared/lib/format.ts';

type NotifyBellProps = Omit<ComponentPropsWithRef<'button'>, 'color'> & {
  unread: number;
  /** The header colour decides the icon's contrast. */
  tone: 'light' | 'dark';
};

/** PRODUCT 7: a button named «Уведомления»; the dot is shown while unread > 0. */
export function NotifyBell({ unread, tone, className, ...buttonProps }: NotifyBellProps) {
  const hasUnread = unread > 0;
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
        aria-label="Уведомления"
        title={hasUnread ? `${unread} ${plural(unread, ['непрочитанное', 'непрочитанных', 'непрочитанных'])}` : 'Нет новых уведомлений'}
        {...buttonProps}
        className={className ? `header-icon-button ${className}` : 'header-icon-button'}
      >
        <IconBell size={21} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
}
