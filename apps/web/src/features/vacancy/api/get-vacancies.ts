import type { VacancyList, VacancyStatus } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

export const VACANCY_LIST_PER_PAGE = 20;

/** GET /api/vacancy — the member's and the team's vacancies, with counts per status. */
export function fetchVacancies(status: VacancyStatus | undefined, page: number, perPage = VACANCY_LIST_PER_PAGE): Promise<VacancyList> {
  return apiGet<VacancyList>('/api/vacancy', { status, page, per_page: perPage });
}

export function useVacancies(status: VacancyStatus | undefined, page: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: vacancyKeys.list(status ?? 'all', page),
    queryFn: () => fetchVacancies(status, page),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The published ones (up to 100), for «Пригласить на вакансию». */
export function usePublishedVacancies(enabled: boolean) {
  return useQuery({
    queryKey: vacancyKeys.published,
    queryFn: () => fetchVacancies('published', 1, 100),
    enabled,
    staleTime: 60_000,
  });
}
