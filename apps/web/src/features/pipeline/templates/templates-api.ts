import type { MessageTemplate, Reason, ReasonList, TemplateBody, TemplateList, TemplatePreview } from '@hr/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend, fetchCsrfCookie, postWithCsrf } from '@/shared/api/api-client.ts';

export type { MessageTemplate, Reason };

/** Query keys: any change to a template invalidates `templateKeys.all`. */
export const templateKeys = {
  all: ['pipeline', 'templates'] as const,
  list: ['pipeline', 'templates', 'list'] as const,
  preview: (templateId: number, vacancyId: number, replyId?: number) =>
    ['pipeline', 'templates', 'preview', templateId, vacancyId, replyId ?? 0] as const,
  reasons: ['pipeline', 'reasons'] as const,
};

/** GET /api/templates — the club's defaults, the member's own and the team's shared ones, in that order. */
export function useTemplates(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: templateKeys.list,
    queryFn: async () => (await apiGet<TemplateList>('/api/templates')).items,
    enabled: options.enabled ?? true,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: templateKeys.all });
}

/** POST /api/templates, or PUT /api/templates/{id} when `id` is given. */
export function useSaveTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: TemplateBody }) => {
      if (id == null) return (await postWithCsrf<MessageTemplate>('/api/templates', body)).res;
      await fetchCsrfCookie();
      return (await apiSend<MessageTemplate>('PUT', `/api/templates/${id}`, body)).res;
    },
    onSuccess: refresh,
  });
}

/** DELETE /api/templates/{id} */
export function useDeleteTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => {
      await fetchCsrfCookie();
      await apiSend('DELETE', `/api/templates/${id}`);
    },
    onSuccess: refresh,
  });
}

/**
 * POST /api/templates/preview — the letter one reply would get (filled as it will go), or, without
 * a reply (a bulk action), the template itself.
 */
export function useTemplatePreview(templateId: number | null, vacancyId: number, replyId?: number) {
  return useQuery({
    queryKey: templateKeys.preview(templateId ?? 0, vacancyId, replyId),
    queryFn: async () =>
      (await postWithCsrf<TemplatePreview>('/api/templates/preview', { template_id: templateId, vacancy_id: vacancyId, reply_id: replyId }))
        .res,
    enabled: templateId != null,
    staleTime: 60_000,
  });
}

/** GET /api/vacancy/reasons — the defaults and the team's own. */
export function useReasons(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: templateKeys.reasons,
    queryFn: async () => (await apiGet<ReasonList>('/api/vacancy/reasons')).items,
    enabled: options.enabled ?? true,
    staleTime: 60_000,
  });
}

/** POST /api/vacancy/reasons {title} — a reason of the team. */
export function useAddReason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) => (await postWithCsrf<Reason>('/api/vacancy/reasons', { title })).res,
    onSuccess: (added) => {
      client.setQueryData<Reason[]>(templateKeys.reasons, (list) => (list ? [...list.filter((r) => r.id !== added.id), added] : [added]));
      void client.invalidateQueries({ queryKey: templateKeys.reasons });
    },
  });
}
