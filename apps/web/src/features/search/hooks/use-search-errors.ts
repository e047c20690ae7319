import { useEffect } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import type { SearchIssues } from '../lib/search-url.ts';

/**
 * A failed search: 401/419/403 go through the SEED 8 handler (login, the 403 dialog); a 422 gives
 * messages per parameter, shown beside the fields. Other failures are shown in place with a retry.
 */
export function useSearchErrors(error: unknown, clientIssues: SearchIssues): SearchIssues {
  useEffect(() => {
    if (isApiError(error) && [401, 403, 419].includes(error.status)) handleErrorWithRedirect(error);
  }, [error]);
  if (isApiError(error) && error.status === 422) return { ...clientIssues, ...error.fieldErrors };
  return clientIssues;
}
