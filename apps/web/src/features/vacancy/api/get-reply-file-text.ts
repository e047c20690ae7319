import type { ReplyFileText } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client.ts';
import { vacancyKeys } from './keys.ts';

/** GET /api/vacancy/{id}/reply/{r_id}/file/text — a DOCX's or RTF's text, read on the server. */
export function useReplyFileText(id: number, replyId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...vacancyKeys.reply(id, replyId), 'text'],
    queryFn: () => apiGet<ReplyFileText>(`/api/vacancy/${id}/reply/${replyId}/file/text`),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The PDF for the page's frame: served inline, to the vacancy's team only. */
export const replyFileInlineUrl = (id: number, replyId: number) => `/api/vacancy/${id}/reply/${replyId}/file/inline`;
