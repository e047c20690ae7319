import { notifications } from '@mantine/notifications';

/** The server's own message after an action (falls back to ours). */
export function notifyDone(message: string | undefined, fallback: string): void {
  notifications.show({ message: message || fallback, color: 'teal' });
}
