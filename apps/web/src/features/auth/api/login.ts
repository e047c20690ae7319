import type { EmptyAnswer, LoginBody } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /login {email, password, remember}; 422 errors.email on wrong credentials, 429 when rate-limited. */
export function login(body: LoginBody) {
  return postWithCsrf<EmptyAnswer>('/login', body);
}
