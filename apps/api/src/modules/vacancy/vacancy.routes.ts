import fastifyMultipart from '@fastify/multipart';
import {
  errorBody,
  inviteTargets,
  matchesQuery,
  REPLY_FILE_MAX_BYTES,
  type ReplyFileType,
  replyCreated,
  replyDetail,
  replyFileText,
  replyIdParams,
  resumeHashParam,
  replyBody,
  replyList,
  replyListQuery,
  replyMoveBody,
  MESSAGE_STATE_TITLES,
  PIPELINE_MSG,
  success,
  VACANCY_MSG,
  vacancy,
  vacancyCreateBody,
  vacancyIdParam,
  vacancyInviteAnswer,
  vacancyInviteBody,
  vacancyList,
  vacancyListQuery,
  vacancyMatches,
  vacancyUpdateBody,
  vacancyView,
} from '@hr/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fieldErrors } from '../../lib/app-error.ts';
import { MULTIPART_MSG, malformedRequest, multipartFailure, multipartParts } from '../../lib/multipart.ts';
import { consumeLimit } from '../../lib/rate-limits.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { FileSniffer, FileTooLarge, FileTypeRefused, sniffed } from '../../lib/file-sniff.ts';
import {
  listReplies,
  openReply,
  openVacancy,
  replyDetail as loadReplyDetail,
  replyFile,
  submitReply,
  type UploadedFile,
} from './reply.service.ts';
import { moveReply } from '../pipeline/reply-move.service.ts';
import { previewsInline, replyFileText as readReplyFileText, sendReplyFile } from './reply.files.ts';
import { inviteTargets as findInviteTargets } from './vacancy.invite-targets.ts';
import { inviteToVacancy, vacancyMatches as findMatches } from './vacancy.matching.ts';
import { closeVacancy, createVacancy, listVacancies, updateVacancy, viewVacancy } from './vacancy.service.ts';
import { ok } from '../../lib/envelope.ts';
import { vacancyForTeam } from './vacancy.access.ts';
import { authorizeVacancy } from './vacancy.policy.ts';

const tags = ['vacancy'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody, 429: errorBody };

/** The name to store: no path, no control characters, the extension of what the file really is. */
export function storedFileName(sent: string, type: ReplyFileType): string {
  const base = (sent.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}|"/gu, '')
    .replace(/\.[^.]{1,8}$/, '')
    .trim()
    .slice(0, 150);
  return `${base || 'resume'}.${type}`;
}

/**
 * A multipart reply: fields as strings, the one `file` streamed into the storage through the
 * sniffer (type by content, the 10 MB cap while it streams). A refused or oversized file stops
 * the upload there (422 errors.file); anything stored is removed if the request fails later.
 */
async function readMultipart(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  const storage = ctx.files;
  try {
    const parts = multipartParts(request, { fileSize: REPLY_FILE_MAX_BYTES + 1, files: 2, fields: 30, fieldSize: 100_000, parts: 40 });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || !part.filename) {
        part.file.resume();
        continue;
      }
      if (file) throw fieldErrors({ file: [VACANCY_MSG.fileOne] });
      // Every address together: each file is up to 10 MB kept as long as its vacancy (jobs/cleanup.ts).
      await consumeLimit(ctx, 'replyFilesAll');
      const sniffer = new FileSniffer();
      let stored: { key: string; size: number };
      try {
        stored = await storage.put(sniffed(part.file, sniffer));
      } catch (err) {
        if (err instanceof FileTooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw fieldErrors({ file: [VACANCY_MSG.fileSize] });
        if (err instanceof FileTypeRefused) throw fieldErrors({ file: [VACANCY_MSG.fileType] });
        throw err;
      }
      const type = await sniffer.result();
      if (!type || part.file.truncated) {
        await storage.delete(stored.key);
        throw fieldErrors({ file: [part.file.truncated ? VACANCY_MSG.fileSize : VACANCY_MSG.fileType] });
      }
      file = { key: stored.key, size: stored.size, type, name: storedFileName(part.filename, type) };
    }
  } catch (err) {
    if (file) await storage.delete(file.key);
    // A body cut short or broken (the file part ended early, say): the client's fault, a 422.
    throw multipartFailure(err, request);
  }
  return { fields, file };
}

/** The OpenAPI document's note of the multipart form (read by the robustness sweep): its fields, its files. */
const replyMultipart = { json: true, files: ['file'], fields: z.toJSONSchema(replyBody, { io: 'input', unrepresentable: 'any' }) };

