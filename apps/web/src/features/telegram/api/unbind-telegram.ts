import type { TelegramUnbindAnswer } from '@hr/contract';
import { postWithCsrf } from '@/shared/api/api-client.ts';

/** POST /api/user/telegram/unbind */
export function unbindTelegram() {
  return postWithCsrf<TelegramUnbindAnswer>('/api/user/telegram/unbind');
}
