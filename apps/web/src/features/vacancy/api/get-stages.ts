import type { StagesAnswer } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** GET /api/vacancy/{id}/stages — the vacancy's stages in order, each with its number of replies. */
export function fetchStages(id: number): Promise<StagesAnswer> {
  return apiGet<StagesAnswer>(`/api/vacancy/${id}/stages`);
}

export function useStages(id: number) {
  return useQuery({ queryKey: vacancyKeys.stages(id), queryFn: () => fetchStages(id), enabled: Number.isSafeInteger(id) && id > 0 });
}
