import { errorBody, success } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { confirmEducationMessage, getEducationMessage, pendingEducationMessage, remindEducationLater } from './education.service.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['education'];
const errors = { 401: errorBody, 404: errorBody, 419: errorBody };
const message = z.object({
  id: z.number(),
  title: z.string(),
  message: z.string(),
  education_id: z.number(),
  /** `{EDUCATION_SITE_URL}/education/{education_id}`: «Перейти к анонсу» opens it in a new tab. */
  url: z.string(),
  created_at: z.string(),
});
const params = z.object({ id: z.string() });

/** A non-numeric or out-of-range id is simply an unknown announcement. */
function messageId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) throw new AppError('not_found', 'Анонс не найден');
  return Number(raw);
}

/** Education announcements (SEED 2.10), under `/api/user/education`. */
export function educationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get('/pending', { schema: { tags, response: { 200: success(message.nullable()), ...errors } } }, async (request) => ok(await pendingEducationMessage(ctx, currentUser(request))));

    app.get('/message/:id', { schema: { tags, params, response: { 200: success(message), ...errors } } }, async (request) => ok(await getEducationMessage(ctx, messageId(request.params.id))));

    app.post(
      '/message/:id',
      { schema: { tags, params, response: { 200: success(z.object({ confirmed_at: z.string().nullable() })), ...errors } } },
      async (request) => ok(await confirmEducationMessage(ctx, messageId(request.params.id), currentUser(request).id)),
    );

    app.post(
      '/message/:id/remind',
      { schema: { tags, params, response: { 200: success(z.object({ remind_at: z.string().nullable() })), ...errors } } },
      async (request) => ok(await remindEducationLater(ctx, messageId(request.params.id), currentUser(request).id)),
    );
  };
}
