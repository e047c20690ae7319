import { type MouseEvent, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';

/**
 * A visitor who opens a resume is asked to log in first (SEED 2): the login popup opens over the
 * results with `redirect` set to the resume, and the search stays in the address behind it.
 */
export function useVisitorOpen() {
  const { status } = useSession();
  const navigate = useNavigate();
  return useCallback(
    (hash: string) => {
      if (status !== 'guest') return undefined;
      return (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        const params = new URLSearchParams(window.location.search);
        params.set('show', 'login_form');
        params.set('redirect', `/resume/${hash}`);
        navigate({ pathname: window.location.pathname, search: `?${params}` }, { preventScrollReset: true });
      };
    },
    [status, navigate],
  );
}
