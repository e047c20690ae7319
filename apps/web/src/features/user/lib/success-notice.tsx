import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';

/** A short green notice in the corner (the form stays where it is). */
export function showSuccessNotice(message: string, title?: string): void {
  notifications.show({ title, message, color: 'teal', icon: <IconCheck size={18} />, autoClose: 4000, withBorder: true });
}
