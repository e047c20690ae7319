import { MSG, SESSION_IDLE_MINUTES, SESSION_REMEMBER_DAYS } from '@hr/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { sessions, teamMembers, type UserRow, users } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../lib/crypto.ts';
import type { OutageLogger } from '../lib/outage.ts';
import { SessionCache } from './session-cache.ts';
import { watchAuthChanges } from './session-revocation.ts';

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
    /**
     * false where the answer cannot depend on who asks (a dictionary): the session's user is not
     * looked up and `request.user` stays null; the session id is still read (CSRF needs it).
     */
    user?: boolean;
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

  // Prepared once: a named statement on PostgreSQL, parsed and planned once per connection.
  const lead = alias(users, 'lead');
  const lookup = database.db
    .select({
      user: users,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      leadId: teamMembers.leadId,
      leadFlags: lead.flags,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(lead, eq(lead.id, teamMembers.leadId))
    .where(and(eq(sessions.id, sql.placeholder('key')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('auth_session_lookup');
  const slide = database.db
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, expiresAt: sql.raw(`now() + interval '${SESSION_IDLE_MINUTES} minutes'`) })
    .where(and(eq(sessions.id, sql.placeholder('key')), gt(sessions.expiresAt, sql`now()`)))
    .returning({ expiresAt: sessions.expiresAt })
    .prepare('auth_session_slide');

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
    if (request.sid) await endRow(request.sid);
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

  /** Deletes a session's row; its cached entry goes with it here (the database tells the others). */
  async function endRow(sid: string) {
    const key = sha256(sid);
    cache.delete(key);
    await database.db.delete(sessions).where(eq(sessions.id, key));
  }

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.sid) await endRow(request.sid);
    request.user = null;
    request.sid = randomToken();
    setCookies(reply, request.sid, false);
  }

  async function endAllSessionsOf(userId: number) {
    await database.db.delete(sessions).where(eq(sessions.userId, userId));
    cache.forgetUsers([userId]);
  }

  async function loadUser(sid: string): Promise<AuthUser | null> {
    const key = sha256(sid);
    const cached = cache.get(key);
    if (cached) {
      if (!(await slideIfDue(key, cached))) return null;
      return { ...cached.user };
    }
    const generation = cache.generation();
    const [row] = await lookup.execute({ key });
    if (!row || row.user.blockedAt) return null;
    const entry = {
      user: { ...row.user, teamLeadId: row.leadId ?? null, leadFlags: row.leadFlags ?? [] },
      userId: row.user.id,
      leadId: row.leadId ?? null,
      remember: row.remember,
      lastSeenAt: row.lastSeenAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
    };
    if (!(await slideIfDue(key, entry))) return null;
    cache.set(key, entry, generation);
    return { ...entry.user };
  }

  /**
   * Sliding idle limit for browser-session logins, written at most once a minute (cached or not).
   * false when the row is gone or expired meanwhile.
   */
  async function slideIfDue(key: string, entry: { remember: boolean; lastSeenAt: number; expiresAt: number }) {
    if (entry.remember || Date.now() - entry.lastSeenAt <= 60_000) return true;
    // Marked first, so the requests that come meanwhile do not write it again; unmarked if the
    // write fails, so the next request tries again.
    const seenBefore = entry.lastSeenAt;
    entry.lastSeenAt = Date.now();
    let row: { expiresAt: Date } | undefined;
    try {
      [row] = await slide.execute({ key });
    } catch (err) {
      entry.lastSeenAt = seenBefore;
      throw err;
    }
    if (!row) {
      cache.delete(key);
      return false;
    }
    entry.expiresAt = row.expiresAt.getTime();
    return true;
  }

  function checkCsrf(request: FastifyRequest) {
    const body = request.body as { _token?: unknown } | undefined;
    const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
    const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof body?._token === 'string' ? body._token : undefined);
    const sent = raw ? decodeOrEmpty(raw) : '';
    if (!request.sid || !sent || !safeEqual(sent, csrfFor(request.sid))) throw new AppError('csrf', MSG.csrfMismatch);
  }

  /**
   * Drops cached lookups: these users' (and their team members'), or all. The database already
   * announces every change to users, sessions and teams (session-revocation.ts), so callers need this
   * only for a change it cannot see.
   */
  const forgetCachedUsers = (userIds?: number[]) => (userIds ? cache.forgetUsers(userIds) : cache.clear());

  /** Keeps the cache told of every change while it serves (started with the app, session-revocation.ts). */
  function watchChanges(log?: OutageLogger) {
    if (config.sessionCacheSeconds === 0) return { ready: Promise.resolve(), stop: async () => {} };
    return watchAuthChanges(
      database,
      {
        changed: (ids) => (ids ? cache.forgetUsers(ids) : cache.clear()),
        live: (on, until) => cache.setEnabled(on, until),
        heard: (until) => cache.renew(until),
      },
      log,
    );
  }

  return { csrfFor, ensureSession, startSession, endSession, endAllSessionsOf, loadUser, checkCsrf, forgetCachedUsers, watchChanges, cache };
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
    request.user = request.sid && request.routeOptions.config?.user !== false ? await tools.loadUser(request.sid) : null;
  });
  // The cache serves only once the database's change notices are heard (or never, if it is off).
  const watch = tools.watchChanges(app.log);
  app.addHook('onReady', () => watch.ready);
  app.addHook('onClose', () => watch.stop());
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
