import type { VacancyInviteAnswer } from '@hr/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, fetchCsrfCookie } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

export type { VacancyInviteAnswer as InviteAnswer };

/** POST /api/vacancy/{id}/invite {resume_hash} — the club resume joins the replies as `invited`. */
export async function inviteToVacancy(vacancyId: number, resumeHash: string) {
  await fetchCsrfCookie();
  return apiPost<VacancyInviteAnswer>(`/api/vacancy/${vacancyId}/invite`, { resume_hash: resumeHash });
}

export function useInviteToVacancy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ vacancyId, hash }: { vacancyId: number; hash: string }) => inviteToVacancy(vacancyId, hash),
    onSuccess: () => client.invalidateQueries({ queryKey: vacancyKeys.all }),
  });
}
