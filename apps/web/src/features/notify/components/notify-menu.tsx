import { Button, Divider, Group, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useOpenNotification } from '../lib/use-open-notification.ts';
import classes from './notify.module.css';
import { NotifyBell } from './notify-bell.tsx';
import { NotifyItem, type RenderInviteAnswer } from './notify-item.tsx';

type NotifyMenuProps = { unread: number; tone: 'light' | 'dark'; renderInviteAnswer?: RenderInviteAnswer };

/** The header bell: a dropdown with the latest notifications and «Отметить все прочитанными». */
export function NotifyMenu({ unread, tone, renderInviteAnswer }: NotifyMenuProps) {
  const { user } = useSession();
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setOpened(false), []);
  const list = useNotifications(user?.id, { enabled: opened });
  const markRead = useMarkRead();
  const open = useOpenNotification(close);
  const latest = list.data?.pages[0]?.data ?? [];

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(400px, calc(100vw - 16px))"
      shadow="lg"
      radius="lg"
      offset={10}
      trapFocus
      returnFocus
      zIndex={190}
    >
      <Popover.Target>
        <NotifyBell unread={unread} tone={tone} onClick={() => setOpened((value) => !value)} />
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Последние уведомления" data-testid="notify-menu">
        <Group justify="space-between" gap={4} px="md" pt="sm" pb="xs" preventGrowOverflow={false}>
          <Text fw={700}>Уведомления</Text>
          {unread > 0 ? (
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={<IconChecks size={14} />}
              loading={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Отметить все прочитанными
            </Button>
          ) : null}
        </Group>
        <Divider />
        {list.isLoading ? (
          <Group justify="center" py="xl">
            <Loader size="sm" role="status" aria-label="Загружаем уведомления" />
          </Group>
        ) : latest.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" px="md" py="xl">
            {list.isError ? 'Не удалось загрузить уведомления' : 'Новых уведомлений нет'}
          </Text>
        ) : (
          <ScrollArea.Autosize className={classes.menuScroll} type="auto" offsetScrollbars>
            <Stack gap={0} p={6}>
              <ul className={classes.list} aria-label="Последние уведомления">
                {latest.map((item) => (
                  <NotifyItem key={item.id} item={item} onOpen={open} renderInviteAnswer={renderInviteAnswer} />
                ))}
              </ul>
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Divider />
        <Group justify="center" p="xs">
          <Button component={Link} to="/profile#notifications" variant="subtle" size="compact-sm" onClick={close}>
            Все уведомления
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
