import type { AccessFlag } from '@hr/contract/access';
import { ALWAYS_FRESH_FLAGS } from '@hr/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { cameWithPage } from '@/shared/lib/page-state.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { hasFlag, useAccess } from './get-access.ts';

/** GET /api/user/access/{flag}/get */
export function fetchAccessFlag(flag: AccessFlag | 'teamLead'): Promise<boolean> {
  return apiGet<boolean>(`/api/user/access/${flag}/get`);
}

/** The query key of one flag (the first render of a member's search page finds them there, first-results.ts). */
export const accessFlagKey = (userId: number | undefined, flag: AccessFlag | 'teamLead') => ['user', 'access-flag', userId ?? 0, flag];

/** One flag: mass_search and spec_search are asked every time, the rest come from the 15-minute cache. */
export function useAccessFlag(flag: AccessFlag | 'teamLead'): boolean {
  const { user } = useSession();
  const fresh = ALWAYS_FRESH_FLAGS.includes(flag);
  const { access } = useAccess();
  const query = useQuery({
    queryKey: accessFlagKey(user?.id, flag),
    queryFn: () => fetchAccessFlag(flag).catch(() => false),
    enabled: fresh && Boolean(user),
    staleTime: 0,
    gcTime: 0,
    // (Unless the page came with it a moment ago: plugins/first-screen.ts on the server.)
    refetchOnMount: (query) => (cameWithPage(query) ? false : 'always'),
  });
  return fresh ? query.data === true : hasFlag(access, flag);
}
