import type { TeamAnalytics, VacancyAnalytics } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, buildQuery } from '@/shared/api/api-client.ts';
import type { Period } from './analytics-format.ts';

/** Under the vacancy feature's key: every write there (a move, a bulk action) refreshes the figures. */
const keys = {
  vacancy: (id: number, p: Period) => ['vacancy', 'analytics', id, p.from ?? '', p.to ?? ''] as const,
  team: (p: Period) => ['vacancy', 'analytics', 'team', p.from ?? '', p.to ?? ''] as const,
};

/** GET /api/vacancy/{id}/analytics?from=&to= */
export function useVacancyAnalytics(id: number, period: Period) {
  return useQuery({
    queryKey: keys.vacancy(id, period),
    queryFn: () => apiGet<VacancyAnalytics>(`/api/vacancy/${id}/analytics`, { ...period }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/vacancy/analytics?from=&to= */
export function useTeamAnalytics(period: Period) {
  return useQuery({
    queryKey: keys.team(period),
    queryFn: () => apiGet<TeamAnalytics>('/api/vacancy/analytics', { ...period }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The same figures as a CSV download (a plain link: the session cookie goes with it). */
export const analyticsCsvUrl = (vacancyId: number | null, period: Period): string =>
  `${vacancyId == null ? '/api/vacancy/analytics' : `/api/vacancy/${vacancyId}/analytics`}${buildQuery({ ...period, format: 'csv' })}`;
