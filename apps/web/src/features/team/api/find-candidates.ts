import { TEAM_MEMBER_SEARCH_MIN, type TeamMemberCandidate } from '@hr/contract/team';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/user/team/candidates?search= — a lead looks club members up by name or e-mail. */
export function fetchCandidates(search: string): Promise<TeamMemberCandidate[]> {
  return apiGet<TeamMemberCandidate[]>('/api/user/team/candidates', { search });
}

export const candidatesQueryKey = (search: string) => ['team', 'candidates', search] as const;

export function useCandidates(search: string, enabled: boolean) {
  const term = search.trim();
  return useQuery({
    queryKey: candidatesQueryKey(term),
    queryFn: () => fetchCandidates(term),
    enabled: enabled && term.length >= TEAM_MEMBER_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
}
