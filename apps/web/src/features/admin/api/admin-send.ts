import { type ApiAnswer, apiSend, fetchCsrfCookie } from '@/shared/api/api-client.ts';

/** A back-office write: the CSRF cookie first, then the call (SEED 7), answering `res` and the message. */
export async function adminSend<T>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<ApiAnswer<T>> {
  await fetchCsrfCookie();
  return apiSend<T>(method, url, body);
}
