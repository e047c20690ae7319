import { MSG, normalizeEmail } from '@hr/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail } from '../user/user.service.ts';
import { audit } from './audit.ts';

/**
 * Runs a sign-in check and logs its outcome: `auth.login` for the account, or `auth.login_failed`
 * with the account's id when the address belongs to one (an unknown address leaves no trace of
 * itself: the log keeps no e-mail). The check's error is passed on unchanged.
 */
export async function auditedLogin(
  ctx: AppContext,
  request: FastifyRequest,
  method: 'password' | 'code',
  check: () => Promise<UserRow>,
): Promise<UserRow> {
  let user: UserRow;
  try {
    user = await check();
  } catch (err) {
    if (err instanceof AppError && (err.kind === 'validation' || err.kind === 'too_many')) {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      const account =
        typeof email === 'string' ? await findUserByEmail(ctx.database.db, normalizeEmail(email)).catch(() => undefined) : undefined;
      const reason = err.kind === 'too_many' ? 'too_many' : err.message === MSG.userBlocked ? 'blocked' : 'bad_credentials';
      await audit(ctx, {
        actorId: account?.id ?? null,
        action: 'auth.login_failed',
        objectType: 'user',
        objectId: account?.id ?? null,
        ip: request.ip,
        details: { method, reason },
      });
    }
    throw err;
  }
  await audit(ctx, { actorId: user.id, action: 'auth.login', objectType: 'user', objectId: user.id, ip: request.ip, details: { method } });
  return user;
}