export function vacancyRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    // Multipart only here: the public reply is the one call that takes a file.
    await base.register(fastifyMultipart);
    const app = base.withTypeProvider<ZodTypeProvider>();
    const member = { preHandler: requireUser };

    app.get(
      '/',
      { ...member, schema: { tags, querystring: vacancyListQuery, response: { 200: success(vacancyList), ...errors } } },
      async (request) => ok(await listVacancies(ctx, currentUser(request), request.query)),
    );

    app.post(
      '/',
      { ...member, schema: { tags, body: vacancyCreateBody, response: { 200: success(vacancy), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeVacancy(user, 'create');
        const res = await createVacancy(ctx, user, request.body);
        return ok(res, res.status === 'published' ? VACANCY_MSG.published : VACANCY_MSG.created);
      },
    );

    app.get('/:id', { schema: { tags, params: vacancyIdParam, response: { 200: success(vacancyView), ...errors } } }, async (request) =>
      ok(await viewVacancy(ctx, request.user, request.params.id, request.sid ?? `ip:${request.ip}`)),
    );

    app.put(
      '/:id',
      { ...member, schema: { tags, params: vacancyIdParam, body: vacancyUpdateBody, response: { 200: success(vacancy), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        const current = await vacancyForTeam(ctx, user.id, request.params.id);
        authorizeVacancy(user, 'update', { status: current.status, nextStatus: request.body.status });
        const res = await updateVacancy(ctx, user, current, request.body);
        const message = request.body.status === 'published' ? VACANCY_MSG.published : VACANCY_MSG.saved;
        return ok(res, message);
      },
    );

    app.delete(
      '/:id',
      { ...member, schema: { tags, params: vacancyIdParam, response: { 200: success(vacancy), ...errors } } },
      async (request) => ok(await closeVacancy(ctx, currentUser(request), request.params.id), VACANCY_MSG.closedNow),
    );

    app.post(
      '/:id/reply',
      {
        schema: {
          tags,
          summary: 'Public reply: JSON or multipart/form-data (replyBody fields and `file`)',
          'x-multipart': replyMultipart,
          params: vacancyIdParam,
          response: { 200: success(replyCreated), ...errors },
        },
        // A form with a file is read by the handler as it arrives: it holds no turn in the line.
        config: { admission: 'uploads' },
      },
      async (request) => {
        // Every attempt counts, whatever becomes of it.
        await consumeLimit(ctx, 'vacancyReply', request.ip);
        const target = await openVacancy(ctx, request.params.id);
        const multipart = request.isMultipart();
        // JSON or a form: a bare string, a list or null is no form at all (not an English zod message).
        if (
          !multipart &&
          request.body !== undefined &&
          (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))
        ) {
          throw malformedRequest(MULTIPART_MSG.notAForm);
        }
        const { fields, file } = multipart ? await readMultipart(ctx, request) : { fields: request.body, file: null };
        const res = await submitReply(ctx, target, fields, file, request.ip);
        return ok(res, VACANCY_MSG.replySent);
      },
    );

    app.get(
      '/:id/reply',
      {
        ...member,
        schema: { tags, params: vacancyIdParam, querystring: replyListQuery, response: { 200: success(replyList), ...errors } },
      },
      async (request) => ok(await listReplies(ctx, currentUser(request), request.params.id, request.query)),
    );

    app.get(
      '/:id/reply/:r_id',
      { ...member, schema: { tags, params: replyIdParams, response: { 200: success(replyDetail), ...errors } } },
      async (request) => ok(await openReply(ctx, currentUser(request), request.params.id, request.params.r_id)),
    );

    app.patch(
      '/:id/reply/:r_id',
      {
        ...member,
        schema: {
          tags,
          summary: 'Move a reply to a stage (a rejection with a reason; legacy `status`), optionally e-mailing the candidate',
          params: replyIdParams,
          body: replyMoveBody,
          response: { 200: success(replyDetail), ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { id, r_id } = request.params;
        const b = request.body;
        const result = await moveReply(ctx, user.id, id, r_id, {
          stageId: b.stage_id,
          status: b.status,
          reasonId: b.reason_id,
          templateId: b.template_id,
          subject: b.subject,
          message: b.message,
        });
        const sent = result.sent && { ...result.sent, state_title: MESSAGE_STATE_TITLES[result.sent.state] };
        const movedText = result.moved ? PIPELINE_MSG.moved(result.target.title) : null;
        // A letter that could not go (no consent, no address) is said beside the move that did happen.
        const said = [movedText, result.sent?.error].filter(Boolean).join('. ') || VACANCY_MSG.statusChanged;
        return ok(await loadReplyDetail(ctx, user, id, r_id, sent), said);
      },
    );

    // Sent as stored: a PDF or DOCX is compressed already, and compressing 10 MB costs more than it saves.
    app.get('/:id/reply/:r_id/file', { ...member, compress: false, schema: { tags, params: replyIdParams } }, async (request, reply) => {
      const file = await replyFile(ctx, currentUser(request).id, request.params.id, request.params.r_id);
      return sendReplyFile(reply, file, false);
    });

    // The PDF shown in the reply page's frame (same team check; a file of another type is downloaded).
    app.get(
      '/:id/reply/:r_id/file/inline',
      { ...member, compress: false, schema: { tags, params: replyIdParams } },
      async (request, reply) => {
        const file = await replyFile(ctx, currentUser(request).id, request.params.id, request.params.r_id);
        return sendReplyFile(reply, file, previewsInline(file.type));
      },
    );

    app.get(
      '/:id/reply/:r_id/file/text',
      { ...member, schema: { tags, params: replyIdParams, response: { 200: success(replyFileText), ...errors } } },
      async (request) => ok(await readReplyFileText(ctx, currentUser(request).id, request.params.id, request.params.r_id)),
    );

    app.get(
      '/invite-targets/:hash',
      { ...member, schema: { tags, params: resumeHashParam, response: { 200: success(inviteTargets), ...errors } } },
      async (request) => ok(await findInviteTargets(ctx, currentUser(request), request.params.hash)),
    );

    app.get(
      '/:id/matches',
      {
        ...member,
        schema: { tags, params: vacancyIdParam, querystring: matchesQuery, response: { 200: success(vacancyMatches), ...errors } },
      },
      async (request) => ok(await findMatches(ctx, currentUser(request), request.params.id, request.query.page, request.query.per_page)),
    );

    app.post(
      '/:id/invite',
      {
        ...member,
        schema: { tags, params: vacancyIdParam, body: vacancyInviteBody, response: { 200: success(vacancyInviteAnswer), ...errors } },
      },
      async (request) =>
        ok(await inviteToVacancy(ctx, currentUser(request), request.params.id, request.body.resume_hash), VACANCY_MSG.invited),
    );
  };
}
