import { Api } from 'grammy';
import type { AppContext } from '../../context.ts';

/** Client options shared by the bot and the sender: TELEGRAM_API_ROOT (a local Bot API or the tests' fake). */
export function telegramClientOptions(ctx: Pick<AppContext, 'config'>) {
  const apiRoot = ctx.config.telegram.apiRoot?.replace(/\/+$/, '') || undefined;
  // grammY waits 500 s by default; a job must give up well inside its 2-minute lease.
  return { apiRoot, timeoutSeconds: 30 };
}

const apis = new WeakMap<object, Api>();

/** The Bot API client for sending (jobs, setWebhook); null without TELEGRAM_BOT_TOKEN. */
export function telegramApi(ctx: Pick<AppContext, 'config'>): Api | null {
  const { token } = ctx.config.telegram;
  if (!token) return null;
  let api = apis.get(ctx.config);
  if (!api) {
    api = new Api(token, telegramClientOptions(ctx));
    apis.set(ctx.config, api);
  }
  return api;
}
