import { errorBody, paginated, success } from '@hr/contract';
import { notificationItem } from '@hr/contract/notify';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
          // `t` is the client's cache-buster timestamp (SEED 7); accepted and ignored.
          querystring: z.object({
            page: z.coerce.number().int().min(1, { error: 'Номер страницы начинается с 1' }).default(1),
            t: z.string().optional(),
          }),
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
          body: z.object({ ids: z.array(z.coerce.number().int().positive()).max(500).optional() }).nullish(),
          response: { 200: success(z.object({ marked: z.number() })), ...errors },
        },
      },
      async (request) => ok({ marked: await markRead(ctx, currentUser(request).id, request.body?.ids) }),
    );

    app.get('/message/unread_count', { schema: { tags, response: { 200: success(z.number()), ...errors } } }, async (request) => ok(await unreadCount(ctx, currentUser(request).id)));
  };
}
