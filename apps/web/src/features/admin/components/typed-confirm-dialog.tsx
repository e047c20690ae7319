import { ADMIN_REASON_MAX } from '@hr/contract';
import { Alert, Button, Code, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';

type TypedConfirmDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** What the admin types to confirm (an e-mail, a resume code). */
  expected: string;
  confirmLabel: string;
  /** The reason and the typed text (the server checks it again where it can). */
  onConfirm: (reason: string, typed: string) => Promise<boolean>;
};

/** An irreversible deletion: the admin types the exact text before the button unlocks. */
export function TypedConfirmDialog({ opened, onClose, title, children, expected, confirmLabel, onConfirm }: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = typed.trim().toLowerCase() === expected.trim().toLowerCase();

  useEffect(() => {
    if (opened) {
      setTyped('');
      setReason('');
    }
  }, [opened]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    setBusy(true);
    try {
      if (await onConfirm(reason.trim(), typed.trim())) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Это действие нельзя отменить">
            {children}
          </Alert>
          <TextInput
            label={
              <>
                Для подтверждения введите <Code>{expected}</Code>
              </>
            }
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Textarea
            label="Основание (попадёт в журнал аудита)"
            description="Например: запрос субъекта персональных данных от 12.05"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={ADMIN_REASON_MAX}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Отмена
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
