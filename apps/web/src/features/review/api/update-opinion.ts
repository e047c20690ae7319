import type { Opinion, OpinionUpdateBody } from '@hr/contract';
import { type ApiAnswer, apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';

/** PUT /api/review/{id} — the whole opinion again; only its author (others 404). */
export async function updateOpinion(id: number, body: OpinionUpdateBody): Promise<ApiAnswer<Opinion>> {
  await fetchCsrfCookie();
  return apiSend<Opinion>('PUT', `/api/review/${id}`, body);
}
