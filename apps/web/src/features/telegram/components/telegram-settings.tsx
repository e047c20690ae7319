import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { useTelegramState } from '../api/get-telegram-state.ts';
import { unbindTelegram } from '../api/unbind-telegram.ts';
import { telegramKeys } from '../lib/query-keys.ts';

type TelegramSettingsProps = { onOpenBind: () => void };

/** Profile edit: the HR-cloud binding, with «Отвязать Telegram» (confirmed) or «Привязать HR-облако». */
export function TelegramSettings({ onOpenBind }: TelegramSettingsProps) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const state = useTelegramState(user?.id);
  const [busy, setBusy] = useState(false);
  const data = state.data;

  const unbind = async () => {
    setBusy(true);
    try {
      await unbindTelegram();
      notifications.show({ message: 'Telegram отвязан от аккаунта', color: 'teal', withBorder: true });
    } catch (error) {
      handleErrorWithoutRedirect(error);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: telegramKeys.all });
    }
  };

  const confirmUnbind = () =>
    showConfirmDialog({
      title: 'Отвязать Telegram?',
      children: (
        <Text size="sm">Уведомления и коды для входа перестанут приходить в Telegram. Привязать бота снова можно в любой момент.</Text>
      ),
      confirmLabel: 'Отвязать',
      cancelLabel: 'Отмена',
      onConfirm: () => void unbind(),
    });

  if (!data)
    return (
      <Text size="sm" c="dimmed">
        {state.isError ? 'Не удалось узнать состояние привязки.' : 'Загружаем…'}
      </Text>
    );
  if (!data.configured)
    return (
      <Text size="sm" c="dimmed">
        Telegram-бот HR-облака пока не настроен.
      </Text>
    );

  return (
    <Stack gap="xs" data-testid="telegram-settings">
      <Text size="sm">
        {data.bound ? 'Telegram привязан: уведомления и коды для входа приходят в бота HR-облака.' : 'Telegram не привязан.'}
      </Text>
      <Group gap="sm">
        {data.bound ? (
          <Button variant="default" color="red" onClick={confirmUnbind} loading={busy}>
            Отвязать Telegram
          </Button>
        ) : (
          <Button variant="light" onClick={onOpenBind}>
            Привязать HR-облако
          </Button>
        )}
      </Group>
    </Stack>
  );
}
