import fastifyWebsocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_BAD_MESSAGE, SOCKET_CLIENT_EVENT, SOCKET_CONTROL_EVENT, SOCKET_REVOKED } from '@hr/contract/realtime';
import type { Database } from '../db/client.ts';
import { sha256 } from '../lib/crypto.ts';
import type { RealtimeHub } from '../lib/realtime.ts';

type ClientMessage = { event?: string; channel?: string; auth?: string };

/** Internal channel (no client can subscribe to it: tokens open `user.{id}` only). */
const REVOKE_CHANNEL = 'internal.session-revoked';
export { SOCKET_REVOKED };

type Subscription = { userId: number; sessionTag: string; socket: WebSocket; off: () => void; expiryTimer: NodeJS.Timeout };
type Revocation = { userId: number; only?: string; except?: string };

/**
 * Tells every instance (through Redis when configured) that sessions of a user ended: the sockets
 * subscribed with their tokens close now. `only`: the one session that ended (a logout);
 * `except`: the session that stays (a password change ends every other one); neither: all of them.
 * Session ids as in the cookie. Their tokens stop working as their sessions rows go (checked on
 * every subscribe), on every instance, also one that missed this message.
 */
export async function revokeRealtime(hub: RealtimeHub, userId: number, scope: { only?: string; except?: string } = {}): Promise<void> {
  const data: Revocation = { userId };
  if (scope.only) data.only = hub.sessionTag(sha256(scope.only));
  if (scope.except) data.except = hub.sessionTag(sha256(scope.except));
  await hub.publish({ channel: REVOKE_CHANNEL, event: 'revoked', data });
}

/** The expiry (ms) carried in a `userId.expires.tag.mac` token; verified by the hub before use. */
const tokenExpiryMs = (token: string) => Number(token.split('.')[1]) * 1000;

/**
 * One WebSocket per tab at `/ws`. The client subscribes to `user.{id}` with the token of
 * `POST /api/user/csrf-token`; events arrive as `{event, channel, data}`. A subscription lasts as
 * long as its token and its session: at expiry the socket gets `subscription_expired` and must
 * subscribe again with a fresh token (the client renews before that, on the same socket, without a
 * gap); when the session ends (logout, password change or reset, block) the socket is closed.
 */
