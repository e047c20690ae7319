import type { TelegramState } from '@hr/contract';
import type { AppContext } from '../../context.ts';
import { isTelegramConfigured, telegramAuthUrl } from './telegram.service.ts';

/** `GET /api/user/telegram`: whether the bot is configured and the member's binding (a deep link while not bound). */
export async function stateOf(ctx: AppContext, user: { id: number; telegramChatId: string | null }): Promise<TelegramState> {
  return {
    configured: isTelegramConfigured(ctx),
    bound: Boolean(user.telegramChatId),
    bot_name: ctx.config.telegram.botName ?? null,
    telegram_auth_url: await telegramAuthUrl(ctx, user),
  };
}
