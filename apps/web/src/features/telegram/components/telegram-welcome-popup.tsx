import { Stack, Text } from '@mantine/core';
import { TelegramBindPopup } from './telegram-bind-popup.tsx';

type TelegramWelcomePopupProps = { opened: boolean; onClose: () => void };

/**
 * SEED popup 5, after registration: «Подключите HR-облако». With the bot configured, the QR code and
 * «Проверить» of popup 6; without it, a word that the bot is not configured yet.
 */
export function TelegramWelcomePopup({ opened, onClose }: TelegramWelcomePopupProps) {
  return (
    <TelegramBindPopup
      opened={opened}
      onClose={onClose}
      title="Подключите HR-облако"
      intro={(configured) => (
        <Stack gap={4}>
          <Text fw={600}>Добро пожаловать в HR-клуб!</Text>
          {configured ? (
            <Text size="sm" c="dimmed">
              Привяжите Telegram-бота HR-облака: в нём приходят уведомления клуба и коды для входа.
            </Text>
          ) : null}
        </Stack>
      )}
    />
  );
}
