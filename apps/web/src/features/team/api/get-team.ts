import type { Team } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/user/team */
export function fetchTeam(): Promise<Team> {
  return apiGet<Team>('/api/user/team');
}

export const teamQueryKey = (userId: number | undefined) => ['team', userId ?? 0] as const;

export function useTeam(userId: number | undefined, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamQueryKey(userId),
    queryFn: fetchTeam,
    enabled: Boolean(userId) && (options.enabled ?? true),
    staleTime: 30_000,
  });
}
