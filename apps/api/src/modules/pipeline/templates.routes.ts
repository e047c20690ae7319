import {
  emptyAnswer,
  errorBody,
  messageTemplate,
  success,
  TEMPLATE_MSG,
  templateBody,
  templateList,
  templatePreview,
  templatePreviewBody,
} from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { createTemplate, deleteTemplate, listTemplates, previewTemplate, updateTemplate } from './templates.service.ts';

const tags = ['templates'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };
const idParam = z.object({
  id: z.coerce
    .number({ error: TEMPLATE_MSG.notFound })
    .int({ error: TEMPLATE_MSG.notFound })
    .positive({ error: TEMPLATE_MSG.notFound })
    .max(2_147_483_647, { error: TEMPLATE_MSG.notFound }),
});

/**
 * Message templates (PRODUCT 11), registered under `/api`: a member sees the club's defaults, their
 * own and their team's shared ones; only the owner changes or deletes one.
 */
export function templatesRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get(
      '/templates',
      { schema: { tags, summary: 'The templates the member may use', response: { 200: success(templateList), ...errors } } },
      async (request) => ok({ items: await listTemplates(ctx, currentUser(request).id) }),
    );

    app.post(
      '/templates',
      {
        schema: {
          tags,
          summary: 'Save a template of one’s own',
          body: templateBody,
          response: { 200: success(messageTemplate), ...errors },
        },
      },
      async (request) => ok(await createTemplate(ctx, currentUser(request).id, request.body), TEMPLATE_MSG.saved),
    );

    app.post(
      '/templates/preview',
      {
        schema: {
          tags,
          summary: 'The letter a reply would get from a template (without a reply: the template itself)',
          body: templatePreviewBody,
          response: { 200: success(templatePreview), ...errors },
        },
      },
      async (request) => ok(await previewTemplate(ctx, currentUser(request), request.body)),
    );

    app.put(
      '/templates/:id',
      {
        schema: {
          tags,
          summary: 'Change one’s own template',
          params: idParam,
          body: templateBody,
          response: { 200: success(messageTemplate), ...errors },
        },
      },
      async (request) => ok(await updateTemplate(ctx, currentUser(request).id, request.params.id, request.body), TEMPLATE_MSG.saved),
    );

    app.delete(
      '/templates/:id',
      { schema: { tags, summary: 'Delete one’s own template', params: idParam, response: { 200: success(emptyAnswer), ...errors } } },
      async (request) => {
        await deleteTemplate(ctx, currentUser(request).id, request.params.id);
        return ok({}, TEMPLATE_MSG.deleted);
      },
    );
  };
}
