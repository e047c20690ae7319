import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import type { JobQueue } from './lib/queue.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { RealtimeHub } from './lib/realtime.ts';
import type { SearchRuntime } from './modules/resume/search/search.runtime.ts';
import type { SessionTools } from './plugins/session.ts';

/** What services need from the outside world; built once in app.ts (or by the CLI). */
export type AppContext = {
  config: Config;
  database: Database;
  limiter: RateLimiter;
  queue: JobQueue<AppContext>;
  mailer: Mailer;
  sessions: SessionTools;
  realtime: RealtimeHub;
  /** The resume search's pool and caches. */
  search: SearchRuntime;
  log: FastifyBaseLogger;
};
