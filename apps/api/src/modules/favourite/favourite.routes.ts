import {
  errorBody,
  FAVOURITE_MSG,
  favouriteBulkAnswer,
  favouriteBulkBody,
  favouriteEntry,
  favouriteListItem,
  favouriteListQuery,
  favouriteSaveBody,
  paginated,
  resumeHashParam,
  success,
  emptyAnswer,
} from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { authorizeFavourite } from './favourite.policy.ts';
import { favouriteFolderRoutes } from './favourite-folder.routes.ts';
import { addFavourite, addFavouritesInBulk, getFavourite, listFavourites, removeFavourite } from './favourite.service.ts';

const tags = ['favourite'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };

export function favouriteRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get(
      '/',
      { schema: { tags, querystring: favouriteListQuery, response: { 200: success(paginated(favouriteListItem)), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'list');
        const { page, per_page, ...filter } = request.query;
        return ok(await listFavourites(ctx, user, filter, page, per_page));
      },
    );

    await app.register(favouriteFolderRoutes(ctx));

    app.post(
      '/bulk',
      { schema: { tags, body: favouriteBulkBody, response: { 200: success(favouriteBulkAnswer), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'bulk_add');
        return ok(await addFavouritesInBulk(ctx, user, request.body.hashes));
      },
    );

    app.get(
      '/:hash',
      { schema: { tags, params: resumeHashParam, response: { 200: success(favouriteEntry), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'list');
        return ok(await getFavourite(ctx, user, request.params.hash));
      },
    );

    app.post(
      '/:hash',
      { schema: { tags, params: resumeHashParam, body: favouriteSaveBody, response: { 200: success(favouriteEntry), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'save');
        return ok(await addFavourite(ctx, user, request.params.hash, request.body?.note || null), FAVOURITE_MSG.added);
      },
    );

    app.delete(
      '/:hash',
      { schema: { tags, params: resumeHashParam, response: { 200: success(emptyAnswer), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        authorizeFavourite(user, 'remove');
        await removeFavourite(ctx, user, request.params.hash);
        return ok({}, FAVOURITE_MSG.removed);
      },
    );
  };
}
