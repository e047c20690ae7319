import {
  criteriaAnswer,
  criteriaBody,
  errorBody,
  feedbackBody,
  INTERVIEW_MSG,
  interview,
  interviewBody,
  interviewIdParams,
  interviewList,
  interviewSaved,
  replyIdParams,
  success,
  vacancyIdParam,
} from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import {
  cancelInterview,
  changeInterview,
  leaveFeedback,
  listInterviews,
  scheduleInterview,
  setVacancyCriteria,
  vacancyCriteria,
} from './interviews.service.ts';

const tags = ['pipeline'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };
const base = '/vacancy/:id/reply/:r_id/interviews';

/** Interviews of a reply and their feedback, and the vacancy's criteria (PRODUCT 11); registered under `/api`. */
export function interviewsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const member = { preHandler: requireUser };

    app.get(base, { ...member, schema: { tags, params: replyIdParams, response: { 200: success(interviewList), ...errors } } }, async (request) => {
      const { id, r_id } = request.params;
      return ok(await listInterviews(ctx, currentUser(request).id, id, r_id));
    });

    app.post(
      base,
      { ...member, schema: { tags, params: replyIdParams, body: interviewBody, response: { 200: success(interviewSaved), ...errors } } },
      async (request) => {
        const { id, r_id } = request.params;
        const saved = await scheduleInterview(ctx, currentUser(request).id, id, r_id, request.body);
        return ok(saved, saved.candidate_note ? `${INTERVIEW_MSG.scheduled}. ${saved.candidate_note}` : INTERVIEW_MSG.scheduled);
      },
    );

    app.put(
      `${base}/:i_id`,
      { ...member, schema: { tags, params: interviewIdParams, body: interviewBody, response: { 200: success(interviewSaved), ...errors } } },
      async (request) => {
        const { id, r_id, i_id } = request.params;
        const saved = await changeInterview(ctx, currentUser(request).id, id, r_id, i_id, request.body);
        return ok(saved, saved.candidate_note ? `${INTERVIEW_MSG.rescheduled}. ${saved.candidate_note}` : INTERVIEW_MSG.rescheduled);
      },
    );

    app.delete(
      `${base}/:i_id`,
      { ...member, schema: { tags, params: interviewIdParams, response: { 200: success(interviewSaved), ...errors } } },
      async (request) => {
        const { id, r_id, i_id } = request.params;
        const saved = await cancelInterview(ctx, currentUser(request).id, id, r_id, i_id);
        return ok(saved, saved.candidate_note ? `${INTERVIEW_MSG.cancelled}. ${saved.candidate_note}` : INTERVIEW_MSG.cancelled);
      },
    );

    app.post(
      `${base}/:i_id/feedback`,
      { ...member, schema: { tags, params: interviewIdParams, body: feedbackBody, response: { 200: success(interview), ...errors } } },
      async (request) => {
        const { id, r_id, i_id } = request.params;
        return ok(await leaveFeedback(ctx, currentUser(request).id, id, r_id, i_id, request.body), INTERVIEW_MSG.feedbackSaved);
      },
    );

    app.get('/vacancy/:id/criteria', { ...member, schema: { tags, params: vacancyIdParam, response: { 200: success(criteriaAnswer), ...errors } } }, async (request) =>
      ok(await vacancyCriteria(ctx, currentUser(request).id, request.params.id)),
    );

    app.put(
      '/vacancy/:id/criteria',
      { ...member, schema: { tags, params: vacancyIdParam, body: criteriaBody, response: { 200: success(criteriaAnswer), ...errors } } },
      async (request) => ok(await setVacancyCriteria(ctx, currentUser(request).id, request.params.id, request.body), INTERVIEW_MSG.criteriaSaved),
    );
  };
}
