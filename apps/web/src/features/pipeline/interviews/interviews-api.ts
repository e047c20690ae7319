import type { Interview, InterviewBody, InterviewList, InterviewSaved, FeedbackBody } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';

/** The reply's interviews, the vacancy's criteria and its team (GET …/reply/{r_id}/interviews). */
export const interviewsKey = (vacancyId: number, replyId: number) => ['vacancy', 'interviews', vacancyId, replyId] as const;
const criteriaKey = (vacancyId: number) => ['vacancy', 'criteria', vacancyId] as const;

const base = (vacancyId: number, replyId: number) => `/api/vacancy/${vacancyId}/reply/${replyId}/interviews`;

export function useInterviews(vacancyId: number, replyId: number) {
  return useQuery({
    queryKey: interviewsKey(vacancyId, replyId),
    queryFn: () => apiGet<InterviewList>(base(vacancyId, replyId)),
    staleTime: 15_000,
  });
}

async function send<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  await fetchCsrfCookie();
  return apiSend<T>(method, url, body);
}

/** Scheduling, changing and cancelling: each refreshes the list, the reply and its history (the letter is a message there). */
export function useInterviewActions(vacancyId: number, replyId: number) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: interviewsKey(vacancyId, replyId) }),
      client.invalidateQueries({ queryKey: ['vacancy', 'reply', vacancyId, replyId] }),
      client.invalidateQueries({ queryKey: ['vacancy', 'pipeline', vacancyId, 'history', replyId] }),
    ]);
  const schedule = useMutation({
    mutationFn: (body: InterviewBody) => send<InterviewSaved>('POST', base(vacancyId, replyId), body),
    onSuccess: refresh,
  });
  const change = useMutation({
    mutationFn: ({ id, body }: { id: number; body: InterviewBody }) =>
      send<InterviewSaved>('PUT', `${base(vacancyId, replyId)}/${id}`, body),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: number) => send<InterviewSaved>('DELETE', `${base(vacancyId, replyId)}/${id}`),
    onSuccess: refresh,
  });
  const feedback = useMutation({
    mutationFn: ({ id, body }: { id: number; body: FeedbackBody }) =>
      send<Interview>('POST', `${base(vacancyId, replyId)}/${id}/feedback`, body),
    onSuccess: refresh,
  });
  return { schedule, change, cancel, feedback };
}

/** PUT /api/vacancy/{id}/criteria: every reply's interviews of the vacancy show the new list. */
export function useSaveCriteria(vacancyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (criteria: string[]) => send<{ criteria: string[] }>('PUT', `/api/vacancy/${vacancyId}/criteria`, { criteria }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['vacancy', 'interviews', vacancyId] }),
        client.invalidateQueries({ queryKey: criteriaKey(vacancyId) }),
      ]),
  });
}
