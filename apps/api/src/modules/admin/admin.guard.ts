import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';

/** preHandler of every /api/admin call: a visitor gets 401, a member 403. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('unauthenticated');
  if (request.user.accountType !== 'admin') throw new AppError('forbidden');
}

export function adminOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}

/** Who acts and from where, for the audit. */
export const actorOf = (request: FastifyRequest) => ({ actorId: adminOf(request).id, ip: request.ip });
