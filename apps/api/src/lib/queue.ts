import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

type JobRow = { id: number; kind: string; payload: Record<string, unknown>; attempts: number };

const MAX_ATTEMPTS = 8;

/**
 * Enqueue inside the caller's transaction: the job exists exactly when the change does.
 * `runAt` delays it (a reminder); without it the job is due at once.
 */
export async function enqueueJob(tx: Db, kind: string, payload: Record<string, unknown>, opts: { runAt?: Date } = {}): Promise<void> {
  await tx.insert(jobs).values({ kind, payload, ...(opts.runAt ? { runAt: opts.runAt } : {}) });
}

/**
 * A durable queue in the jobs table. Workers claim with SKIP LOCKED, so several API
 * instances can share it; a crash leaves the lease to expire and the job to run again.
 */
export class JobQueue {
  private handlers = new Map<string, JobHandler>();
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  private wanted = false;

  constructor(
    private database: Database,
    private log: FastifyBaseLogger,
  ) {}

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  start(pollMs = 1000): void {
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(loop, pollMs);
    };
    loop();
  }

  /** Ask for a run soon (after a commit that enqueued something). */
  kick(): void {
    if (this.stopped) return; // not started (tests and the CLI run jobs explicitly)
    if (this.running) {
      this.wanted = true;
      return;
    }
    this.running = this.runPending()
      .then(() => undefined)
      .catch((err) => this.log.error({ err }, 'job queue run failed'))
      .finally(() => {
        this.running = undefined;
        if (this.wanted && !this.stopped) {
          this.wanted = false;
          this.kick();
        }
      });
  }

  /** Runs every job that is due now; returns when none is left. Tests call it directly. */
  async runPending(): Promise<number> {
    let done = 0;
    for (;;) {
      const [job] = await this.database.rows<JobRow>(sql`
        update jobs set locked_until = now() + interval '2 minutes', attempts = attempts + 1
        where id = (
          select id from jobs
          where done_at is null and failed_at is null and run_at <= now()
            and (locked_until is null or locked_until < now())
          order by id for update skip locked limit 1)
        returning id, kind, payload, attempts`);
      if (!job) return done;
      await this.runOne(job);
      done++;
    }
  }

  private async runOne(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await this.database.db.execute(sql`update jobs set done_at = now(), locked_until = null where id = ${job.id}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.warn({ err, jobId: job.id, kind: job.kind }, 'job failed');
      if (job.attempts >= MAX_ATTEMPTS) {
        await this.database.db.execute(
          sql`update jobs set failed_at = now(), last_error = ${message}, locked_until = null where id = ${job.id}`,
        );
      } else {
        // Back off 2^n seconds: 2 s, 4 s, … about 4 minutes for the last try.
        const delay = 2 ** job.attempts;
        await this.database.db.execute(sql`
          update jobs set run_at = now() + make_interval(secs => ${delay}), last_error = ${message}, locked_until = null
          where id = ${job.id}`);
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
