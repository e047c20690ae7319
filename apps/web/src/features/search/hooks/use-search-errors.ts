import { useEffect } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import type { SearchIssues } from '../lib/search-url.ts';

/**
 * A failed search: 401/419 clear the session and open login, then come back here; a 422 gives messages per parameter,
 * shown beside the fields. A 403 (a shared link with an advanced query or several cities, opened by
 * someone without the option) and other failures are shown in place of the results, without a
 * dialog on top: the visitor can still search by keywords from there.
 */
export function useSearchErrors(error: unknown, clientIssues: SearchIssues): SearchIssues {
  useEffect(() => {
    if (isApiError(error) && [401, 419].includes(error.status)) handleErrorWithRedirect(error);
  }, [error]);
  if (isApiError(error) && error.status === 422) return { ...clientIssues, ...error.fieldErrors };
  return clientIssues;
}
