import {
  BULK_MSG,
  errorBody,
  repliesCount,
  replyBulkAnswer,
  replyBulkBody,
  replyBulkUndoAnswer,
  replyBulkUndoBody,
  replyExportQuery,
  success,
  vacancyIdParam,
} from '@hr/contract';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { audit } from '../audit/audit.ts';
import { bulkMove, undoBulk } from './bulk.service.ts';
import { exportReplies } from './export.service.ts';

const tags = ['pipeline'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody, 429: errorBody };

/** Bulk actions on replies, their undo and the export (PRODUCT 11); registered under `/api`. */
export function bulkRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const member = { preHandler: requireUser };

    app.post(
      '/vacancy/:id/reply/bulk',
      {
        ...member,
        schema: {
          tags,
          summary: 'Move the chosen replies (ids, or all matching filter) in one transaction; letters leave after the undo window',
          params: vacancyIdParam,
          body: replyBulkBody,
          response: { 200: success(replyBulkAnswer), ...errors },
        },
      },
      async (request) => {
        const res = await bulkMove(ctx, currentUser(request), request.params.id, request.body);
        return ok(res, BULK_MSG.changed(repliesCount(res.changed)));
      },
    );

    app.post(
      '/vacancy/:id/reply/bulk/undo',
      {
        ...member,
        schema: { tags, summary: 'Undo a bulk action within its window', params: vacancyIdParam, body: replyBulkUndoBody, response: { 200: success(replyBulkUndoAnswer), ...errors } },
      },
      async (request) => {
        const res = await undoBulk(ctx, currentUser(request).id, request.params.id, request.body.undo_token);
        return ok(res, BULK_MSG.restored(res.restored, res.not_restored));
      },
    );

    app.get(
      '/vacancy/:id/reply/export',
      {
        ...member,
        compress: false,
        schema: {
          tags,
          summary: "The vacancy's replies (ids, one stage, or all) as CSV or XLSX",
          params: vacancyIdParam,
          querystring: replyExportQuery,
          response: { 200: z.any().describe('CSV or XLSX file'), ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const file = await exportReplies(ctx, user, request.params.id, request.query);
        // An export of candidates, as the search's and the favourites': logged under the same action.
        await audit(ctx, {
          actorId: user.id,
          action: 'resume.export',
          objectType: 'resume',
          ip: request.ip,
          details: { format: request.query.format, file: file.filename, rows: file.rows, list: 'vacancy_reply', vacancy_id: request.params.id },
        });
        return reply.type(file.type).header('Content-Disposition', contentDisposition(file.filename)).header('Cache-Control', 'no-store').send(file.body);
      },
    );
  };
}
