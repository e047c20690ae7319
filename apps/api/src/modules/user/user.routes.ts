import { accessFlagName, accessMap, errorBody, mainInfo, success } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { accessMapOf, mainInfoOf } from './user.policy.ts';

const tags = ['user'];

export function userRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get('/access', { schema: { tags, response: { 200: success(accessMap), 401: errorBody } } }, async (request) => ({
      status: 'success' as const,
      res: accessMapOf(currentUser(request)),
    }));

    app.get(
      '/access/:flag/get',
      { schema: { tags, params: z.object({ flag: accessFlagName }), response: { 200: success(z.boolean()), 401: errorBody, 422: errorBody } } },
      async (request) => ({ status: 'success' as const, res: accessMapOf(currentUser(request))[request.params.flag] }),
    );

    app.get('/main_info', { schema: { tags, response: { 200: success(mainInfo), 401: errorBody } } }, async (request) => ({
      status: 'success' as const,
      res: mainInfoOf(currentUser(request)),
    }));
  };
}
