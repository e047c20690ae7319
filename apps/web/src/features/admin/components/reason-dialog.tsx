import { ADMIN_REASON_MAX } from '@hr/contract';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';

type ReasonDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  label: string;
  confirmLabel: string;
  danger?: boolean;
  /** The contract's body schema: the same rule the server applies, checked before sending. */
  schema?: z.ZodType;
  /** Resolves with the server's field errors (empty when it went through). */
  onSubmit: (reason: string) => Promise<Record<string, string[]>>;
  /** The field the server names for this text (`reason` or `comment`). */
  field?: string;
};

/** A dialog asking why: block, reject, hide, restore. */
export function ReasonDialog({
  opened,
  onClose,
  title,
  description,
  label,
  confirmLabel,
  danger,
  schema,
  onSubmit,
  field = 'reason',
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setReason('');
      setError(undefined);
    }
  }, [opened]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (schema) {
      const checked = schema.safeParse({ [field]: reason });
      if (!checked.success) {
        setError(checked.error.issues[0]?.message);
        return;
      }
    }
    setBusy(true);
    try {
      const errors = await onSubmit(reason.trim());
      // The field's own messages, else whatever the server said (shown here, not in a dialog over this one).
      const message = (errors[field] ?? Object.values(errors).flat()).join('\n');
      if (message) setError(message);
      else if (Object.keys(errors).length === 0) onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {description ? <Text size="sm">{description}</Text> : null}
          <Textarea
            label={label}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={ADMIN_REASON_MAX}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Отмена
            </Button>
            <Button type="submit" color={danger ? 'red' : 'brand'} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
