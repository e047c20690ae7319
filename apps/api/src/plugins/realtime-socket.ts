import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_BAD_MESSAGE, SOCKET_CLIENT_EVENT, SOCKET_CONTROL_EVENT, SOCKET_REVOKED } from '@hr/contract/realtime';
import { CHANNEL_TOKEN_TTL_SECONDS, type RealtimeHub } from '../lib/realtime.ts';

type ClientMessage = { event?: string; channel?: string; auth?: string };

/** Internal channel (no client can subscribe to it: tokens open `user.{id}` only). */
const REVOKE_CHANNEL = 'internal.session-revoked';
export { SOCKET_REVOKED };

type Subscription = { userId: number; socket: WebSocket; off: () => void; expiryTimer: NodeJS.Timeout };

/**
 * Tells every instance that a user's sessions ended: their sockets close, and channel tokens issued
 * before this moment no longer subscribe.
 */
export async function revokeRealtime(hub: RealtimeHub, userId: number): Promise<void> {
  await hub.publish({ channel: REVOKE_CHANNEL, event: 'revoked', data: { userId } });
}

/** The expiry (ms) carried in a `userId.expires.mac` token; verified by the hub before use. */
const tokenExpiryMs = (token: string) => Number(token.split('.')[1]) * 1000;

/**
 * One WebSocket per tab at `/ws`. The client subscribes to `user.{id}` with the token of
 * `POST /api/user/csrf-token`; events arrive as `{event, channel, data}`. A subscription lasts as
 * long as its token: at expiry the socket gets `subscription_expired` and must subscribe again with a
 * fresh token (the client renews before that, on the same socket, without a gap).
 */
export async function registerRealtimeSocket(app: FastifyInstance, hub: RealtimeHub): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });

  const byUser = new Map<number, Set<Subscription>>();
  const revokedAt = new Map<number, number>();

  const end = (sub: Subscription) => {
    sub.off();
    clearTimeout(sub.expiryTimer);
    const set = byUser.get(sub.userId);
    set?.delete(sub);
    if (set?.size === 0) byUser.delete(sub.userId);
  };

  const stopRevokes = hub.listen(REVOKE_CHANNEL, (e) => {
    const userId = Number((e.data as { userId?: unknown } | null)?.userId);
    if (!Number.isInteger(userId)) return;
    const now = Date.now();
    for (const [id, at] of revokedAt) if (now - at > CHANNEL_TOKEN_TTL_SECONDS * 1000) revokedAt.delete(id);
    revokedAt.set(userId, now);
    for (const sub of [...(byUser.get(userId) ?? [])]) {
      end(sub);
      sub.socket.close(SOCKET_REVOKED, 'session ended');
    }
  });
  app.addHook('onClose', async () => {
    stopRevokes();
    for (const set of byUser.values()) for (const sub of [...set]) end(sub);
  });

  /** A valid token issued after the user's last revocation: its user id, else null. */
  const acceptToken = (channel: string, token: string): number | null => {
    const userId = hub.verifyChannelToken(channel, token);
    if (userId === null) return null;
    const issuedMs = tokenExpiryMs(token) - CHANNEL_TOKEN_TTL_SECONDS * 1000;
    const revoked = revokedAt.get(userId);
    return revoked !== undefined && issuedMs <= revoked ? null : userId;
  };

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
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

    socket.on('message', (raw: Buffer) => {
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
        const userId = acceptToken(msg.channel, token);
        if (userId === null) return send({ event: SOCKET_CONTROL_EVENT.subscriptionError, channel: msg.channel, data: { status: 403 } });
        const current = subscriptions.get(msg.channel);
        if (current) {
          // A renewal: the listener stays, only the deadline moves.
          clearTimeout(current.expiryTimer);
          current.expiryTimer = expireAt(msg.channel, token);
        } else {
          const channel = msg.channel;
          const sub: Subscription = { userId, socket, off: hub.listen(channel, (e) => send(e)), expiryTimer: expireAt(channel, token) };
          subscriptions.set(channel, sub);
          if (!byUser.has(userId)) byUser.set(userId, new Set());
          byUser.get(userId)?.add(sub);
        }
        return send({ event: SOCKET_CONTROL_EVENT.subscribed, channel: msg.channel });
      }
      if (msg.event === SOCKET_CLIENT_EVENT.unsubscribe && typeof msg.channel === 'string') drop(msg.channel);
    });
    socket.on('close', () => {
      for (const channel of [...subscriptions.keys()]) drop(channel);
    });
  });
}
