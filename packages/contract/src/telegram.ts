import { z } from 'zod';

/**
 * `GET /api/user/telegram`: the member's binding to the club's Telegram bot. `telegram_auth_url`
 * is a deep link while not bound, '' once bound, null when the bot is not configured.
 */
export const telegramState = z.object({
  configured: z.boolean(),
  bound: z.boolean(),
  bot_name: z.string().nullable(),
  telegram_auth_url: z.string().nullable(),
});
export type TelegramState = z.infer<typeof telegramState>;

/**
 * `GET /api/telegram/config`, public: whether the club's bot is set up here. A visitor's login and
 * registration popups mention Telegram only then (a member reads main_info.telegram_enabled).
 */
export const telegramConfig = z.object({ telegram_enabled: z.boolean() });
export type TelegramConfig = z.infer<typeof telegramConfig>;

/** `POST /api/user/telegram/unbind`: the state after, and whether a chat was bound. */
export const telegramUnbindAnswer = telegramState.extend({ was_bound: z.boolean() });
export type TelegramUnbindAnswer = z.infer<typeof telegramUnbindAnswer>;

/** The `telegram.bound` push on the member's channel (realtime.ts). */
export const telegramBoundEvent = z.object({ bound: z.boolean() });

export const TELEGRAM_MSG = {
  notConfigured: 'Telegram-бот не настроен',
  badSecret: 'Неверный секретный токен Telegram',
} as const;
