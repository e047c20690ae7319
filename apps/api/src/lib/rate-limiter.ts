import { MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { AppError } from './app-error.ts';
import type { Outage } from './outage.ts';

export type RateLimiter = {
  /**
   * Counts one attempt under `key`; over `limit` within the window it throws 429 with Retry-After
   * and `message(minutes until the window frees)` (default «Слишком много попыток…»).
   */
  consume(key: string, limit: number, windowSeconds: number, message?: LimitMessage): Promise<void>;
  reset(key: string): Promise<void>;
};

/** The Russian text of a 429, given the whole minutes until the limit frees. */
export type LimitMessage = (minutes: number) => string;

function tooMany(retryAfterSeconds: number, message: LimitMessage = MSG.tooManyAttempts): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('too_many', message(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });
}

/** Counters in the database: every instance on the same database shares them. */
export function databaseRateLimiter(database: Database): RateLimiter {
  return {
    async consume(key, limit, windowSeconds, message) {
      const [row] = await database.rows<{ count: number; retry: number }>(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning count, extract(epoch from (reset_at - now()))::float8 as retry`);
      if (row && row.count > limit) throw tooMany(row.retry, message);
    },
    async reset(key) {
      await database.db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

function redisRateLimiter(redis: Redis): RateLimiter {
  return {
    async consume(key, limit, windowSeconds, message) {
      const k = `rl:${key}`;
      const [[, count], , [, ttl]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec()) as [
        [unknown, number],
        [unknown, number],
        [unknown, number],
      ];
      if (count > limit) throw tooMany(ttl > 0 ? ttl : windowSeconds, message);
    },
    async reset(key) {
      await redis.del(`rl:${key}`);
    },
  };
}

/**
 * Redis while it answers, the database while it does not: a lost Redis must neither open the
 * limits nor turn `/login` into a 500. Counts do not carry over between the two (an outage starts
 * fresh windows in the database), which keeps a limit at worst twice as generous for one window.
 */
export function redisWithFallback(redis: Redis, fallback: RateLimiter, outage: Outage): RateLimiter {
  const primary = redisRateLimiter(redis);
  const run = async (use: (limiter: RateLimiter) => Promise<void>) => {
    // Not connected: the client's own outage log has said so; no point in a doomed command.
    if (redis.status !== 'ready') return use(fallback);
    try {
      await use(primary);
    } catch (err) {
      if (err instanceof AppError) throw err;
      outage.failed(err);
      await use(fallback);
    }
  };
  return {
    consume: (key, limit, windowSeconds, message) => run((l) => l.consume(key, limit, windowSeconds, message)),
    reset: (key) => run((l) => l.reset(key)),
  };
}
