import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Message templates and their preview (PRODUCT 11); registered under `/api`. */
export function templatesRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
