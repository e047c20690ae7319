import {
  emptyAnswer,
  errorBody,
  FAVOURITE_FOLDER_MSG,
  favouriteCandidateFolders,
  favouriteCandidateFoldersBody,
  favouriteExportQuery,
  favouriteFolder,
  favouriteFolderCreateBody,
  favouriteFolderParam,
  favouriteFolderPatchBody,
  resumeHashParam,
  success,
} from '@hr/contract';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser } from '../../plugins/session.ts';
import { audit } from '../audit/audit.ts';
import { exportFavourites } from './favourite-export.service.ts';
import {
  candidateFolders,
  createFolder,
  deleteFolder,
  listFolders,
  setCandidateFolders,
  updateFolder,
} from './favourite-folder.service.ts';
import { authorizeFavourite } from './favourite.policy.ts';

const tags = ['favourite'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };

/** Folders of favourites, a candidate's folders, and the export of the list (mounted inside favouriteRoutes). */
export function favouriteFolderRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get('/folders', { schema: { tags, response: { 200: success(z.array(favouriteFolder)), ...errors } } }, async (request) => {
      const user = currentUser(request);
      authorizeFavourite(user, 'folders');
      return ok(await listFolders(ctx, user));
    });

    app.post(
      '/folders',
      { schema: { tags, body: favouriteFolderCreateBody, response: { 200: success(favouriteFolder), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'folders');
        return ok(await createFolder(ctx, user, request.body), FAVOURITE_FOLDER_MSG.created);
      },
    );

    app.patch(
      '/folders/:id',
      {
        schema: {
          tags,
          params: favouriteFolderParam,
          body: favouriteFolderPatchBody,
          response: { 200: success(favouriteFolder), ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'folders');
        return ok(await updateFolder(ctx, user, request.params.id, request.body), FAVOURITE_FOLDER_MSG.saved);
      },
    );

    app.delete(
      '/folders/:id',
      { schema: { tags, params: favouriteFolderParam, response: { 200: success(emptyAnswer), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'folders');
        await deleteFolder(ctx, user, request.params.id);
        return ok({}, FAVOURITE_FOLDER_MSG.deleted);
      },
    );

    app.get(
      '/:hash/folders',
      { schema: { tags, params: resumeHashParam, response: { 200: success(favouriteCandidateFolders), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'folders');
        return ok(await candidateFolders(ctx, user, request.params.hash));
      },
    );

    app.put(
      '/:hash/folders',
      {
        schema: {
          tags,
          params: resumeHashParam,
          body: favouriteCandidateFoldersBody,
          response: { 200: success(favouriteCandidateFolders), ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'folders');
        return ok(await setCandidateFolders(ctx, user, request.params.hash, request.body.folder_ids), FAVOURITE_FOLDER_MSG.foldersSaved);
      },
    );

    app.get(
      '/export',
      {
        schema: {
          tags,
          summary: 'The favourites list (same q and folder) as CSV or XLSX, up to 1000 candidates',
          querystring: favouriteExportQuery,
          response: { 200: z.any().describe('CSV or XLSX file'), ...errors },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'export');
        const { format, ...filter } = request.query;
        const file = await exportFavourites(ctx, user, filter, format);
        // An export of candidates, as the search's: logged under the same action, marked as the favourites'.
        await audit(ctx, {
          actorId: user.id,
          action: 'resume.export',
          objectType: 'resume',
          ip: request.ip,
          details: { format, file: file.filename, rows: file.rows, list: 'favourite' },
        });
        return reply
          .type(file.type)
          .header('Content-Disposition', contentDisposition(file.filename))
          .header('Cache-Control', 'no-store')
          .send(file.body);
      },
    );
  };
}
