import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { authorizeAdmin } from './admin.policy.ts';

/** preHandler of every /api/admin call: a visitor gets 401, a member 403 (admin.policy). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  authorizeAdmin(request.user, 'enter');
}

export function adminOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}

/** Who acts and from where, for the audit. */
export const actorOf = (request: FastifyRequest) => ({ actorId: adminOf(request).id, ip: request.ip });
