import { errorBody, errorReportBody, success, emptyAnswer } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { clientErrors } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { consumeLimit } from '../../lib/rate-limits.ts';

export function errorReportRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // Uncaught client errors (SEED 8): stored for the admin, nothing shown to the user.
    app.post(
      '/send',
      { schema: { tags: ['errors'], body: errorReportBody, response: { 200: success(emptyAnswer), 419: errorBody, 422: errorBody, 429: errorBody } } },
      async (request) => {
        await consumeLimit(ctx, 'errorReport', request.ip);
        // Many addresses together are held too: each report is a row kept for RETENTION.clientErrors.
        await consumeLimit(ctx, 'errorReportsAll');
        const b = request.body;
        await ctx.database.db.insert(clientErrors).values({
          userId: request.user?.id ?? null,
          error: b.error,
          info: b.info,
          host: b.host,
          path: b.path,
          ip: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
        });
        return ok({});
      },
    );
  };
}
