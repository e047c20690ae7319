import type { EmptyAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/auth/code {code: number} — success signs the user in; else 422 errors.code. */
export function confirmLoginCode(code: number) {
  return postWithCsrf<EmptyAnswer>('/api/auth/code', { code });
}
