import fastifyMultipart from '@fastify/multipart';
import {
  ADMIN_MSG,
  adminAccountTypeBody,
  adminBlockBody,
  adminCandidate,
  adminCandidateQuery,
  adminDeleteBody,
  adminUserDeleteBody,
  adminEducationAnswer,
  adminEducationBody,
  adminMailFailure,
  adminFlagsBody,
  adminHashParam,
  adminIdParam,
  adminModerationBody,
  adminOpinion,
  adminOpinionQuery,
  adminPageQuery,
  adminUser,
  adminUserQuery,
  auditEntry,
  auditQuery,
  clientErrorGroup,
  deletionSummary,
  errorBody,
  importJob,
  importReportLine,
  paginated,
  personalDataExport,
  residencyDecisionBody,
  success,
  clientErrorReport,
} from '@hr/contract';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pageField } from '@hr/contract/pagination';
import { moscowDay } from '../../lib/moscow-time.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { audit } from '../audit/audit.ts';
import { auditCsv, listAudit } from '../audit/audit.service.ts';
import { createEducationMessage, educationSiteUrl } from '../education/education.service.ts';
import { findCandidates } from './admin.candidates.ts';
import { clientErrorGroups, clientErrorReports } from './admin.client-errors.ts';
import { actorOf, requireAdmin } from './admin.guard.ts';
import { authorizeAdmin } from './admin.policy.ts';
import { getImport, importReport, listImports, uploadImport } from './admin.imports.ts';
import { listMailFailures } from './admin.mail.ts';
import { listOpinionsForModeration, moderateOpinion } from './admin.opinions.ts';
import { deleteCandidate, deleteMember, exportMemberData } from './admin.personal-data.ts';
import { blockUser, decideResidency, getAdminUser, listUsers, setAccountType, setUserFlags, unblockUser } from './admin.users.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['admin'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };

