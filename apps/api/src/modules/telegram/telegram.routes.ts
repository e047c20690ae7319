import { errorBody, success, TELEGRAM_MSG, telegramConfig, telegramState, telegramUnbindAnswer } from '@hr/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { ensureBotReady, telegramBot } from './telegram.bot.ts';
import { stateOf } from './telegram.presenter.ts';
import { isTelegramConfigured, registerTelegramWebhook, unbind, webhookSecret } from './telegram.service.ts';
import { ok } from '../../lib/envelope.ts';

const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

const tags = ['telegram'];

/**
 * The bot's webhook and the user's binding calls. Registered without a prefix (full paths below).
 * Also registers, once the server is ready, `setWebhook` (the `telegram.message` job is in src/jobs/registry.ts).
 */
export function telegramRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    /** Only Telegram knows the secret; without a token there is no bot to talk to. */
    const checkSecret = async (request: FastifyRequest) => {
      const secret = webhookSecret(ctx);
      if (!secret) throw new AppError('refused', TELEGRAM_MSG.notConfigured, { status: 503 });
      const sent = request.headers[SECRET_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, secret)) throw new AppError('unauthenticated', TELEGRAM_MSG.badSecret);
    };

    app.post(
      '/api/telegram/webhook',
      {
        config: { csrf: false },
        onRequest: checkSecret,
        schema: {
          // Telegram's call, not the client API: kept out of the OpenAPI document (whose POST routes
          // the CSRF test walks; this one is authenticated by the secret header instead).
          hide: true,
          tags,
          summary: 'Updates from Telegram (setWebhook with secret_token)',
          body: z.looseObject({ update_id: z.number().int() }),
          response: { 200: z.object({ ok: z.boolean() }), 401: errorBody, 422: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        const bot = telegramBot(ctx);
        if (!bot) throw new AppError('refused', TELEGRAM_MSG.notConfigured, { status: 503 });
        await ensureBotReady(bot);
        // A failure here (the database) answers 500, and Telegram delivers the update again.
        await bot.handleUpdate(request.body as unknown as Update);
        return { ok: true };
      },
    );

    // Public: a visitor's popups say nothing of Telegram where no bot is set up.
    app.get('/api/telegram/config', { schema: { tags, response: { 200: success(telegramConfig) } } }, async () =>
      ok({ telegram_enabled: isTelegramConfigured(ctx) }),
    );

    app.get(
      '/api/user/telegram',
      { preHandler: requireUser, schema: { tags, response: { 200: success(telegramState), 401: errorBody } } },
      async (request) => ok(await stateOf(ctx, currentUser(request))),
    );

    app.post(
      '/api/user/telegram/unbind',
      {
        preHandler: requireUser,
        schema: { tags, response: { 200: success(telegramUnbindAnswer), 401: errorBody, 419: errorBody } },
      },
      async (request) => {
        const user = currentUser(request);
        const wasBound = await unbind(ctx, user.id);
        return ok({ ...(await stateOf(ctx, { ...user, telegramChatId: null })), was_bound: wasBound });
      },
    );

    app.addHook('onReady', async () => {
      // The tests' fake Bot API has a root; never reach the real Telegram from a test run.
      if (ctx.config.isTest && !ctx.config.telegram.apiRoot) return;
      registerTelegramWebhook(ctx).catch((err) => ctx.log.error({ err }, 'telegram setWebhook failed'));
    });
  };
}
