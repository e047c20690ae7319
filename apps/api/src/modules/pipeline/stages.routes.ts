import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Stages, moves, reasons, the board and a reply's history (PRODUCT 11); registered under `/api`. */
export function stagesRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
