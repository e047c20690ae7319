import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import { AppModal } from '@/shared/ui/app-modal.tsx';

type TelegramVerifyPopupProps = { opened: boolean; onClose: () => void };

/** SEED popup 5, shown after registration. The bot is not configured yet, and the popup says so. */
export function TelegramVerifyPopup({ opened, onClose }: TelegramVerifyPopupProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Подключите HR-облако">
      <Stack gap="lg">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={48} radius="xl" variant="light" color="brand" aria-hidden>
            <IconBrandTelegram size={26} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={6}>
            <Text fw={600}>Добро пожаловать в HR-клуб!</Text>
            <Text size="sm">Telegram-бот HR-облака пока не настроен. Подключить его можно будет в личном кабинете.</Text>
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Понятно
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
