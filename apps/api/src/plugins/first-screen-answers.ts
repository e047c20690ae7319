import { accessFlagName, mainInfo, searchAnswer, searchQueryInput, success, vacancyIdParam, vacancyView } from '@hr/contract';
import type { PageAnswer } from '@hr/contract/constants';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../lib/app-error.ts';
import { consumeLimit } from '../lib/rate-limits.ts';
import { searchResumes, searchTuning } from '../modules/resume/search/search.service.ts';
import { isTelegramConfigured } from '../modules/telegram/telegram.service.ts';
import { accessMapOf } from '../modules/user/user.policy.ts';
import { mainInfoOf } from '../modules/user/user.presenter.ts';
import { viewVacancy } from '../modules/vacancy/vacancy.service.ts';
import { SESSION_COOKIE } from './session.ts';

/**
 * The GETs a page's first screen is drawn from, answered by the services their routes call — the
 * viewer is the page's own request (its session is already loaded), the parameters are validated by
 * the routes' schemas and the answers pass through the routes' response schemas, so each is what
 * the route would have sent: the same fields, the same viewer rules (candidate-view.ts, through the
 * services), the same caches. Nothing goes through the router a second time (before, each answer
 * was a whole request of its own: its session read again, its JSON written and read back).
 *
 * An error gives the status the route would have answered; the first screen then goes without that
 * answer and the browser asks for it itself, as it always did.
 */
export type PageAnswers = (request: FastifyRequest, url: string) => Promise<PageAnswer>;

const SID_PATTERN = /^[A-Za-z0-9_-]{32}$/;
// The routes' own response schemas (user.routes.ts, search.routes.ts, vacancy.routes.ts).
const mainInfoAnswer = success(mainInfo);
const flagAnswer = success(z.boolean());
const vacancyAnswer = success(vacancyView);

export function createPageAnswers(ctx: AppContext): PageAnswers {
  const tuning = searchTuning(ctx);
  const telegram = isTelegramConfigured(ctx);

  const answer = async (request: FastifyRequest, url: string): Promise<unknown> => {
    const [pathname = '', query = ''] = url.split('?', 2);
    const user = request.user;
    if (pathname === '/api/resume/search') {
      // (The route's guard refuses U+0000 before its schema does: plugins/nul-guard.ts.)
      const parsed = query.includes('%00') ? null : searchQueryInput.safeParse(new URLSearchParams(query));
      if (!parsed?.success) throw new AppError('validation');
      // A visitor's search counts towards their limit, as the route counts it.
      if (!user) await consumeLimit(ctx, 'searchVisitor', request.ip);
      return searchAnswer.parse({ status: 'success', res: await searchResumes(ctx, parsed.data, user, tuning) });
    }
    const vacancy = /^\/api\/vacancy\/([^/]+)$/.exec(pathname)?.[1];
    if (vacancy !== undefined && !query) {
      const params = vacancyIdParam.safeParse({ id: vacancy });
      if (!params.success) throw new AppError('validation');
      // A view is counted per visitor as the browser's own request would count it: by the session it
      // came with, or by its address when it came with none (a first visit).
      return vacancyAnswer.parse({ status: 'success', res: await viewVacancy(ctx, user, params.data.id, viewerKey(request)) });
    }
    if (pathname === '/api/user/main_info' && !query) {
      if (!user) throw new AppError('unauthenticated');
      return mainInfoAnswer.parse({ status: 'success', res: mainInfoOf(user, telegram) });
    }
    const flag = /^\/api\/user\/access\/([^/]+)\/get$/.exec(pathname)?.[1];
    const known = flag !== undefined && !query ? accessFlagName.safeParse(flag) : null;
    if (known?.success) {
      if (!user) throw new AppError('unauthenticated');
      return flagAnswer.parse({ status: 'success', res: accessMapOf(user)[known.data] });
    }
    throw new AppError('not_found');
  };

  return async (request, url) => {
    try {
      return { url, status: 200, body: await answer(request, url) };
    } catch (error) {
      if (error instanceof AppError) return { url, status: error.status, body: { status: 'error', message: error.message } };
      request.log.warn({ err: error, url }, 'first screen: an answer failed');
      return { url, status: 500, body: { status: 'error' } };
    }
  };
}

/** The session the page's request came with (not one issued for this very page), else its address. */
function viewerKey(request: FastifyRequest): string {
  const sid = request.cookies[SESSION_COOKIE];
  return sid && SID_PATTERN.test(sid) ? sid : `ip:${request.ip}`;
}
