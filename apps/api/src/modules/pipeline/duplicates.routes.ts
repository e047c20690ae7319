import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Duplicates of a team's replies and their merge (PRODUCT 11); registered under `/api`. */
export function duplicatesRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
