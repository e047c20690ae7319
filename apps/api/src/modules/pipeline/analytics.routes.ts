import { analyticsQuery, errorBody, success, teamAnalytics, vacancyAnalytics, vacancyIdParam } from '@hr/contract';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { teamAnalyticsCsv, vacancyAnalyticsCsv } from './analytics.csv.ts';
import { teamAnalyticsOf, vacancyAnalyticsOf } from './analytics.service.ts';

const tags = ['pipeline'];
const errors = { 401: errorBody, 404: errorBody, 422: errorBody };
const CSV_NOTE = 'JSON; with `?format=csv` the same figures as a CSV attachment (text/csv, BOM, `;`, Russian headings).';

function sendCsv(reply: FastifyReply, file: { body: Buffer; filename: string }) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', contentDisposition(file.filename))
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

/** Vacancy and team analytics (PRODUCT 11); registered under `/api`. Counts only: no candidate's data. */
export function analyticsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/vacancy/analytics',
      { preHandler: requireUser, schema: { tags, summary: "The team's hiring analytics", description: CSV_NOTE, querystring: analyticsQuery, response: { 200: success(teamAnalytics), ...errors } } },
      async (request, reply) => {
        const { from, to, format } = request.query;
        const figures = await teamAnalyticsOf(ctx, currentUser(request).id, { from, to });
        return format === 'csv' ? sendCsv(reply, teamAnalyticsCsv(figures)) : ok(figures);
      },
    );

    app.get(
      '/vacancy/:id/analytics',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: "A vacancy's analytics",
          description: CSV_NOTE,
          params: vacancyIdParam,
          querystring: analyticsQuery,
          response: { 200: success(vacancyAnalytics), ...errors },
        },
      },
      async (request, reply) => {
        const { from, to, format } = request.query;
        const figures = await vacancyAnalyticsOf(ctx, currentUser(request).id, request.params.id, { from, to });
        return format === 'csv' ? sendCsv(reply, vacancyAnalyticsCsv(figures)) : ok(figures);
      },
    );
  };
}
