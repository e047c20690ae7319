import type { StagesAnswer, StagesBody } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** PUT /api/vacancy/{id}/stages — the whole list in its new order (a stage left out is deleted). */
export async function saveStages(id: number, body: StagesBody) {
  await fetchCsrfCookie();
  return apiSend<StagesAnswer>('PUT', `/api/vacancy/${id}/stages`, body);
}

export function useSaveStages(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StagesBody) => saveStages(id, body),
    onSuccess: (answer) => {
      client.setQueryData(vacancyKeys.stages(id), answer.res);
      // Columns, tabs, the list's stage names and every reply's stage follow the new list.
      void client.invalidateQueries({ queryKey: vacancyKeys.pipeline(id) });
      void client.invalidateQueries({ queryKey: ['vacancy', 'replies', id] });
      void client.invalidateQueries({ queryKey: ['vacancy', 'reply', id] });
    },
  });
}
