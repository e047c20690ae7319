import { DIALOG_CANCEL_COLOR, DIALOG_CONFIRM_COLOR } from '@hr/contract/constants';
import { MSG } from '@hr/contract/messages';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconLock, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Dark text keeps the SEED colours (#5B8AC6, #ff7674) readable (WCAG AA) on the buttons. */
const ON_COLOR_TEXT = '#0d1b2e';

export type MessageType = 'warning' | 'error' | 'info' | 'success' | 'forbidden';

const ICONS: Record<MessageType, { icon: typeof IconInfoCircle; color: string }> = {
  warning: { icon: IconAlertTriangle, color: 'orange' },
  error: { icon: IconX, color: 'red' },
  info: { icon: IconInfoCircle, color: 'brand' },
  success: { icon: IconCircleCheck, color: 'teal' },
  forbidden: { icon: IconLock, color: 'orange' },
};

export type MessagePopupOptions = {
  title: string;
  /** Plain text (safe for anything the server sends). */
  message?: string;
  /** Trusted HTML written by the app itself (SEED popup 7). */
  html?: string;
  type?: MessageType;
  buttonLabel?: string;
  onButton?: () => void;
  children?: ReactNode;
};

/** SEED popup 7: a title, a message (HTML allowed), an optional button. */
export function showMessagePopup(options: MessagePopupOptions): string {
  const type = options.type ?? 'info';
  const { icon: Icon, color } = ICONS[type];
  const id = `message-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  modals.open({
    modalId: id,
    title: options.title,
    centered: true,
    size: 'sm',
    children: (
      <Stack gap="md">
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon size={40} radius="xl" variant="light" color={color} aria-hidden>
            <Icon size={22} />
          </ThemeIcon>
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            {options.message ? (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {options.message}
              </Text>
            ) : null}
            {options.html ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: only app-authored HTML reaches here.
              <Text size="sm" component="div" className="rich-text" dangerouslySetInnerHTML={{ __html: options.html }} />
            ) : null}
            {options.children}
          </Stack>
        </Group>
        <Group justify="flex-end">
          <Button
            color={DIALOG_CONFIRM_COLOR}
            c={ON_COLOR_TEXT}
            data-autofocus
            onClick={() => {
              modals.close(id);
              options.onButton?.();
            }}
          >
            {options.buttonLabel ?? 'Понятно'}
          </Button>
        </Group>
      </Stack>
    ),
  });
  return id;
}

export type ConfirmDialogOptions = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm?: () => void;
  onCancel?: () => void;
  /** false: closing with Esc or the cross does not count as cancel. */
  closeCountsAsCancel?: boolean;
};

/** Two-button dialog in the SEED 9 colours (confirm #5B8AC6, cancel #ff7674). */
export function showConfirmDialog(options: ConfirmDialogOptions): string {
  let decided = false;
  return modals.openConfirmModal({
    title: options.title,
    centered: true,
    size: 520,
    children: options.children,
    labels: { confirm: options.confirmLabel, cancel: options.cancelLabel },
    confirmProps: { color: DIALOG_CONFIRM_COLOR, c: ON_COLOR_TEXT, 'data-autofocus': true },
    cancelProps: { color: DIALOG_CANCEL_COLOR, c: ON_COLOR_TEXT, variant: 'filled' },
    groupProps: { wrap: 'wrap', justify: 'flex-end' },
    onConfirm: () => {
      decided = true;
      options.onConfirm?.();
    },
    onCancel: () => {
      decided = true;
      options.onCancel?.();
    },
    onClose: () => {
      if (!decided && options.closeCountsAsCancel) options.onCancel?.();
    },
  });
}

/** SEED 8: 403 — «Что-то не так» / «Доступ к услуге ограничен». */
export function showForbiddenDialog(title?: string, message?: string): void {
  showMessagePopup({ title: title || MSG.forbiddenTitle, message: message || MSG.forbidden, type: 'forbidden' });
}

/** SEED 8: 422 without redirect — «Почти готово» / «Проверьте правильность заполнения полей формы». */
export function showAlmostDoneDialog(): void {
  showMessagePopup({ title: MSG.almostDone, message: MSG.validationFailed, type: 'warning' });
}

export function showServerMessage(title: string | undefined, message: string | undefined, type?: MessageType): void {
  showMessagePopup({
    title: title || MSG.somethingWrong,
    message: message || MSG.serverError,
    type: type ?? 'error',
  });
}
