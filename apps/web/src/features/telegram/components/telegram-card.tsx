import { Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandTelegram, IconQrcode } from '@tabler/icons-react';
import { useSession } from '@/shared/session/session-store.ts';
import { useTelegramState } from '../api/get-telegram-state.ts';
import { TG_TEXT } from '../lib/texts.ts';

type TelegramCardProps = { onOpenBind: () => void };

/** The cabinet's HR-cloud block: bound or not, and the button that opens popup 6. */
export function TelegramCard({ onOpenBind }: TelegramCardProps) {
  const { user } = useSession();
  const state = useTelegramState(user?.id);
  const data = state.data;
  const status = !data ? null : !data.configured ? 'off' : data.bound ? 'bound' : 'unbound';

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="telegram-title" data-testid="telegram-card">
      <Stack gap="md">
        {/* On a narrow card the status moves under the heading instead of squeezing it. */}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon size={34} radius="xl" variant="light" color="brand" aria-hidden>
              <IconBrandTelegram size={20} stroke={1.6} />
            </ThemeIcon>
            <Title order={2} fz={20} id="telegram-title" style={{ whiteSpace: 'nowrap' }}>
              HR-облако
            </Title>
          </Group>
          {status === 'bound' ? (
            <Badge color="teal" c="#05664a" variant="light" radius="sm" tt="none" maw="none" style={{ flexShrink: 0 }} data-testid="telegram-status">
              Привязано
            </Badge>
          ) : status === 'unbound' ? (
            <Badge color="orange" c="#7a3300" variant="light" radius="sm" tt="none" maw="none" style={{ flexShrink: 0 }} data-testid="telegram-status">
              Не привязано
            </Badge>
          ) : status === 'off' ? (
            <Badge color="gray" c="#343a40" variant="light" radius="sm" tt="none" maw="none" style={{ flexShrink: 0 }} data-testid="telegram-status">
              Бот не настроен
            </Badge>
          ) : null}
        </Group>
        {!data ? (
          state.isError ? (
            <Text size="sm" c="dimmed">
              Не удалось узнать состояние привязки.
            </Text>
          ) : (
            <Loader size="sm" role="status" aria-label="Загружаем состояние привязки" />
          )
        ) : (
          <Text size="sm" c="dimmed">
            {status === 'bound'
              ? `${TG_TEXT.bound}${data.bot_name ? ` (@${data.bot_name})` : ''}: уведомления и коды для входа приходят в Telegram.`
              : status === 'unbound'
                ? 'Привяжите Telegram-бота клуба, чтобы получать уведомления и коды для входа прямо в мессенджере.'
                : 'Telegram-бот HR-облака пока не настроен — привязка появится, как только он заработает.'}
          </Text>
        )}
        {status === 'unbound' ? (
          <Button leftSection={<IconQrcode size={18} />} onClick={onOpenBind} w="fit-content">
            Привязать HR-облако
          </Button>
        ) : status === 'bound' ? (
          <Button variant="default" onClick={onOpenBind} w="fit-content">
            Подробнее
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
