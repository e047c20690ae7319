import { errorBody, paginated, success } from '@hr/contract';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { clientErrors } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/paginate.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { canSeeClientErrors } from '../user/user.policy.ts';

const report = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  error: z.string(),
  info: z.string(),
  host: z.string(),
  path: z.string(),
  created_at: z.string(),
});

export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get(
      '/client-errors',
      {
        schema: {
          tags: ['admin'],
          querystring: z.object({ page: z.coerce.number().int().min(1, { error: 'Номер страницы начинается с 1' }).default(1) }),
          response: { 200: success(paginated(report)), 401: errorBody, 403: errorBody, 422: errorBody },
        },
      },
      async (request) => {
        if (!canSeeClientErrors(currentUser(request))) throw new AppError('forbidden');
        const perPage = 20;
        const page = request.query.page;
        const { db } = ctx.database;
        const [rows, [total]] = await Promise.all([
          db.select().from(clientErrors).orderBy(desc(clientErrors.id)).limit(perPage).offset((page - 1) * perPage),
          db.select({ n: count() }).from(clientErrors),
        ]);
        const n = Number(total?.n ?? 0);
        return {
          status: 'success' as const,
          res: pageOf(
            rows.map((r) => ({
              id: r.id,
              user_id: r.userId,
              error: r.error,
              info: r.info,
              host: r.host,
              path: r.path,
              created_at: r.createdAt.toISOString(),
            })),
            n,
            page,
            perPage,
          ),
        };
      },
    );
  };
}
