import {
  boardQuery,
  errorBody,
  PIPELINE_MSG,
  reason,
  reasonBody,
  reasonList,
  replyBoard,
  replyHistory,
  replyIdParams,
  stagesAnswer,
  stagesBody,
  success,
  VACANCY_MSG,
  vacancyIdParam,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { replyBoard as readBoard } from './board.service.ts';
import { replyTimelineFor } from './history.service.ts';
import { addReason, listReasons } from './reasons.service.ts';
import { readStages, saveStages } from './stages.service.ts';

const tags = ['pipeline'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };

/**
 * Stages, rejection reasons, the board and a reply's history (PRODUCT 11); registered under `/api`.
 * Every call is the vacancy team's: another team's vacancy or reply is 404, a visitor 401. The
 * moves themselves go through PATCH /api/vacancy/{id}/reply/{r_id} (vacancy.routes.ts).
 */
export function stagesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    // A static path: the router prefers it to `/vacancy/:id`, so «reasons» is never read as an id.
    app.get(
      '/vacancy/reasons',
      {
        schema: { tags, summary: 'Rejection reasons: the defaults and the team’s own', response: { 200: success(reasonList), ...errors } },
      },
      async (request) => ok({ items: await listReasons(ctx, currentUser(request).id) }),
    );

    app.post(
      '/vacancy/reasons',
      { schema: { tags, summary: 'Add a rejection reason of the team', body: reasonBody, response: { 200: success(reason), ...errors } } },
      async (request) => ok(await addReason(ctx, currentUser(request).id, request.body.title)),
    );

    app.get(
      '/vacancy/:id/stages',
      {
        schema: {
          tags,
          summary: 'The vacancy’s stages with their counts',
          params: vacancyIdParam,
          response: { 200: success(stagesAnswer), ...errors },
        },
      },
      async (request) => ok(await readStages(ctx, currentUser(request).id, request.params.id)),
    );

    app.put(
      '/vacancy/:id/stages',
      {
        schema: {
          tags,
          summary: 'Save the whole ordered list of stages (kept ids, new ones without, the rest deleted)',
          params: vacancyIdParam,
          body: stagesBody,
          response: { 200: success(stagesAnswer), ...errors },
        },
      },
      async (request) => ok(await saveStages(ctx, currentUser(request).id, request.params.id, request.body), PIPELINE_MSG.stagesSaved),
    );

    app.get(
      '/vacancy/:id/board',
      {
        schema: {
          tags,
          summary: 'The board: every stage with its count and first cards (newest reply first)',
          params: vacancyIdParam,
          querystring: boardQuery,
          response: { 200: success(replyBoard), ...errors },
        },
      },
      async (request) => ok(await readBoard(ctx, currentUser(request), request.params.id, request.query.per_stage)),
    );

    app.get(
      '/vacancy/:id/reply/:r_id/history',
      {
        schema: {
          tags,
          summary: 'Every move and message of a reply',
          params: replyIdParams,
          response: { 200: success(replyHistory), ...errors },
        },
      },
      async (request) => {
        const { id, r_id } = request.params;
        const [reply] = await ctx.database.rows<{ id: number }>(
          sql`select r.id from vacancy_replies r join vacancies v on v.id = r.vacancy_id
              where r.id = ${r_id} and r.vacancy_id = ${id} and v.owner_id in ${teamOf(currentUser(request).id)}`,
        );
        if (!reply) throw new AppError('not_found', VACANCY_MSG.replyNotFound);
        return ok({ items: await replyTimelineFor(ctx, currentUser(request), r_id) });
      },
    );
  };
}
