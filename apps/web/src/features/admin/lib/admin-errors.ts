import { type FieldErrors, isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect, handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';

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

/** A form or action failed: 401/419 open login, 403 a dialog; a 422 gives the field errors for the form. */
export function handleAdminActionError(error: unknown): FieldErrors {
  if (forbiddenShownRecently(error)) return {};
  return handleErrorWithoutRedirect(error);
}

/** The first message of a field, for a Mantine `error` prop. */
export const fieldError = (errors: FieldErrors, field: string): string | undefined => errors[field]?.join('\n') || undefined;
