import type { Vacancy, VacancyClosed, VacancyPublic, VacancyView } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** GET /api/vacancy/{id} — the team's full view, the public one, or a closed stub (a draft is 404 to others). */
export function fetchVacancy(id: number): Promise<VacancyView> {
  return apiGet<VacancyView>(`/api/vacancy/${id}`);
}

export function useVacancy(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: vacancyKeys.one(id),
    queryFn: () => fetchVacancy(id),
    enabled: (options.enabled ?? true) && Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}

/** The closed stub has no `description`. */
export const isClosedStub = (view: VacancyView): view is VacancyClosed => !('description' in view);
/** The team's view carries the counters and the HR contacts. */
export const isTeamView = (view: VacancyView): view is Vacancy => 'replies_count' in view;
export type { VacancyPublic };
