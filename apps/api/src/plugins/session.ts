import { MSG, SESSION_IDLE_MINUTES, SESSION_REMEMBER_DAYS } from '@hr/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { sessions, teamMembers, type UserRow, users } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/crypto.ts';
import { SessionCache } from './session-cache.ts';

export const SESSION_COOKIE = 'hr_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const SID_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user with what the team adds: the lead's id and flags (members inherit paid flags). */
export type AuthUser = UserRow & { teamLeadId: number | null; leadFlags: string[] };

declare module 'fastify' {
  interface FastifyRequest {
    /** The session id from the cookie (visitor or member); null until one is issued. */
    sid: string | null;
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** false for calls authenticated otherwise (the Telegram webhook). */
    csrf?: boolean;
  }
}

export type SessionTools = ReturnType<typeof createSessionTools>;

/**
 * Laravel-Sanctum-style sessions: an httpOnly session cookie, a JS-readable XSRF-TOKEN
 * derived from it, and a database row only for signed-in sessions.
 */
export function createSessionTools(config: Config, database: Database) {
  const csrfFor = (sid: string) => hmac(config.sessionSecret, `csrf:${sid}`);
  const cookieBase = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };
  const cache = new SessionCache<AuthUser>(config.sessionCacheSeconds * 1000);

  function setCookies(reply: FastifyReply, sid: string, remember: boolean) {
    const maxAge = remember ? SESSION_REMEMBER_DAYS * 86400 : undefined;
    reply.setCookie(SESSION_COOKIE, sid, { ...cookieBase, httpOnly: true, maxAge });
    reply.setCookie(XSRF_COOKIE, csrfFor(sid), { ...cookieBase, httpOnly: false, maxAge });
  }

  /** The page token for a visitor: issues a session id when there is none. */
  function ensureSession(request: FastifyRequest, reply: FastifyReply): string {
    if (!request.sid) {
      request.sid = randomToken();
      setCookies(reply, request.sid, false);
    }
    return csrfFor(request.sid);
  }

  /** Sign in: a fresh id (the old one is destroyed), so a planted id never gains rights. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow, remember: boolean) {
    cache.clear();
    if (request.sid) await database.db.delete(sessions).where(eq(sessions.id, sha256(request.sid)));
    const sid = randomToken();
    const ttl = remember ? `${SESSION_REMEMBER_DAYS} days` : `${SESSION_IDLE_MINUTES} minutes`;
    await database.db.insert(sessions).values({
      id: sha256(sid),
      userId: user.id,
      remember,
      expiresAt: sql`now() + ${ttl}::interval`,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    request.sid = sid;
    request.user = (await loadUser(sid)) ?? { ...user, teamLeadId: null, leadFlags: [] };
    setCookies(reply, sid, remember);
  }

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    cache.clear();
    if (request.sid) await database.db.delete(sessions).where(eq(sessions.id, sha256(request.sid)));
    request.user = null;
    request.sid = randomToken();
    setCookies(reply, request.sid, false);
  }

  async function endAllSessionsOf(userId: number) {
    await database.db.delete(sessions).where(eq(sessions.userId, userId));
    cache.clear();
  }

  async function loadUser(sid: string): Promise<AuthUser | null> {
    const key = sha256(sid);
    const cached = cache.get(key);
    if (cached) return { ...cached };
    const generation = cache.generation();
    const lead = alias(users, 'lead');
    const rows = await database.db
      .select({ user: users, remember: sessions.remember, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, leadId: teamMembers.leadId, leadFlags: lead.flags })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(lead, eq(lead.id, teamMembers.leadId))
      .where(sql`${sessions.id} = ${key} and ${sessions.expiresAt} > now()`)
      .limit(1);
    const row = rows[0];
    if (!row || row.user.blockedAt) return null;
    // Sliding idle limit for browser-session logins; written at most once a minute.
    if (!row.remember && Date.now() - row.lastSeenAt.getTime() > 60_000) {
      await database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + ${`${SESSION_IDLE_MINUTES} minutes`}::interval` })
        .where(eq(sessions.id, key));
    }
    const authUser: AuthUser = { ...row.user, teamLeadId: row.leadId ?? null, leadFlags: row.leadFlags ?? [] };
    cache.set(key, authUser, generation, row.expiresAt.getTime());
    return { ...authUser };
  }

  function checkCsrf(request: FastifyRequest) {
    const body = request.body as { _token?: unknown } | undefined;
    const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
    const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof body?._token === 'string' ? body._token : undefined);
    const sent = raw ? decodeOrEmpty(raw) : '';
    if (!request.sid || !sent || !safeEqual(sent, csrfFor(request.sid))) throw new AppError('csrf', MSG.csrfMismatch);
  }

  /** Anything may have changed users, sessions or teams: drop every cached lookup. */
  const forgetCachedUsers = () => cache.clear();

  return { csrfFor, ensureSession, startSession, endSession, endAllSessionsOf, loadUser, checkCsrf, forgetCachedUsers };
}

/** A malformed percent-encoding is just a wrong token (419), not a crash. */
function decodeOrEmpty(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

export function registerSessions(app: FastifyInstance, tools: SessionTools): void {
  app.decorateRequest('sid', null);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const sid = request.cookies[SESSION_COOKIE];
    request.sid = sid && SID_PATTERN.test(sid) ? sid : null;
    request.user = request.sid ? await tools.loadUser(request.sid) : null;
  });
  // A state-changing call may have revoked or changed what a cached session says; forget it
  // before the answer leaves, so the caller's next request already sees the change.
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method)) tools.forgetCachedUsers();
  });
  // After the body is parsed, so `_token` in a form body counts as well as the header.
  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return;
    tools.checkCsrf(request);
  });
}

/** preHandler for login-required calls. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('unauthenticated');
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('unauthenticated');
  return request.user;
}
