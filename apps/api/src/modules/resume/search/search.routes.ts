import { errorBody, searchAnswer, searchQueryInput } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { closeRunner } from './search.db.ts';
import { searchResumes, searchTuning } from './search.service.ts';

const tags = ['resume'];

/**
 * `GET /api/resume/search` (PRODUCT 4), public: visitors get cards without names; registered under
 * the `/api/resume` prefix. Parameters as the page URL has them (`search_city[]=1069&…`).
 */
export function searchRoutes(ctx: AppContext): FastifyPluginAsync {
  const tuning = searchTuning(ctx);
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onClose', () => closeRunner(ctx.database));
    app.get(
      '/search',
      {
        schema: {
          tags,
          summary: 'Search the resume database',
          querystring: searchQueryInput,
          response: { 200: searchAnswer, 401: errorBody, 403: errorBody, 422: errorBody },
        },
      },
      async (request) => ({ status: 'success' as const, res: await searchResumes(ctx, request.query, request.user, tuning) }),
    );
  };
}
