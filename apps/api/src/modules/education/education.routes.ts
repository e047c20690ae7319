import {
  EDUCATION_MSG,
  educationConfirmAnswer,
  educationIdOf,
  educationIdParam,
  educationMessage,
  educationRemindAnswer,
  errorBody,
  success,
} from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { confirmEducationMessage, getEducationMessage, pendingEducationMessage, remindEducationLater } from './education.service.ts';

const tags = ['education'];
const errors = { 401: errorBody, 404: errorBody, 419: errorBody };
const params = educationIdParam;

/** A non-numeric or out-of-range id is simply an unknown announcement. */
function messageId(raw: string): number {
  const id = educationIdOf(raw);
  if (id === null) throw new AppError('not_found', EDUCATION_MSG.notFound);
  return id;
}

/**
 * Education announcements (SEED 2.10), under `/api/user/education`. Every member reads any
 * announcement and answers it for themselves only (the service writes the caller's own state),
 * so there is no per-object check beyond signing in.
 */
export function educationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get('/pending', { schema: { tags, response: { 200: success(educationMessage.nullable()), ...errors } } }, async (request) =>
      ok(await pendingEducationMessage(ctx, currentUser(request))),
    );

    app.get('/message/:id', { schema: { tags, params, response: { 200: success(educationMessage), ...errors } } }, async (request) =>
      ok(await getEducationMessage(ctx, messageId(request.params.id))),
    );

    app.post('/message/:id', { schema: { tags, params, response: { 200: success(educationConfirmAnswer), ...errors } } }, async (request) =>
      ok(await confirmEducationMessage(ctx, messageId(request.params.id), currentUser(request).id)),
    );

    app.post(
      '/message/:id/remind',
      { schema: { tags, params, response: { 200: success(educationRemindAnswer), ...errors } } },
      async (request) => ok(await remindEducationLater(ctx, messageId(request.params.id), currentUser(request).id)),
    );
  };
}
