import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { RealtimeHub } from '../lib/realtime.ts';

type ClientMessage = { event?: string; channel?: string; auth?: string };

/**
 * One WebSocket per tab at `/ws`. The client subscribes to `user.{id}` with the token of
 * `POST /api/user/csrf-token`; events arrive as `{event, channel, data}`.
 */
export async function registerRealtimeSocket(app: FastifyInstance, hub: RealtimeHub): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 } });
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    const unsubscribers = new Map<string, () => void>();
    const send = (payload: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    socket.on('message', (raw: Buffer) => {
      let msg: ClientMessage;
      try {
        msg = JSON.parse(String(raw));
      } catch {
        return send({ event: 'error', data: { message: 'Некорректное сообщение' } });
      }
      if (msg.event === 'ping') return send({ event: 'pong' });
      if (msg.event === 'subscribe' && msg.channel) {
        const userId = hub.verifyChannelToken(msg.channel, msg.auth ?? '');
        if (userId === null) return send({ event: 'subscription_error', channel: msg.channel, data: { status: 403 } });
        if (!unsubscribers.has(msg.channel)) unsubscribers.set(msg.channel, hub.listen(msg.channel, (e) => send(e)));
        return send({ event: 'subscribed', channel: msg.channel });
      }
      if (msg.event === 'unsubscribe' && msg.channel) {
        unsubscribers.get(msg.channel)?.();
        unsubscribers.delete(msg.channel);
      }
    });
    socket.on('close', () => {
      for (const off of unsubscribers.values()) off();
      unsubscribers.clear();
    });
  });
}
