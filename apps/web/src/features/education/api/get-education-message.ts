import type { EducationMessage } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';

/** SEED 3 education message; `url` is the announcement on the education site. */
export type { EducationMessage };

/** GET /api/user/education/message/{id} */
export function fetchEducationMessage(id: number): Promise<EducationMessage> {
  return apiGet<EducationMessage>(`/api/user/education/message/${id}`);
}

export function useEducationMessage(id: number | null) {
  return useQuery({
    queryKey: ['education', 'message', id ?? 0],
    queryFn: () => fetchEducationMessage(id ?? 0),
    enabled: id !== null && id > 0,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
