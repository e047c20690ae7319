import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Vacancy and team analytics (PRODUCT 11); registered under `/api`. */
export function analyticsRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