export async function registerRealtimeSocket(app: FastifyInstance, hub: RealtimeHub, database: Database): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });

  const byUser = new Map<number, Set<Subscription>>();
  /** Revocations seen per user: a subscribe checked before one arrived checks again. */
  const revocations = new Map<number, number>();

  const end = (sub: Subscription) => {
    sub.off();
    clearTimeout(sub.expiryTimer);
    const set = byUser.get(sub.userId);
    set?.delete(sub);
    if (set?.size === 0) byUser.delete(sub.userId);
  };

  const stopRevokes = hub.listen(REVOKE_CHANNEL, (e) => {
    const data = (e.data ?? {}) as Partial<Revocation>;
    const userId = Number(data.userId);
    if (!Number.isInteger(userId)) return;
    revocations.set(userId, (revocations.get(userId) ?? 0) + 1);
    for (const sub of [...(byUser.get(userId) ?? [])]) {
      if (data.only !== undefined && sub.sessionTag !== data.only) continue;
      if (data.except !== undefined && sub.sessionTag === data.except) continue;
      end(sub);
      sub.socket.close(SOCKET_REVOKED, 'session ended');
    }
  });
  app.addHook('onClose', async () => {
    stopRevokes();
    for (const set of byUser.values()) for (const sub of [...set]) end(sub);
  });

  /** Whether the session the token was issued to is still signed in (and its user not blocked). */
  const sessionLives = async (userId: number, sessionTag: string): Promise<boolean> => {
    const rows = await database.rows<{ id: string }>(sql`
      select s.id from sessions s join users u on u.id = s.user_id
      where s.user_id = ${userId} and s.expires_at > now() and u.blocked_at is null`);
    return rows.some((r) => hub.sessionTag(r.id) === sessionTag);
  };

  /** A valid token of a live session: its user and session, else null. */
  const acceptToken = async (channel: string, token: string): Promise<{ userId: number; sessionTag: string } | null> => {
    const verified = hub.verifyChannelToken(channel, token);
    if (!verified) return null;
    for (;;) {
      const seen = revocations.get(verified.userId) ?? 0;
      if (!(await sessionLives(verified.userId, verified.sessionTag))) return null;
      if ((revocations.get(verified.userId) ?? 0) === seen) return verified;
    }
  };

  app.get('/ws', { websocket: true, schema: { hide: true }, config: { admission: 'skip' } }, (socket) => {
    const subscriptions = new Map<string, Subscription>();
    const send = (payload: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    const drop = (channel: string) => {
      const sub = subscriptions.get(channel);
      if (!sub) return;
      end(sub);
      subscriptions.delete(channel);
    };
    const expireAt = (channel: string, token: string) =>
      setTimeout(
        () => {
          if (!subscriptions.has(channel)) return;
          drop(channel);
          send({ event: SOCKET_CONTROL_EVENT.subscriptionExpired, channel });
        },
        Math.max(0, tokenExpiryMs(token) - Date.now()),
      );

    const handle = async (raw: Buffer) => {
      let msg: ClientMessage;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return send({ event: SOCKET_CONTROL_EVENT.error, data: { message: SOCKET_BAD_MESSAGE } });
      }
      if (!msg || typeof msg !== 'object') return send({ event: SOCKET_CONTROL_EVENT.error, data: { message: SOCKET_BAD_MESSAGE } });
      if (msg.event === SOCKET_CLIENT_EVENT.ping) return send({ event: SOCKET_CONTROL_EVENT.pong });
      if (msg.event === SOCKET_CLIENT_EVENT.subscribe && typeof msg.channel === 'string') {
        const token = typeof msg.auth === 'string' ? msg.auth : '';
        let accepted: Awaited<ReturnType<typeof acceptToken>>;
        try {
          accepted = await acceptToken(msg.channel, token);
        } catch (err) {
          // The database is away: the client retries as after any refusal.
          app.log.warn({ err }, 'socket subscribe: session not checked');
          return send({ event: SOCKET_CONTROL_EVENT.subscriptionError, channel: msg.channel, data: { status: 503 } });
        }
        if (socket.readyState !== socket.OPEN) return;
        if (accepted === null) return send({ event: SOCKET_CONTROL_EVENT.subscriptionError, channel: msg.channel, data: { status: 403 } });
        const { userId, sessionTag } = accepted;
        const current = subscriptions.get(msg.channel);
        if (current) {
          // A renewal: the listener stays, only the deadline moves.
          clearTimeout(current.expiryTimer);
          current.expiryTimer = expireAt(msg.channel, token);
          current.sessionTag = sessionTag;
        } else {
          const channel = msg.channel;
          const sub: Subscription = { userId, sessionTag, socket, off: hub.listen(channel, (e) => send(e)), expiryTimer: expireAt(channel, token) };
          subscriptions.set(channel, sub);
          if (!byUser.has(userId)) byUser.set(userId, new Set());
          byUser.get(userId)?.add(sub);
        }
        return send({ event: SOCKET_CONTROL_EVENT.subscribed, channel: msg.channel });
      }
      if (msg.event === SOCKET_CLIENT_EVENT.unsubscribe && typeof msg.channel === 'string') drop(msg.channel);
    };
    // One message at a time: a subscribe waits for its session check before the next message is read.
    let queue = Promise.resolve();
    socket.on('message', (raw: Buffer) => {
      queue = queue.then(() => handle(raw)).catch((err) => app.log.warn({ err }, 'socket message failed'));
    });
    socket.on('close', () => {
      for (const channel of [...subscriptions.keys()]) drop(channel);
    });
  });
}
