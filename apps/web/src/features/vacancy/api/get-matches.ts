import type { VacancyMatches } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** GET /api/vacancy/{id}/matches — «Подходящие кандидаты» and the home-search query with the same filters. */
export function fetchMatches(id: number, page: number): Promise<VacancyMatches> {
  return apiGet<VacancyMatches>(`/api/vacancy/${id}/matches`, { page, per_page: 20 });
}

export function useMatches(id: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: vacancyKeys.matches(id, page),
    queryFn: () => fetchMatches(id, page),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60_000,
  });
}
