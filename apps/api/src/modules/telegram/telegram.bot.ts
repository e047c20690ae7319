import { Bot, type Context } from 'grammy';
import type { AppContext } from '../../context.ts';
import { telegramClientOptions } from './telegram.client.ts';
import { bindChat, forgetChat } from './telegram.service.ts';
import { TG_TEXT } from './telegram.texts.ts';
import { handleReplyButton } from '../vacancy/vacancy.telegram.ts';

const bots = new WeakMap<object, Bot>();

/** The grammY bot (webhook mode: updates come through `POST /api/telegram/webhook`); null without a token. */
export function telegramBot(ctx: AppContext): Bot | null {
  const { token } = ctx.config.telegram;
  if (!token) return null;
  let bot = bots.get(ctx.config);
  if (!bot) {
    bot = new Bot(token, { client: telegramClientOptions(ctx) });
    installHandlers(bot, ctx);
    bots.set(ctx.config, bot);
  }
  return bot;
}

/** getMe once (command matching needs the bot's username); bounded, so a webhook never hangs on it. */
export async function ensureBotReady(bot: Bot): Promise<void> {
  if (!bot.isInited()) await bot.init(AbortSignal.timeout(10_000) as Parameters<Bot['init']>[0]);
}

function installHandlers(bot: Bot, ctx: AppContext): void {
  const site = ctx.config.appUrl;

  /**
   * An answer that fails to leave must not fail the update: the binding is already committed, and
   * a 500 would make Telegram redeliver it.
   */
  const answer = async (c: Context, text: string) => {
    try {
      await c.reply(text, { link_preview_options: { is_disabled: true } });
    } catch (err) {
      ctx.log.warn({ err, chatId: c.chat?.id }, 'telegram answer failed');
    }
  };

  bot.command('start', async (c) => {
    if (c.chat.type !== 'private') return answer(c, TG_TEXT.privateOnly);
    const token = c.match.trim();
    if (!token) return answer(c, TG_TEXT.greeting(site));
    const result = await bindChat(ctx, token, String(c.chat.id));
    switch (result.kind) {
      case 'bound':
        return answer(c, TG_TEXT.bound(site));
      case 'already':
        return answer(c, TG_TEXT.alreadyBound(site));
      case 'used':
        return answer(c, TG_TEXT.used(site));
      case 'expired':
        return answer(c, TG_TEXT.expired(site));
      default:
        return answer(c, TG_TEXT.unknown(site));
    }
  });

  // The user blocked the bot: stop sending there (Telegram would answer 403 anyway).
  bot.on('my_chat_member', async (c) => {
    if (c.chat.type === 'private' && c.myChatMember.new_chat_member.status === 'kicked') await forgetChat(ctx, String(c.chat.id));
  });

  // One-tap buttons under notifications (the vacancy module checks who pressed them).
  bot.on('callback_query:data', async (c) => {
    if (!(await handleReplyButton(ctx, c))) await c.answerCallbackQuery().catch(() => {});
  });

  bot.on('message', async (c) => {
    if (c.chat.type === 'private') await answer(c, TG_TEXT.help(site));
  });
}