/** `/api/admin/*`: the back office (README.md in this folder). Every call is for admins only. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    await base.register(fastifyMultipart);
    const app = base.withTypeProvider<ZodTypeProvider>();
    // Before validation: a member gets 403 whatever the body, never a 422 that tells the call's shape.
    app.addHook('preValidation', requireAdmin);

    // ─── users ──────────────────────────────────────────────────────────────────────────────
    app.get(
      '/users',
      { schema: { tags, querystring: adminUserQuery, response: { 200: success(paginated(adminUser)), ...errors } } },
      async (request) => ok(await listUsers(ctx, request.query)),
    );
    app.get('/users/:id', { schema: { tags, params: adminIdParam, response: { 200: success(adminUser), ...errors } } }, async (request) =>
      ok(await getAdminUser(ctx, request.params.id)),
    );
    app.post(
      '/users/:id/residency',
      { schema: { tags, params: adminIdParam, body: residencyDecisionBody, response: { 200: success(adminUser), ...errors } } },
      async (request) => {
        const { decision, comment } = request.body;
        await decideResidency(ctx, actorOf(request), request.params.id, decision, comment);
        return ok(
          await getAdminUser(ctx, request.params.id),
          decision === 'approve' ? ADMIN_MSG.residencyApproved : ADMIN_MSG.residencyRejected,
        );
      },
    );
    app.put(
      '/users/:id/flags',
      { schema: { tags, params: adminIdParam, body: adminFlagsBody, response: { 200: success(adminUser), ...errors } } },
      async (request) => {
        await setUserFlags(ctx, actorOf(request), request.params.id, request.body.flags);
        return ok(await getAdminUser(ctx, request.params.id), ADMIN_MSG.flagsSaved);
      },
    );
    app.put(
      '/users/:id/account-type',
      { schema: { tags, params: adminIdParam, body: adminAccountTypeBody, response: { 200: success(adminUser), ...errors } } },
      async (request) => {
        authorizeAdmin(request.user, 'change_account_type', { id: request.params.id });
        await setAccountType(ctx, actorOf(request), request.params.id, request.body.account_type);
        return ok(await getAdminUser(ctx, request.params.id), ADMIN_MSG.typeSaved);
      },
    );
    app.post(
      '/users/:id/block',
      { schema: { tags, params: adminIdParam, body: adminBlockBody, response: { 200: success(adminUser), ...errors } } },
      async (request) => {
        authorizeAdmin(request.user, 'block', { id: request.params.id });
        await blockUser(ctx, actorOf(request), request.params.id, request.body.reason);
        return ok(await getAdminUser(ctx, request.params.id), ADMIN_MSG.blocked);
      },
    );
    app.post(
      '/users/:id/unblock',
      { schema: { tags, params: adminIdParam, response: { 200: success(adminUser), ...errors } } },
      async (request) => {
        await unblockUser(ctx, actorOf(request), request.params.id);
        return ok(await getAdminUser(ctx, request.params.id), ADMIN_MSG.unblocked);
      },
    );
    app.delete(
      '/users/:id',
      { schema: { tags, params: adminIdParam, body: adminUserDeleteBody, response: { 200: success(deletionSummary), ...errors } } },
      async (request) => {
        authorizeAdmin(request.user, 'delete_user', { id: request.params.id });
        return ok(await deleteMember(ctx, actorOf(request), request.params.id, request.body), ADMIN_MSG.userDeleted);
      },
    );
    app.get(
      '/users/:id/export',
      { schema: { tags, params: adminIdParam, response: { 200: success(personalDataExport), ...errors } } },
      async (request) => ok(await exportMemberData(ctx, actorOf(request), request.params.id)),
    );

    // ─── candidates (deletion on request) ───────────────────────────────────────────────────
    app.get(
      '/candidates',
      { schema: { tags, querystring: adminCandidateQuery, response: { 200: success(paginated(adminCandidate)), ...errors } } },
      async (request) => ok(await findCandidates(ctx, request.query.q, request.query.page, request.query.per_page)),
    );
    app.delete(
      '/candidates/:hash',
      { schema: { tags, params: adminHashParam, body: adminDeleteBody, response: { 200: success(deletionSummary), ...errors } } },
      async (request) =>
        ok(await deleteCandidate(ctx, actorOf(request), request.params.hash, request.body.reason), ADMIN_MSG.candidateDeleted),
    );

    // ─── education ──────────────────────────────────────────────────────────────────────────
    app.post(
      '/education',
      { schema: { tags, body: adminEducationBody, response: { 200: success(adminEducationAnswer), ...errors } } },
      async (request) => {
        const b = request.body;
        const { id, notified } = await createEducationMessage(ctx, { title: b.title, message: b.message, educationId: b.education_id });
        await audit(ctx, {
          ...actorOf(request),
          action: 'education.create',
          objectType: 'education',
          objectId: id,
          details: { education_id: b.education_id, recipients: notified },
        });
        return ok(
          {
            id,
            title: b.title,
            message: b.message,
            education_id: b.education_id,
            url: educationSiteUrl(ctx.config, b.education_id),
            created_at: new Date().toISOString(),
            recipients: notified,
          },
          ADMIN_MSG.educationSent,
        );
      },
    );

    // ─── opinions ───────────────────────────────────────────────────────────────────────────
    app.get(
      '/opinions',
      { schema: { tags, querystring: adminOpinionQuery, response: { 200: success(paginated(adminOpinion)), ...errors } } },
      async (request) => ok(await listOpinionsForModeration(ctx, request.query)),
    );
    for (const [path, hide] of [
      ['/opinions/:id/hide', true],
      ['/opinions/:id/unhide', false],
    ] as const) {
      app.post(
        path,
        { schema: { tags, params: adminIdParam, body: adminModerationBody, response: { 200: success(adminOpinion), ...errors } } },
        async (request) =>
          ok(
            await moderateOpinion(ctx, actorOf(request), request.params.id, hide, request.body.reason),
            hide ? ADMIN_MSG.opinionHidden : ADMIN_MSG.opinionShown,
          ),
      );
    }

    // ─── resume import ──────────────────────────────────────────────────────────────────────
    app.post(
      '/imports',
      {
        schema: {
          tags,
          summary: 'multipart/form-data with one `file` (.jsonl/.ndjson/.json/.csv)',
          // Read by the robustness sweep: a form with one file and no JSON body.
          'x-multipart': { json: false, files: ['file'], fields: { type: 'object', properties: {} } },
          response: { 200: success(importJob), ...errors },
        },
        config: { admission: 'uploads' },
      },
      async (request) => ok(await uploadImport(ctx, actorOf(request), request), ADMIN_MSG.importQueued),
    );
    app.get(
      '/imports',
      { schema: { tags, querystring: adminPageQuery, response: { 200: success(paginated(importJob)), ...errors } } },
      async (request) => ok(await listImports(ctx, request.query.page, request.query.per_page)),
    );
    app.get('/imports/:id', { schema: { tags, params: adminIdParam, response: { 200: success(importJob), ...errors } } }, async (request) =>
      ok(await getImport(ctx, request.params.id)),
    );
    app.get(
      '/imports/:id/report',
      {
        schema: {
          tags,
          params: adminIdParam,
          querystring: adminPageQuery,
          response: { 200: success(paginated(importReportLine)), ...errors },
        },
      },
      async (request) => ok(await importReport(ctx, request.params.id, request.query.page, request.query.per_page)),
    );

    // ─── client errors ──────────────────────────────────────────────────────────────────────
    app.get(
      '/client-errors',
      {
        schema: {
          tags,
          querystring: z.object({ page: pageField(1_000_000) }),
          response: { 200: success(paginated(clientErrorReport)), ...errors },
        },
      },
      async (request) => ok(await clientErrorReports(ctx, request.query.page)),
    );
    // ─── failed mail ────────────────────────────────────────────────────────────────────────
    app.get(
      '/mail-failures',
      { schema: { tags, querystring: adminPageQuery, response: { 200: success(paginated(adminMailFailure)), ...errors } } },
      async (request) => ok(await listMailFailures(ctx, request.query.page, request.query.per_page)),
    );
    app.get(
      '/client-errors/groups',
      { schema: { tags, querystring: adminPageQuery, response: { 200: success(paginated(clientErrorGroup)), ...errors } } },
      async (request) => ok(await clientErrorGroups(ctx, request.query.page, request.query.per_page)),
    );

    // ─── audit ──────────────────────────────────────────────────────────────────────────────
    app.get(
      '/audit',
      { schema: { tags, querystring: auditQuery, response: { 200: success(paginated(auditEntry)), ...errors } } },
      async (request) => ok(await listAudit(ctx, request.query, currentUser(request))),
    );
    app.get(
      '/audit/export',
      {
        schema: {
          tags,
          summary: 'The filtered audit log as CSV',
          querystring: auditQuery,
          response: { 200: z.any().describe('CSV file'), ...errors },
        },
      },
      async (request, reply) => {
        const { csv, rows } = await auditCsv(ctx, request.query, currentUser(request));
        const { page: _p, per_page: _pp, ...filters } = request.query;
        await audit(ctx, { ...actorOf(request), action: 'audit.export', objectType: 'audit', details: { filters, rows } });
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', contentDisposition(`audit-${moscowDay()}.csv`))
          .header('Cache-Control', 'no-store')
          .send(csv);
      },
    );
  };
}

/** `GET /api/user/export`: a member's own data (152-FZ), the same export an admin can make. */
export function selfExportRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/export',
      { preHandler: requireUser, schema: { tags: ['user'], response: { 200: success(personalDataExport), 401: errorBody } } },
      async (request) => {
        const user = currentUser(request);
        return ok(await exportMemberData(ctx, { actorId: user.id, ip: request.ip }, user.id));
      },
    );
  };
}
