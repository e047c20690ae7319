import { errorBody, MERGE_MSG, mergeAnswer, mergeBody, mergePreview, mergePreviewQuery, replyDuplicates, replyIdParams, success } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { replyDuplicates as readDuplicates } from './duplicates.service.ts';
import { mergePreview as readPreview, mergeResumes } from './merge.service.ts';

const tags = ['pipeline'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };

/**
 * Duplicates of a team's replies and their merge (PRODUCT 11); registered under `/api`. Another
 * team's reply or resume, or a club resume, is not found (404); a visitor is 401.
 */
export function duplicatesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const member = { preHandler: requireUser };

    app.get(
      '/vacancy/:id/reply/:r_id/duplicates',
      {
        ...member,
        schema: {
          tags,
          summary: 'A reply’s possible duplicates (the team’s other replies, and club resumes the team opened or invited, by e-mail or phone), its merges and the candidate’s other replies',
          params: replyIdParams,
          response: { 200: success(replyDuplicates), ...errors },
        },
      },
      async (request) => ok(await readDuplicates(ctx, currentUser(request), request.params.id, request.params.r_id)),
    );

    app.get(
      '/resume/merge/preview',
      { ...member, schema: { tags, summary: 'Two team replies’ resumes side by side before a merge', querystring: mergePreviewQuery, response: { 200: success(mergePreview), ...errors } } },
      async (request) => ok(await readPreview(ctx, currentUser(request), request.query.keep, request.query.merge)),
    );

    app.post(
      '/resume/merge',
      { ...member, schema: { tags, summary: 'Merge two team replies’ resumes into one (fields chosen, histories kept, logged)', body: mergeBody, response: { 200: success(mergeAnswer), ...errors } } },
      async (request) => ok(await mergeResumes(ctx, currentUser(request), request.body, request.ip), MERGE_MSG.merged),
    );
  };
}
