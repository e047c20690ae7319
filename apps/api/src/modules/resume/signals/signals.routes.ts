import { errorBody, historyItem, historyQuery, paginated, resumeHashParam, resumeSignals, success } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { ok } from '../../../lib/envelope.ts';
import { currentUser, requireUser } from '../../../plugins/session.ts';
import { historyOf } from './history.service.ts';
import { resumeSignals as signalsOf } from './signals.service.ts';

const tags = ['resume'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody, 429: errorBody };

/**
 * «Уже в работе у коллег» and the member's history (PRODUCT 10), under /api/resume. `/history` is a
 * static path, so the router takes it before the resume page's `/:hash`.
 */
export function signalsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/history',
      { preHandler: requireUser, schema: { tags, querystring: historyQuery, response: { 200: success(paginated(historyItem)), ...errors } } },
      async (request) => ok(await historyOf(ctx, currentUser(request), request.query)),
    );

    app.get(
      '/:hash/signals',
      { preHandler: requireUser, schema: { tags, params: resumeHashParam, response: { 200: success(resumeSignals), ...errors } } },
      async (request) => ok(await signalsOf(ctx, currentUser(request), request.params.hash)),
    );
  };
}
