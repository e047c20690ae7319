import type { RegisterAnswer, RegisterBody } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** `user` is present when user_token pointed at an existing account (masked e-mail and phone). */
export type { RegisterAnswer };

/** POST /register — the account is created and signed in, or an existing one is found by the token. */
export function register(body: RegisterBody) {
  return postWithCsrf<RegisterAnswer>('/register', body);
}
