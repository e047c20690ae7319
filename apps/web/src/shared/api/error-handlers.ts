import { LOGIN_ERROR_REOPEN_DELAY_MS } from '@hr/contract/constants';
import { currentPath, loginUrl, NOT_FOUND_PATH, navigateTo } from '@/shared/lib/navigation.ts';
import { emitPopup } from '@/shared/lib/popups-bus.ts';
import { sessionStore } from '@/shared/session/session-store.ts';
import { showAlmostDoneDialog, showForbiddenDialog, showServerMessage } from '@/shared/ui/dialogs.tsx';
import { ApiError, type FieldErrors } from './api-error.ts';

const isSessionLost = (status: number) => status === 401 || status === 419;

function showAnswerMessage(error: unknown): void {
  if (error instanceof ApiError) {
    showServerMessage(error.payload.title, error.payload.message, error.payload.type);
  } else {
    showServerMessage(undefined, undefined);
  }
}

/**
 * SEED 8, «with redirect» (page loads): 401/419 clear the session, go to main with
 * redirect = current path and open login after 1 s; 403 dialog; 404 page; 422 ignored.
 */
export function handleErrorWithRedirect(error: unknown): void {
  if (error instanceof ApiError) {
    if (isSessionLost(error.status)) {
      const wanted = currentPath();
      sessionStore.clear();
      navigateTo(loginUrl(wanted, false));
      window.setTimeout(() => emitPopup('showAuthForm'), LOGIN_ERROR_REOPEN_DELAY_MS);
      return;
    }
    if (error.status === 403) {
      showForbiddenDialog(error.payload.title, error.payload.message);
      return;
    }
    if (error.status === 404) {
      navigateTo(NOT_FOUND_PATH, { replace: true });
      return;
    }
    if (error.status === 422) return;
  }
  showAnswerMessage(error);
}

/**
 * SEED 8, «without redirect» (forms): 401/419 clear the session and open login; 403 dialog;
 * 404 page; 422 returns the field errors and shows «Почти готово»; else the server message.
 */
export function handleErrorWithoutRedirect(error: unknown): FieldErrors {
  return handleError(error, true);
}

/**
 * Forms (SEED 5): like the handler above, but a 422 is left to the form — it shows the errors
 * inline and moves focus to the first invalid field, so no «Почти готово» dialog covers them.
 */
export function handleFormError(error: unknown): FieldErrors {
  return handleError(error, false);
}

function handleError(error: unknown, almostDoneDialog: boolean): FieldErrors {
  if (error instanceof ApiError) {
    if (isSessionLost(error.status)) {
      sessionStore.clear();
      emitPopup('showAuthForm');
      return {};
    }
    if (error.status === 403) {
      showForbiddenDialog(error.payload.title, error.payload.message);
      return {};
    }
    if (error.status === 404) {
      navigateTo(NOT_FOUND_PATH, { replace: true });
      return {};
    }
    if (error.status === 422) {
      if (almostDoneDialog) showAlmostDoneDialog();
      return error.fieldErrors;
    }
  }
  showAnswerMessage(error);
  return {};
}
