import { AUTOSEARCH_MSG, autosearchUnsubscribeAnswer, autosearchUnsubscribeParam, errorBody, success } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { consumeLimit } from '../../lib/rate-limits.ts';
import { unsubscribeDigest } from './digest/digest.service.ts';

const tags = ['autosearch'];
const errors = { 404: errorBody, 422: errorBody, 429: errorBody };

/**
 * The one-click unsubscribe of a digest letter (`/api/autosearch/unsubscribe/{token}`): no login,
 * and no CSRF token either — the signed token is the whole authority, and a mail client's own
 * unsubscribe button (RFC 8058) posts without a session. Paced per address like the other public
 * token pages.
 */
export function autosearchUnsubscribeRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form: nothing in
    // it matters (the token is in the path). Only these routes accept a form body.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    app.post(
      '/:token',
      {
        config: { csrf: false },
        preHandler: async (request) => consumeLimit(ctx, 'autosearchUnsubscribe', request.ip),
        schema: {
          tags,
          summary: 'Switch off a saved search digest by the signed link of its letter (no login)',
          params: autosearchUnsubscribeParam,
          response: { 200: success(autosearchUnsubscribeAnswer), ...errors },
        },
      },
      async (request) => ok(await unsubscribeDigest(ctx, request.params.token), AUTOSEARCH_MSG.unsubscribed),
    );
  };
}
