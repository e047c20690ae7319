import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';

/** Bulk actions on replies, their undo and the export (PRODUCT 11); registered under `/api`. */
export function bulkRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
