import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { FileStorage } from './lib/file-storage.ts';
import type { MailOutbox } from './lib/mail.ts';
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
  /** Letters queued in the caller's transaction (lib/mail.ts); `mailer` is the worker's sender. */
  mail: MailOutbox;
  /** Stored uploads: reply CVs, resume imports (lib/file-storage.ts, PostgreSQL). */
  files: FileStorage;
  sessions: SessionTools;
  realtime: RealtimeHub;
  /** The resume search's pool and caches. */
  search: SearchRuntime;
  log: FastifyBaseLogger;
};
