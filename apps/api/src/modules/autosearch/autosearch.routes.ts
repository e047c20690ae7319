import {
  AUTOSEARCH_MSG,
  autosearchCreateBody,
  autosearchIdParam,
  autosearchResults,
  autosearchResultsQuery,
  autosearchShareBody,
  autosearchUpdateBody,
  emptyAnswer,
  errorBody,
  MSG,
  savedSearch,
  success,
} from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { isStatementTimeout } from '../../lib/service-errors.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { QueryTimeout } from '../resume/search/search.service.ts';
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  savedSearchResults,
  shareSavedSearch,
  updateSavedSearch,
} from './autosearch.service.ts';

const tags = ['autosearch'];
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };

/**
 * Автопоиск (PRODUCT 10): a member's saved searches under `/api/autosearch`. Every call needs a
 * member; another member's search is not found (404). The digests' unsubscribe link (no login)
 * lives in its own plugin.
 */
export function autosearchRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get(
      '/',
      { schema: { tags, summary: 'The member’s saved searches', response: { 200: success(z.array(savedSearch)), ...errors } } },
      async (request) => ok(await listSavedSearches(ctx, currentUser(request))),
    );

    app.post(
      '/',
      { schema: { tags, summary: 'Save a search', body: autosearchCreateBody, response: { 200: success(savedSearch), ...errors } } },
      async (request) => ok(await createSavedSearch(ctx, currentUser(request), request.body), AUTOSEARCH_MSG.saved),
    );

    app.put(
      '/:id',
      {
        schema: {
          tags,
          summary: 'Rename a saved search or change its query, frequency or channels',
          params: autosearchIdParam,
          body: autosearchUpdateBody,
          response: { 200: success(savedSearch), ...errors },
        },
      },
      async (request) => ok(await updateSavedSearch(ctx, currentUser(request), request.params.id, request.body), AUTOSEARCH_MSG.updated),
    );

    app.delete(
      '/:id',
      { schema: { tags, summary: 'Delete a saved search', params: autosearchIdParam, response: { 200: success(emptyAnswer), ...errors } } },
      async (request) => {
        await deleteSavedSearch(ctx, currentUser(request), request.params.id);
        return ok({}, AUTOSEARCH_MSG.deleted);
      },
    );

    app.get(
      '/:id/results',
      {
        schema: {
          tags,
          summary: 'The results of a saved search, new ones first',
          params: autosearchIdParam,
          querystring: autosearchResultsQuery,
          response: { 200: success(autosearchResults), ...errors, 503: errorBody },
        },
      },
      async (request) => {
        const { page, per_page, since } = request.query;
        try {
          const asked = since === undefined ? undefined : new Date(since);
          return ok(await savedSearchResults(ctx, currentUser(request), request.params.id, page, per_page, asked));
        } catch (err) {
          // As the search page: a search past the statement limit is a Russian 503, not a 500.
          if (err instanceof QueryTimeout || isStatementTimeout(err)) {
            throw new AppError('refused', MSG.searchTooSlow, { status: 503, retryAfterSeconds: 5 });
          }
          throw err;
        }
      },
    );

    app.post(
      '/:id/share',
      {
        schema: {
          tags,
          summary: 'Share a saved search with a member of one’s team',
          params: autosearchIdParam,
          body: autosearchShareBody,
          response: { 200: success(emptyAnswer), ...errors },
        },
      },
      async (request) => {
        await shareSavedSearch(ctx, currentUser(request), request.params.id, request.body.user_id);
        return ok({}, AUTOSEARCH_MSG.shared);
      },
    );
  };
}
