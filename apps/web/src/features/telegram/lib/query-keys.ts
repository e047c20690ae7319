import { telegramQueryKey } from '../api/get-telegram-state.ts';

/** Query keys of the Telegram binding: binding, unbinding or a setting invalidates `telegramKeys.all`. */
export const telegramKeys = {
  all: ['telegram'] as const,
  state: telegramQueryKey,
};
