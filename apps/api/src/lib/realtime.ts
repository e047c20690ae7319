import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { userChannel } from '@hr/contract/realtime';
import { hmac, safeEqual } from './crypto.ts';
import { Outage } from './outage.ts';
import { connectRedis } from './redis.ts';

export type RealtimeEvent = { channel: string; event: string; data: unknown };
type Listener = (e: RealtimeEvent) => void;

const REDIS_CHANNEL = 'hr:realtime';
export const CHANNEL_TOKEN_TTL_SECONDS = 300;

/** Start-up waits at most this long for the Redis subscription (Redis may be down: the site starts anyway). */
const READY_WAIT_MS = 3000;

/**
 * Fan-out of events to the sockets of this instance. Every event is delivered here at once; with
 * Redis it is also published on one Redis channel, and each instance delivers what arrives from the
 * others to its own sockets, so a socket held by instance B gets a notification created on A.
 * While Redis is away the sockets of this instance still get everything; the subscription is made
 * again whenever the connection is back.
 */
export class RealtimeHub {
  private local = new EventEmitter();
  private pub?: Redis;
  private sub?: Redis;
  /** Marks this instance's own messages, which come back from Redis and were already delivered. */
  private readonly origin = randomUUID();
  /** Settles once both Redis connections are up and subscribed, or failed, or after a few seconds. */
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
    const pub = connectRedis(redisUrl, new Outage('Redis (real-time publish)', log));
    const subOutage = new Outage('Redis (real-time subscribe)', log);
    const sub = connectRedis(redisUrl, subOutage, { autoResubscribe: false });
    this.pub = pub;
    this.sub = sub;
    sub.on('message', (_channel, message: string) => this.receive(message));
    let markSubscribed = () => {};
    const subscribed = new Promise<void>((resolve) => {
      markSubscribed = resolve;
    });
    // After every (re)connect: a first subscription may have failed while Redis was down.
    sub.on('ready', () => {
      sub.subscribe(REDIS_CHANNEL).then(markSubscribed, (err) => subOutage.failed(err));
    });
    const failed = (client: Redis) => new Promise<void>((resolve) => client.once('error', () => resolve()));
    const pubReady = pub.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve) => pub.once('ready', () => resolve()));
    this.ready = Promise.race([
      Promise.all([Promise.race([subscribed, failed(sub)]), Promise.race([pubReady, failed(pub)])]).then(() => {}),
      new Promise<void>((resolve) => setTimeout(resolve, READY_WAIT_MS).unref()),
    ]);
  }

  /** Delivers to this instance's sockets, then to the other instances' through Redis if it answers. */
  async publish(e: RealtimeEvent): Promise<void> {
    this.deliver(e);
    if (!this.pub) return;
    // While Redis is away the other instances miss the event (the client's outage log says so once).
    await this.pub.publish(REDIS_CHANNEL, JSON.stringify({ ...e, origin: this.origin })).catch(() => {});
  }

  /**
   * publish(), answering once the event has come back to this instance from Redis: Redis has then
   * handed it to every subscribed instance (it writes a message to all subscribers at once). Gives
   * up waiting after `waitMs` (Redis away or slow): the others then get it when it arrives, if ever.
   */
  async publishAcknowledged(e: RealtimeEvent, waitMs = 1000): Promise<void> {
    this.deliver(e);
    if (!this.pub) return;
    const ack = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const back = new Promise<void>((resolve) => {
      this.acks.set(ack, resolve);
      timer = setTimeout(resolve, waitMs);
    });
    const sent = await this.pub.publish(REDIS_CHANNEL, JSON.stringify({ ...e, origin: this.origin, ack })).then(
      () => true,
      () => false,
    );
    if (sent) await back;
    clearTimeout(timer);
    this.acks.delete(ack);
  }

  private readonly acks = new Map<string, () => void>();

  private receive(message: string) {
    try {
      const { origin, ack, ...e } = JSON.parse(message) as RealtimeEvent & { origin?: string; ack?: string };
      if (origin === this.origin && ack) this.acks.get(ack)?.();
      if (origin !== this.origin) this.deliver(e);
    } catch (err) {
      this.log.warn({ err }, 'bad realtime message');
    }
  }

  private deliver(e: RealtimeEvent) {
    this.local.emit(e.channel, e);
  }

  listen(channel: string, listener: Listener): () => void {
    this.local.on(channel, listener);
    return () => this.local.off(channel, listener);
  }

  /**
   * What a channel token says of the session it was issued to: a short MAC of the session's row id
   * (sessions.id, the sha256 of its cookie), so the socket can ask whether that session still lives.
   */
  sessionTag(sessionKey: string): string {
    return hmac(this.secret, `channel-session:${sessionKey}`).slice(0, 16);
  }

  /**
   * The token of `POST /api/user/csrf-token`: good for one user's private channel, for a few minutes,
   * and only while the session it was issued to lives (checked on subscribe, realtime-socket.ts).
   */
  channelToken(userId: number, sessionKey: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + CHANNEL_TOKEN_TTL_SECONDS;
    const tag = this.sessionTag(sessionKey);
    return `${userId}.${expires}.${tag}.${hmac(this.secret, `channel:user.${userId}:${expires}:${tag}`)}`;
  }

  /** The user id and session tag the token opens `channel` for, or null. */
  verifyChannelToken(channel: string, token: string, now = Date.now()): { userId: number; sessionTag: string } | null {
    const [id, expires, tag, mac, extra] = token.split('.');
    if (!id || !expires || !tag || !mac || extra !== undefined || channel !== userChannel(Number(id))) return null;
    if (Number(expires) * 1000 < now) return null;
    return safeEqual(mac, hmac(this.secret, `channel:user.${id}:${expires}:${tag}`)) ? { userId: Number(id), sessionTag: tag } : null;
  }

  async close(): Promise<void> {
    this.sub?.disconnect();
    this.pub?.disconnect();
  }
}
