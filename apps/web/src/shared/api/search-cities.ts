import type { CityOption, Paginated } from '@hr/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/auth/register/city?search=&page= — the city list of registration, the profile and a vacancy (`value` is our city id). */
export function searchCities(search: string, page = 1): Promise<Paginated<CityOption>> {
  return apiGet<Paginated<CityOption>>('/api/auth/register/city', { search, page });
}

export function useCitySearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['city', search],
    queryFn: () => searchCities(search),
    enabled: enabled && search.length > 0,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
