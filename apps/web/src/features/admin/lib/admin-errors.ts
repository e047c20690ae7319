import { type FieldErrors, isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect, handleFormError } from '@/shared/api/error-handlers.ts';
import { showServerMessage } from '@/shared/ui/dialogs.tsx';

/** Several admin lists may fail with 403 at once (a demoted admin): the «Доступ к услуге ограничен» dialog shows once. */
let lastForbiddenAt = 0;
const FORBIDDEN_QUIET_MS = 5000;

function forbiddenShownRecently(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  const now = Date.now();
  const recent = now - lastForbiddenAt < FORBIDDEN_QUIET_MS;
  lastForbiddenAt = now;
  return recent;
}

/** A page load failed: 401/419 go to login and back here, 403 a dialog, 404 the 404 page. */
export function handleAdminLoadError(error: unknown): void {
  if (forbiddenShownRecently(error)) return;
  handleErrorWithRedirect(error);
}

/**
 * A form failed: 401/419 open login, 403 a dialog; a 422 gives the field errors, which the form
 * shows under its fields (no «Почти готово» over them).
 */
export function handleAdminActionError(error: unknown): FieldErrors {
  if (forbiddenShownRecently(error)) return {};
  return handleFormError(error);
}

/**
 * A button without fields failed (save the type, approve, unblock, delete): a 422 shows the
 * server's own words — what is wrong — in a dialog; the rest as for a form.
 */
export function handleAdminCommandError(error: unknown): void {
  if (forbiddenShownRecently(error)) return;
  if (isApiError(error) && error.status === 422) {
    const messages = Object.values(error.fieldErrors).flat();
    showServerMessage('Не получилось', messages.join('\n') || error.payload.message, 'warning');
    return;
  }
  handleFormError(error);
}

/** The first message of a field, for a Mantine `error` prop. */
export const fieldError = (errors: FieldErrors, field: string): string | undefined => errors[field]?.join('\n') || undefined;
