import { accessFlagName, accessMap, confirmBody, contactQuota, errorBody, mainInfo, passwordChangeBody, person, profile, profileUpdateBody, rowId, success, emptyAnswer } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { changePassword, confirmProfile, getPerson, getProfile, postponeProfileConfirmation, updateProfile } from './profile.service.ts';
import { contactQuotaOf } from './contact-quota.ts';
import { isTelegramConfigured } from '../telegram/telegram.service.ts';
import { accessMapOf } from './user.policy.ts';
import { mainInfoOf } from './user.presenter.ts';
import { sha256 } from '../../lib/crypto.ts';
import { ok } from '../../lib/envelope.ts';
import { channelTokenAnswer, userChannel } from '@hr/contract/realtime';

const tags = ['user'];

export function userRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get('/access', { schema: { tags, response: { 200: success(accessMap), 401: errorBody } } }, async (request) => ok(accessMapOf(currentUser(request))));

    app.get(
      '/access/:flag/get',
      { schema: { tags, params: z.object({ flag: accessFlagName }), response: { 200: success(z.boolean()), 401: errorBody, 422: errorBody } } },
      async (request) => ok(accessMapOf(currentUser(request))[request.params.flag]),
    );

    app.get('/main_info', { schema: { tags, response: { 200: success(mainInfo), 401: errorBody } } }, async (request) =>
      ok(mainInfoOf(currentUser(request), isTelegramConfigured(ctx))),
    );

    // «осталось N из M сегодня» beside a candidate's contacts.
    app.get('/contact_quota', { schema: { tags, response: { 200: success(contactQuota), 401: errorBody } } }, async (request) =>
      ok(await contactQuotaOf(ctx, currentUser(request))));

    const errors = { 401: errorBody, 419: errorBody, 422: errorBody, 429: errorBody };

    app.get('/profile', { schema: { tags, response: { 200: success(profile), 401: errorBody } } }, async (request) => ok(await getProfile(ctx, currentUser(request))));

    app.post('/profile', { schema: { tags, body: profileUpdateBody, response: { 200: success(profile), ...errors } } }, async (request) => {
      const user = currentUser(request);
      const updated = await updateProfile(ctx, user, request.body);
      return ok(await getProfile(ctx, { ...updated, leadFlags: user.leadFlags }), 'Профиль сохранён');
    });

    app.post('/password', { schema: { tags, body: passwordChangeBody, response: { 200: success(emptyAnswer), ...errors } } }, async (request) => {
      await changePassword(ctx, currentUser(request), request.sid as string, request.body.current_password, request.body.password);
      return ok({}, 'Пароль изменён');
    });

    app.post('/confirm', { schema: { tags, body: confirmBody, response: { 200: success(emptyAnswer), ...errors } } }, async (request) => {
      await confirmProfile(ctx, currentUser(request), request.body);
      return ok({}, 'Спасибо! Данные профиля подтверждены');
    });

    // The confirmation popup closed with «Позже» or the cross: not asked again at every sign-in.
    app.post('/confirm/later', { schema: { tags, response: { 200: success(emptyAnswer), ...errors } } }, async (request) => {
      await postponeProfileConfirmation(ctx, currentUser(request));
      return ok({});
    });

    // A member's card for the others (the team invite popup links here).
    app.get(
      '/person/:id',
      { schema: { tags, params: z.object({ id: rowId() }), response: { 200: success(person), 401: errorBody, 404: errorBody } } },
      async (request) => ok(await getPerson(ctx, request.params.id)),
    );

    // A short-lived token for the private real-time channel user.{id} (SEED 7).
    app.post('/csrf-token', { schema: { tags, response: { 200: success(channelTokenAnswer), 401: errorBody, 419: errorBody } } }, async (request) => {
      const user = currentUser(request);
      return ok({ token: ctx.realtime.channelToken(user.id, sha256(request.sid as string)), channel: userChannel(user.id) });
    });
  };
}
