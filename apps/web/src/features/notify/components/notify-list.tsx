import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useSession } from '@/shared/session/session-store.ts';
import { type NotificationItem, useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useOpenNotification } from '../lib/use-open-notification.ts';
import { unreadText } from '../lib/unread-text.ts';
import classes from './notify.module.css';
import { NotifyItem, type RenderInviteAnswer } from './notify-item.tsx';

/** A notification that arrived between two pages shifts the next page by one: show each once. */
function uniqueById(items: NotificationItem[]): NotificationItem[] {
  const seen = new Set<number>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

type NotifyListProps = { renderInviteAnswer?: RenderInviteAnswer };

/** SEED popup 11: the cabinet's notification list, with «Показать ещё» while current_page < last_page. */
export function NotifyList({ renderInviteAnswer }: NotifyListProps = {}) {
  const { user } = useSession();
  const list = useNotifications(user?.id);
  const unread = useUnreadCount(user?.id);
  const markRead = useMarkRead();
  const open = useOpenNotification();
  const items = uniqueById(list.data?.pages.flatMap((page) => page.data) ?? []);
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="notify-list-title" id="notifications">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Title order={2} fz={20} id="notify-list-title">
              Уведомления
            </Title>
            {unread > 0 ? (
              <Badge color="red" c="#8a1c1a" variant="light" radius="sm" data-testid="notify-unread-badge">
                {unreadText(unread)}
              </Badge>
            ) : null}
          </Group>
          {unread > 0 ? (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconChecks size={16} />}
              loading={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Отметить все прочитанными
            </Button>
          ) : null}
        </Group>

        {list.isLoading ? (
          <Group justify="center" py="lg">
            <Loader size="sm" role="status" aria-label="Загружаем уведомления" />
          </Group>
        ) : list.isError ? (
          <Alert color="red" variant="light" title="Не удалось загрузить уведомления">
            <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void list.refetch()}>
              Повторить
            </Button>
          </Alert>
        ) : items.length === 0 ? (
          <Group gap="md" wrap="nowrap" py="md">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
              <IconBellOff size={22} stroke={1.6} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              Уведомлений пока нет. Здесь появятся отклики на вакансии, ответы на запросы отзывов, приглашения в команду и анонсы клуба.
            </Text>
          </Group>
        ) : (
          <ul className={classes.list} aria-label="Список уведомлений" data-testid="notify-list">
            {items.map((item) => (
              <NotifyItem key={item.id} item={item} onOpen={open} renderInviteAnswer={renderInviteAnswer} />
            ))}
          </ul>
        )}

        {list.hasNextPage ? (
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              Показано {items.length} из {total}
            </Text>
            <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              Показать ещё
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
