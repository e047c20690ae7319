import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { hmac, safeEqual } from './crypto.ts';

export type RealtimeEvent = { channel: string; event: string; data: unknown };
type Listener = (e: RealtimeEvent) => void;

const REDIS_CHANNEL = 'hr:realtime';
export const CHANNEL_TOKEN_TTL_SECONDS = 300;

/**
 * Fan-out of events to the sockets of this instance. With Redis every instance publishes to one
 * Redis channel and delivers what arrives to its own sockets, so a socket held by instance B gets
 * a notification created on instance A.
 */
export class RealtimeHub {
  private local = new EventEmitter();
  private pub?: Redis;
  private sub?: Redis;
  readonly ready: Promise<void>;

  constructor(
    private secret: string,
    redisUrl: string | undefined,
    private log: FastifyBaseLogger,
  ) {
    this.local.setMaxListeners(0);
    if (!redisUrl) {
      this.ready = Promise.resolve();
      return;
    }
    this.pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.sub = new Redis(redisUrl);
    this.sub.on('message', (_channel, message) => {
      try {
        this.deliver(JSON.parse(message) as RealtimeEvent);
      } catch (err) {
        this.log.warn({ err }, 'bad realtime message');
      }
    });
    this.ready = this.sub.subscribe(REDIS_CHANNEL).then(() => undefined);
  }

  async publish(e: RealtimeEvent): Promise<void> {
    if (this.pub) await this.pub.publish(REDIS_CHANNEL, JSON.stringify(e));
    else this.deliver(e);
  }

  private deliver(e: RealtimeEvent) {
    this.local.emit(e.channel, e);
  }

  listen(channel: string, listener: Listener): () => void {
    this.local.on(channel, listener);
    return () => this.local.off(channel, listener);
  }

  /** The token of `POST /api/user/csrf-token`: good for one user's private channel, for a few minutes. */
  channelToken(userId: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + CHANNEL_TOKEN_TTL_SECONDS;
    return `${userId}.${expires}.${hmac(this.secret, `channel:user.${userId}:${expires}`)}`;
  }

  /** The user id the token opens `channel` for, or null. */
  verifyChannelToken(channel: string, token: string, now = Date.now()): number | null {
    const [id, expires, mac] = token.split('.');
    if (!id || !expires || !mac || channel !== `user.${id}`) return null;
    if (Number(expires) * 1000 < now) return null;
    return safeEqual(mac, hmac(this.secret, `channel:user.${id}:${expires}`)) ? Number(id) : null;
  }

  async close(): Promise<void> {
    this.sub?.disconnect();
    this.pub?.disconnect();
  }
}
