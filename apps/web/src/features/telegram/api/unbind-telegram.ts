import { postWithCsrf } from '@/shared/api/api-client.ts';
import type { TelegramState } from './get-telegram-state.ts';

/** POST /api/user/telegram/unbind */
export function unbindTelegram() {
  return postWithCsrf<TelegramState & { was_bound: boolean }>('/api/user/telegram/unbind');
}
