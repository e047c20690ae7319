import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';

/** A short green notice in the corner. */
export function showReviewNotice(message: string, title?: string): void {
  notifications.show({ title, message, color: 'teal', icon: <IconCheck size={18} />, autoClose: 5000, withBorder: true });
}
