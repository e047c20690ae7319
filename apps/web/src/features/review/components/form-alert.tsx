import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A message that belongs to no single field (a duplicate, a daily limit), read out when it appears. */
export function FormAlert({ message, title }: { message: string | null | undefined; title?: string }) {
  if (!message) return null;
  return (
    <Alert role="alert" color="red" variant="light" radius="md" title={title} icon={<IconAlertCircle size={20} aria-hidden />}>
      {message}
    </Alert>
  );
}
