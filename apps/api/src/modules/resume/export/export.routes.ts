import { errorBody, errorsByField, searchQueryInput } from '@hr/contract';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { fieldErrors } from '../../../lib/app-error.ts';
import { authorizeResume } from '../resume.policy.ts';
import { exportSearch } from './export.service.ts';
import { audit } from '../../audit/audit.ts';

const exportQuery = z
  .object({ format: z.enum(['csv', 'xlsx'], { error: 'Формат выгрузки: csv или xlsx' }) })
  .catchall(z.unknown());

/** `GET /api/resume/search/export?format=csv|xlsx&<search parameters>` (mass_search). */
export function exportRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/search/export',
      {
        schema: {
          tags: ['resume'],
          summary: 'Export up to 1000 search results (mass_search)',
          querystring: exportQuery,
          response: { 200: z.any().describe('CSV or XLSX file'), 401: errorBody, 403: errorBody, 422: errorBody },
        },
      },
      async (request, reply) => {
        const { format, ...rest } = request.query;
        const parsed = searchQueryInput.safeParse(rest);
        if (!parsed.success) throw fieldErrors(errorsByField(parsed.error.issues, { fallback: 'query' }));
        const user = request.user;
        authorizeResume(user, 'export');
        const file = await exportSearch(ctx, user, parsed.data, format);
        await audit(ctx, { actorId: user.id, action: 'resume.export', objectType: 'resume', ip: request.ip, details: { format, file: file.filename } });
        return reply
          .type(file.type)
          .header('Content-Disposition', contentDisposition(file.filename))
          .header('Cache-Control', 'no-store')
          .send(file.body);
      },
    );
  };
}
