import type { Vacancy } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** DELETE /api/vacancy/{id} — closes it (no more replies); PUT with status reopens. */
export async function closeVacancy(id: number) {
  await fetchCsrfCookie();
  return apiSend<Vacancy>('DELETE', `/api/vacancy/${id}`);
}

export function useCloseVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => closeVacancy(id),
    onSuccess: () => client.invalidateQueries({ queryKey: vacancyKeys.all }),
  });
}
