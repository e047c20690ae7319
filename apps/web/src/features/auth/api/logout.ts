import type { EmptyAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /logout */
export function logout() {
  return postWithCsrf<EmptyAnswer>('/logout');
}
