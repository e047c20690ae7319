import { Alert, Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandTelegram, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useSession } from '@/shared/session/session-store.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { useTelegramState } from '../api/get-telegram-state.ts';
import { TG_TEXT } from '../lib/texts.ts';
import { TelegramBindPanel } from './telegram-bind-panel.tsx';

type TelegramBindPopupProps = {
  opened: boolean;
  onClose: () => void;
  title?: string;
  /** Shown above the content (the welcome after registration); told whether the bot is configured. */
  intro?: (configured: boolean) => ReactNode;
  /** The label of the closing button when there is nothing to bind. */
  closeLabel?: string;
};

/**
 * SEED popup 6 (and 5 after registration): the QR code of the bot's link and «Проверить».
 * Bound — by «Проверить» or by the `telegram.bound` push — the popup closes with a success notice.
 */
export function TelegramBindPopup({
  opened,
  onClose,
  title = 'Привязка к HR-облаку',
  intro,
  closeLabel = 'Понятно',
}: TelegramBindPopupProps) {
  const { user } = useSession();
  // The push closes the popup at once; polling covers a push sent before the page's socket was up.
  const state = useTelegramState(user?.id, { enabled: opened, pollMs: 4000 });
  const link = state.data?.telegram_auth_url;
  const sawUnbound = useRef(false);
  const reported = useRef(false);

  useEffect(() => {
    if (opened) {
      reported.current = false;
      sawUnbound.current = false;
    }
  }, [opened]);

  const reportBound = useCallback(() => {
    if (reported.current) return;
    reported.current = true;
    notifications.show({ message: TG_TEXT.bound, color: 'teal', icon: <IconCircleCheck size={18} />, withBorder: true, autoClose: 5000 });
    onClose();
  }, [onClose]);

  // The `telegram.bound` push reloads the state: a link that turned into '' means «bound».
  useEffect(() => {
    if (!opened || link === undefined) return;
    if (link) sawUnbound.current = true;
    else if (link === '' && sawUnbound.current) reportBound();
  }, [opened, link, reportBound]);

  const closeButton = (
    <Group justify="flex-end">
      <Button onClick={onClose} data-autofocus>
        {closeLabel}
      </Button>
    </Group>
  );

  let body: ReactNode;
  if (!state.data) {
    body = state.isError ? (
      <Stack gap="lg">
        <Alert color="red" variant="light">
          Не удалось загрузить состояние привязки. Попробуйте ещё раз чуть позже.
        </Alert>
        {closeButton}
      </Stack>
    ) : (
      <Group justify="center" py="xl">
        <Loader size="sm" role="status" aria-label="Загружаем ссылку на бота" />
      </Group>
    );
  } else if (link === null || link === undefined) {
    body = (
      <Stack gap="lg">
        <Text size="sm" data-testid="telegram-not-configured">
          {TG_TEXT.notConfigured}
        </Text>
        {closeButton}
      </Stack>
    );
  } else if (link === '') {
    body = (
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Text size="sm">{TG_TEXT.bound}. Уведомления и коды для входа приходят в Telegram.</Text>
        </Group>
        {closeButton}
      </Stack>
    );
  } else {
    body = (
      <TelegramBindPanel
        url={link}
        onBound={reportBound}
        extraActions={
          intro ? (
            <Button variant="subtle" onClick={onClose}>
              Позже
            </Button>
          ) : undefined
        }
      />
    );
  }

  return (
    <AppModal opened={opened} onClose={onClose} title={title} size={640}>
      <Stack gap="lg">
        {intro && state.data ? (
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon size={44} radius="xl" variant="light" color="brand" aria-hidden>
              <IconBrandTelegram size={24} stroke={1.6} />
            </ThemeIcon>
            <div>{intro(typeof link === 'string')}</div>
          </Group>
        ) : null}
        {body}
      </Stack>
    </AppModal>
  );
}
