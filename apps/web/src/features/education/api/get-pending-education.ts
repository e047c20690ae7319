import type { EducationMessage } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/user/education/pending — the announcement to show now, or null. */
export function fetchPendingEducation(): Promise<EducationMessage | null> {
  return apiGet<EducationMessage | null>('/api/user/education/pending');
}

/** Asked once per signed-in user and tab; a failure simply means «nothing to show». */
export function usePendingEducation(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['education', 'pending', userId ?? 0],
    queryFn: () => fetchPendingEducation().catch(() => null),
    enabled: Boolean(userId) && enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
