import { DIALOG_CONFIRM_COLOR } from '@hr/contract/constants';
import { Button, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { AppModal } from '@/shared/ui/app-modal.tsx';
import { RichText } from '@/shared/ui/rich-text.tsx';
import { confirmEducation } from '../api/confirm-education.ts';
import { useEducationMessage } from '../api/get-education-message.ts';
import { remindEducationLater } from '../api/remind-education.ts';
import classes from './education.module.css';

const ON_COLOR_TEXT = '#0d1b2e';

type EducationDialogProps = {
  opened: boolean;
  /** The `e_notify` query parameter, or the pending announcement's id. */
  messageId: number | null;
  onClose: () => void;
};

/** SEED popup 10: title, the announcement, «Напомнить позже» and «Перейти к анонсу» (new tab, confirmed to the server). */
export function EducationDialog({ opened, messageId, onClose }: EducationDialogProps) {
  const query = useEducationMessage(messageId);
  const message = query.data;
  const [busy, setBusy] = useState<'remind' | 'go' | null>(null);

  const remind = async () => {
    if (!message || busy) return;
    setBusy('remind');
    try {
      await remindEducationLater(message.id);
      onClose();
    } catch (error) {
      handleErrorWithoutRedirect(error);
    } finally {
      setBusy(null);
    }
  };

  const go = async () => {
    if (!message || busy) return;
    // Opened right in the click, so no pop-up blocker steps in.
    window.open(message.url, '_blank', 'noopener,noreferrer');
    setBusy('go');
    try {
      await confirmEducation(message.id);
    } catch {
      /* the user is on the announcement already; the next session asks again */
    } finally {
      setBusy(null);
      onClose();
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={message?.title ?? 'Анонс'} size={560}>
      {message ? (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start" className={classes.banner}>
            <ThemeIcon size={40} radius="xl" variant="light" color="brand" aria-hidden>
              <IconSchool size={22} stroke={1.6} />
            </ThemeIcon>
            <RichText html={message.message} className={classes.rich} />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void remind()} loading={busy === 'remind'} disabled={busy === 'go'}>
              Напомнить позже
            </Button>
            <Button
              color={DIALOG_CONFIRM_COLOR}
              c={ON_COLOR_TEXT}
              rightSection={<IconExternalLink size={16} />}
              onClick={() => void go()}
              loading={busy === 'go'}
              disabled={busy === 'remind'}
              data-autofocus
            >
              Перейти к анонсу
            </Button>
          </Group>
        </Stack>
      ) : query.isError ? (
        <Stack gap="lg">
          <Text size="sm">Анонс не найден: возможно, его уже сняли с публикации.</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Понятно</Button>
          </Group>
        </Stack>
      ) : (
        <Group justify="center" py="lg">
          <Loader size="sm" role="status" aria-label="Загружаем анонс" />
        </Group>
      )}
    </AppModal>
  );
}
