import {
  errorBody,
  opinion,
  opinionCreateBody,
  opinionListQuery,
  opinionUpdateBody,
  paginated,
  REVIEW_MSG,
  reviewIdParam,
  reviewRequestCreateBody,
  reviewRequestDeclineBody,
  reviewRequestItem,
  reviewRequestListQuery,
  reviewRequestPublic,
  reviewRequestSendBody,
  success,
} from '@hr/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { consumeLimit } from '../../lib/rate-limits.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { answerRequest, createRequest, declineRequest, getPublicRequest, listRequests, resendRequest } from './review.requests.ts';
import { createOpinion, deleteOpinion, getOwnOpinion, listOpinions, updateOpinion } from './review.service.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['review'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody, 429: errorBody };

/** Opinions about candidates and reference requests (PRODUCT 6); see README.md in this folder. */
export function reviewRoutes(ctx: AppContext): FastifyPluginAsync {
  // The public pages are answered per IP at a human pace (lib/rate-limits.ts); ids are unguessable anyway.
  const publicPace = async (request: FastifyRequest) => {
    await consumeLimit(ctx, 'reviewPublic', request.ip);
  };

  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/',
      { preValidation: requireUser, schema: { tags, querystring: opinionListQuery, response: { 200: success(paginated(opinion)), ...errors } } },
      async (request) => ok(await listOpinions(ctx, currentUser(request), request.query)),
    );

    app.post(
      '/',
      { preValidation: requireUser, schema: { tags, body: opinionCreateBody, response: { 200: success(opinion), ...errors } } },
      async (request) => ok(await createOpinion(ctx, currentUser(request), request.body), REVIEW_MSG.saved),
    );

    // ─── requests (before /:id so the static path wins plainly) ───
    app.get(
      '/request',
      { preValidation: requireUser, schema: { tags, querystring: reviewRequestListQuery, response: { 200: success(paginated(reviewRequestItem)), ...errors } } },
      async (request) => ok(await listRequests(ctx, currentUser(request), request.query.page, request.query.per_page)),
    );

    app.post(
      '/request',
      { preValidation: requireUser, schema: { tags, body: reviewRequestCreateBody, response: { 200: success(reviewRequestItem), ...errors } } },
      async (request) => ok(await createRequest(ctx, currentUser(request), request.body, request.ip), REVIEW_MSG.requestSent),
    );

    app.get(
      '/request/:id',
      { preHandler: publicPace, schema: { tags, params: reviewIdParam, response: { 200: success(reviewRequestPublic), ...errors } } },
      async (request) => ok(await getPublicRequest(ctx, request.params.id)),
    );

    app.post(
      '/request/:id/send',
      {
        preHandler: publicPace,
        schema: { tags, params: reviewIdParam, body: reviewRequestSendBody, response: { 200: success(reviewRequestPublic), ...errors } },
      },
      async (request) => ok(await answerRequest(ctx, request.params.id, request.body, request.ip, request.user), REVIEW_MSG.thanks),
    );

    app.post(
      '/request/:id/decline',
      {
        preHandler: publicPace,
        schema: { tags, params: reviewIdParam, body: reviewRequestDeclineBody, response: { 200: success(reviewRequestPublic), ...errors } },
      },
      async (request) => ok(await declineRequest(ctx, request.params.id, request.body.reason, request.ip, request.user), REVIEW_MSG.declinedDone),
    );

    app.post(
      '/request/:id/resend',
      { preValidation: requireUser, schema: { tags, params: reviewIdParam, response: { 200: success(reviewRequestItem), ...errors } } },
      async (request) => ok(await resendRequest(ctx, currentUser(request), request.params.id), REVIEW_MSG.resent),
    );

    // ─── one opinion: its author only ───
    app.get(
      '/:id',
      { preValidation: requireUser, schema: { tags, params: reviewIdParam, response: { 200: success(opinion), ...errors } } },
      async (request) => ok(await getOwnOpinion(ctx, currentUser(request), request.params.id)),
    );

    app.put(
      '/:id',
      { preValidation: requireUser, schema: { tags, params: reviewIdParam, body: opinionUpdateBody, response: { 200: success(opinion), ...errors } } },
      async (request) => ok(await updateOpinion(ctx, currentUser(request), request.params.id, request.body), REVIEW_MSG.saved),
    );

    app.delete(
      '/:id',
      { preValidation: requireUser, schema: { tags, params: reviewIdParam, response: { 200: success(z.null()), ...errors } } },
      async (request) => {
        await deleteOpinion(ctx, currentUser(request), request.params.id);
        return ok(null, REVIEW_MSG.deleted);
      },
    );
  };
}
