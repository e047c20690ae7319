import type { EmptyAnswer } from '@hr/contract';
import { apiPost, pageCsrfToken } from '@/shared/api/api-client.ts';

/** SEED 2 route guard: POST /api/auth/check {_token}; only a 200 means «signed in». */
export async function checkAuth(): Promise<boolean> {
  try {
    await apiPost<EmptyAnswer>('/api/auth/check', { _token: pageCsrfToken() });
    return true;
  } catch {
    return false;
  }
}
