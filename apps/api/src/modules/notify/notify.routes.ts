import { errorBody, pageOnlyQuery, paginated, success } from '@hr/contract';
import { markReadAnswer, markReadBody, notificationItem, unreadCountAnswer } from '@hr/contract/notify';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { listNotifications, markRead, unreadCount } from './notify.service.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['notify'];
const errors = { 401: errorBody, 419: errorBody, 422: errorBody };
const item = notificationItem;

export function notifyRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get(
      '/message',
      {
        schema: {
          tags,
          querystring: pageOnlyQuery,
          response: { 200: success(paginated(item)), ...errors },
        },
      },
      async (request) => ok(await listNotifications(ctx, currentUser(request).id, request.query.page)),
    );

    app.post(
      '/message/read',
      {
        schema: {
          tags,
          body: markReadBody,
          response: { 200: success(markReadAnswer), ...errors },
        },
      },
      async (request) => ok({ marked: await markRead(ctx, currentUser(request).id, request.body?.ids) }),
    );

    app.get('/message/unread_count', { schema: { tags, response: { 200: success(unreadCountAnswer), ...errors } } }, async (request) => ok(await unreadCount(ctx, currentUser(request).id)));
  };
}
