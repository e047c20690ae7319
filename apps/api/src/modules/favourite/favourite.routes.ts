import { errorBody, paginated, pageQuery, resumeCard, resumeHashParam, RESUME_HASH_PATTERN, success } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../plugins/session.ts';
import { addFavourite, addFavouritesInBulk, BULK_FAVOURITES_MAX, getFavourite, listFavourites, removeFavourite } from './favourite.service.ts';
import { ok } from '../../lib/envelope.ts';

const tags = ['favourite'];
const entry = z.object({ hash: z.string(), note: z.string().nullable(), created_at: z.string() });
const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 419: errorBody, 422: errorBody };

export function favouriteRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('preHandler', requireUser);

    app.get('/', { schema: { tags, querystring: pageQuery, response: { 200: success(paginated(resumeCard)), ...errors } } }, async (request) => ok(await listFavourites(ctx, currentUser(request), request.query.page, request.query.per_page)));

    app.post(
      '/bulk',
      {
        schema: {
          tags,
          body: z.object({
            hashes: z
              .array(z.string().regex(RESUME_HASH_PATTERN, { error: 'Неверный идентификатор резюме' }))
              .min(1, { error: 'Выберите хотя бы одно резюме' })
              .max(BULK_FAVOURITES_MAX, { error: `Не больше ${BULK_FAVOURITES_MAX} резюме за раз` }),
          }),
          response: { 200: success(z.object({ added: z.number(), skipped: z.number() })), ...errors },
        },
      },
      async (request) => ok(await addFavouritesInBulk(ctx, currentUser(request), request.body.hashes)),
    );

    app.get('/:hash', { schema: { tags, params: resumeHashParam, response: { 200: success(entry), ...errors } } }, async (request) => ok(await getFavourite(ctx, currentUser(request), request.params.hash)));

    app.post(
      '/:hash',
      {
        schema: {
          tags,
          params: resumeHashParam,
          body: z.object({ note: z.string().trim().max(2000, { error: 'Заметка — не длиннее 2000 символов' }).nullable().optional() }).nullish(),
          response: { 200: success(entry), ...errors },
        },
      },
      async (request) => ok(await addFavourite(ctx, currentUser(request), request.params.hash, request.body?.note || null), 'Кандидат добавлен в избранное'),
    );

    app.delete('/:hash', { schema: { tags, params: resumeHashParam, response: { 200: success(z.object({})), ...errors } } }, async (request) => {
      await removeFavourite(ctx, currentUser(request), request.params.hash);
      return ok({}, 'Кандидат удалён из избранного');
    });
  };
}
