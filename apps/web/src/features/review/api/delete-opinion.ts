import { type ApiAnswer, apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';

/** DELETE /api/review/{id} — only its author (others 404). */
export async function deleteOpinion(id: number): Promise<ApiAnswer<null>> {
  await fetchCsrfCookie();
  return apiSend<null>('DELETE', `/api/review/${id}`);
}
