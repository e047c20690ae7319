import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Interviews of a reply and their feedback (PRODUCT 11); registered under `/api`. */
export function interviewsRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
