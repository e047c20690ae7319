import type { ReplyBody } from '@hr/contract';
import { fetchCsrfCookie, readCookie } from '@/shared/api/api-client.ts';
import { ApiError, type ErrorPayload, NetworkError } from '@/shared/api/api-error.ts';

/** The reply form's values: the contract's replyBody fields, all filled in (empty strings), `consent` a box. */
export type ReplyFields = { [K in keyof ReplyBody]-?: K extends 'consent' ? boolean : string };

/**
 * POST /api/vacancy/{id}/reply as multipart/form-data (the only call with a file), with the CSRF
 * cookie flow of every form. Answers the server's message («Отклик отправлен…»).
 */
export async function sendReply(vacancyId: number, fields: ReplyFields, file: File | null): Promise<{ message?: string }> {
  await fetchCsrfCookie();
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'boolean') form.append(key, value ? 'true' : 'false');
    else if (value.trim() !== '' || key === 'website') form.append(key, value);
  }
  if (file) form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  let response: Response;
  try {
    response = await fetch(`/api/vacancy/${vacancyId}/reply`, {
      method: 'POST',
      body: form,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  const data = (await response.json().catch(() => null)) as (ErrorPayload & { res?: unknown }) | null;
  if (!response.ok || data?.status !== 'success') throw new ApiError(response.status, data ?? {});
  return { message: data.message };
}
