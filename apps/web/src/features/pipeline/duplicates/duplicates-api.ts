import type { MergeAnswer, MergeBody, MergePreview, ReplyDuplicates } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';

export const duplicatesKey = (vacancyId: number, replyId: number) => ['vacancy', 'duplicates', vacancyId, replyId] as const;

/** GET …/reply/{r_id}/duplicates: the matches, the merges and the candidate's other replies. */
export function useReplyDuplicates(vacancyId: number, replyId: number) {
  return useQuery({
    queryKey: duplicatesKey(vacancyId, replyId),
    queryFn: () => apiGet<ReplyDuplicates>(`/api/vacancy/${vacancyId}/reply/${replyId}/duplicates`),
    staleTime: 15_000,
  });
}

/** GET /api/resume/merge/preview: both sides of the dialog. */
export function useMergePreview(keep: string, merge: string | null) {
  return useQuery({
    queryKey: ['resume', 'merge', keep, merge],
    queryFn: () => apiGet<MergePreview>('/api/resume/merge/preview', { keep, merge: merge ?? '' }),
    enabled: !!merge,
    staleTime: 0,
  });
}

/** POST /api/resume/merge; the replies, boards and lists of the team read again. */
export function useMergeResumes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MergeBody) => {
      await fetchCsrfCookie();
      return apiSend<MergeAnswer>('POST', '/api/resume/merge', body);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['vacancy'] }),
  });
}
