import { errorBody, MSG, searchAnswer, searchQueryInput } from '@hr/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { consumeLimit } from '../../../lib/rate-limits.ts';
import { isStatementTimeout } from '../../../lib/service-errors.ts';
import { QueryTimeout } from './search.db.ts';
import { searchResumes, searchTuning } from './search.service.ts';
import { warmSearchSessions } from './search.warm.ts';

const tags = ['resume'];
/** How long a start waits for the search's sessions to warm before it takes requests anyway. */
const WARM_WAIT_MS = 15_000;

/**
 * `GET /api/resume/search` (PRODUCT 4), public: visitors get cards without names; registered under
 * the `/api/resume` prefix. Parameters as the page URL has them (`search_city[]=1069&…`).
 * A visitor has a generous per-address limit (a person paging never meets it; a scraper does), and
 * a search past the statement limit answers 503 with a Russian message, not a 500.
 */
export function searchRoutes(ctx: AppContext): FastifyPluginAsync {
  const tuning = searchTuning(ctx);
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.addHook('onClose', () => ctx.search.close());
    // The first searches after a start should not pay for new backends: the server listens once the
    // search's sessions are warm (or after WARM_WAIT_MS; a warm-up that fails only costs speed).
    if (!ctx.config.isTest) {
      app.addHook('onReady', async () => {
        const warmed = warmSearchSessions(ctx).then(
          (ms) => {
            if (ms !== null) ctx.log.info(`search sessions warmed in ${Math.round(ms)} ms`);
          },
          (e) => ctx.log.warn({ err: e }, 'search sessions not warmed'),
        );
        await Promise.race([warmed, new Promise((resolve) => setTimeout(resolve, WARM_WAIT_MS).unref())]);
      });
    }
    app.get(
      '/search',
      {
        schema: {
          tags,
          summary: 'Search the resume database',
          querystring: searchQueryInput,
          response: { 200: searchAnswer, 401: errorBody, 403: errorBody, 422: errorBody, 429: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        // request.ip is the peer address unless TRUST_PROXY names the proxies in front.
        if (!request.user) await consumeLimit(ctx, 'searchVisitor', request.ip);
        try {
          return { status: 'success' as const, res: await searchResumes(ctx, request.query, request.user, tuning) };
        } catch (err) {
          if (err instanceof QueryTimeout || isStatementTimeout(err)) {
            throw new AppError('refused', MSG.searchTooSlow, { status: 503, retryAfterSeconds: 5 });
          }
          throw err;
        }
      },
    );
  };
}
