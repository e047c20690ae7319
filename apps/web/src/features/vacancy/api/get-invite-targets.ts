import type { InviteTargets } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** GET /api/vacancy/invite-targets/{hash} — the team's published vacancies and where this resume already is. */
export function useInviteTargets(hash: string) {
  return useQuery({
    queryKey: [...vacancyKeys.all, 'invite-targets', hash],
    queryFn: () => apiGet<InviteTargets>(`/api/vacancy/invite-targets/${encodeURIComponent(hash)}`),
    staleTime: 30_000,
  });
}
