import type { Person } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** GET /api/user/person/{id} — what one member sees of another. */
export function fetchPerson(id: number): Promise<Person> {
  return apiGet<Person>(`/api/user/person/${id}`);
}

export function usePerson(id: number) {
  return useQuery({
    queryKey: ['person', id],
    queryFn: () => fetchPerson(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
