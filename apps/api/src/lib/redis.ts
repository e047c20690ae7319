import { Redis, type RedisOptions } from 'ioredis';
import type { Outage } from './outage.ts';

/** How long a connection attempt to Redis may take before it counts as failed. */
const REDIS_CONNECT_TIMEOUT_MS = 2000;

/**
 * A Redis client that never holds the site up: it is not awaited at boot, a command while Redis is
 * away fails at once (no offline queue) instead of waiting, and a hung Redis fails a command after a
 * second. It keeps reconnecting in the background (every 2 s at most) for as long as it takes;
 * errors go to `outage` (logged once per outage), never to an unhandled 'error' event.
 */
export function connectRedis(url: string, outage: Outage, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 100, 2000),
    ...options,
  });
  redis.on('error', (err) => outage.failed(err));
  redis.on('ready', () => outage.recovered());
  return redis;
}
