import { pageTitle } from '@hr/contract/constants';
import { useEffect } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { NOT_FOUND_PATH, navigateTo } from '@/shared/lib/navigation.ts';

/**
 * What both resume pages do around their query: the tab says the resume's title; a malformed hash
 * (422 «Резюме не найдено») is a missing page for the reader; other failures: handleErrorWithRedirect.
 */
export function useResumePage(error: unknown, title: string | undefined): void {
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && error.status === 422) navigateTo(NOT_FOUND_PATH, { replace: true });
    else handleErrorWithRedirect(error);
  }, [error]);

  useEffect(() => {
    document.title = pageTitle(title || 'Резюме');
  }, [title]);
}
