import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import {
  type AnyJob,
  type JobHandlers,
  type JobKind,
  type JobPayload,
  JOBS,
  jobDefinition,
  PRIORITY,
  type Priority,
} from '../jobs/registry.ts';
import { PermanentJobError } from './job-errors.ts';

/**
 * How long a claimed job is its worker's alone. The worker renews it while the handler runs, and
 * every handler gives up far sooner (SMTP_TIMEOUTS_MS, the Telegram client's 30 s), so a slow send
 * is never claimed a second time.
 */
export const JOB_LEASE_SECONDS = 300;

/** Backoff after the n-th failed try: 2 s, 4 s, 8 s … doubling up to 15 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(2 ** Math.max(1, attempts), 15 * 60);

/** Tries keep coming for at least a day (SMTP down for hours still delivers), then the job fails. */
export const RETRY_BUDGET_SECONDS = 24 * 3600;
export const MAX_ATTEMPTS = (() => {
  let waited = 0;
  let attempts = 1;
  while (waited < RETRY_BUDGET_SECONDS) waited += retryDelaySeconds(attempts++);
  return attempts; // the try that comes a full budget after the first one
})();

export type EnqueueOptions = { priority?: Priority; runAt?: Date; uniqueKey?: string };

/**
 * The worker runs two lanes side by side, each one job at a time: `urgent` takes only the urgent
 * jobs (login codes, reset links), `ordinary` everything else. A send that hangs in one lane (an
 * SMTP server that never answers one letter) never holds up a login code in the other.
 */
export type Lane = 'urgent' | 'ordinary';
export const LANES: readonly Lane[] = ['urgent', 'ordinary'];

const laneFilter = (lane?: Lane) =>
  lane === 'urgent' ? sql`and priority <= ${PRIORITY.urgent}` : lane === 'ordinary' ? sql`and priority > ${PRIORITY.urgent}` : sql``;

type JobRow = { id: number; kind: string; payload: Record<string, unknown>; attempts: number; unique_key: string | null };

/** A payload that does not fit its kind is a programming error: it must fail the caller, loudly. */
function checked(kind: string, payload: unknown): { definition: AnyJob; payload: Record<string, unknown> } {
  const definition = jobDefinition(kind);
  if (!definition) throw new Error(`unknown job kind "${kind}" (declare it in src/jobs/registry.ts)`);
  const result = definition.payload.safeParse(payload);
  if (!result.success) throw new Error(`bad payload for job "${kind}": ${result.error.message}`);
  return { definition, payload: result.data };
}

/**
 * Enqueue inside the caller's transaction: the job exists exactly when the change does. A payload
 * with a secret runs first (`urgent`) unless a priority is given. With `uniqueKey`, nothing is
 * added while a job with that key is still pending.
 */
export async function enqueueJob<K extends JobKind>(
  tx: Db,
  kind: K,
  payload: JobPayload<K>,
  opts: EnqueueOptions = {},
): Promise<number | null> {
  const { definition, payload: clean } = checked(kind, payload);
  const priority = PRIORITY[opts.priority ?? (definition.secret?.(clean) ? 'urgent' : definition.priority)];
  const runAt = opts.runAt ? sql`${opts.runAt.toISOString()}::timestamptz` : sql`now()`;
  const result = (await tx.execute(sql`
    insert into jobs (kind, payload, priority, run_at, unique_key)
    values (${kind}, ${JSON.stringify(clean)}::jsonb, ${priority}, ${runAt}, ${opts.uniqueKey ?? null})
    on conflict (unique_key) where unique_key is not null and done_at is null and failed_at is null do nothing
    returning id`)) as unknown as { rows: { id: number | string }[] };
  // The job's id (a message's delivery state is read from it); null when a pending job with the key already exists.
  return result.rows[0] ? Number(result.rows[0].id) : null;
}

/**
 * Set-based enqueue for fan-outs (thousands of copies in one statement): `rows` is a query yielding
 * `kind` and `payload` columns. The worker checks each payload before running it.
 */
export async function enqueueRows(tx: Db, rows: SQL, priority: Priority): Promise<void> {
  await tx.execute(sql`insert into jobs (kind, payload, priority) select kind, payload, ${PRIORITY[priority]} from (${rows}) as q`);
}

/**
 * A durable queue in the jobs table. Workers claim with SKIP LOCKED, so several API instances can
 * share it; a crash leaves the lease to expire and the job to run again. The handlers are the
 * modules' functions, handed in by app.ts with the app's services: `attach(ctx, handlers)` once
 * they exist. `Ctx` is the AppContext; the queue only passes it on, so it imports no module.
 */
export class JobQueue<Ctx = unknown> {
  private ctx?: Ctx;
  private handlers?: JobHandlers<Ctx>;
  private timer?: NodeJS.Timeout;
  private running: Partial<Record<Lane, Promise<void>>> = {};
  private starting?: Promise<void>;
  private stopped = true;
  private wanted: Partial<Record<Lane, boolean>> = {};

  constructor(
    private database: Database,
    private log: FastifyBaseLogger,
  ) {}

  attach(ctx: Ctx, handlers: JobHandlers<Ctx>): void {
    this.ctx = ctx;
    this.handlers = handlers;
  }

  start(pollMs = 1000): void {
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(loop, pollMs);
    };
    this.starting = this.schedulePeriodic()
      .catch((err) => this.log.error({ err }, 'periodic jobs not scheduled'))
      .finally(loop);
  }

  /** Makes sure each periodic job of the registry has its one pending instance. */
  async schedulePeriodic(): Promise<void> {
    for (const kind of Object.keys(JOBS) as JobKind[]) {
      if (!jobDefinition(kind)?.everySeconds) continue;
      await enqueueJob(this.database.db, kind, {} as never, { uniqueKey: kind });
    }
  }

  /** Ask for a run soon (after a commit that enqueued something), in both lanes. */
  kick(): void {
    if (this.stopped) return; // not started (tests and the CLI run jobs explicitly)
    for (const lane of LANES) this.kickLane(lane);
  }

  private kickLane(lane: Lane): void {
    if (this.stopped) return;
    if (this.running[lane]) {
      this.wanted[lane] = true;
      return;
    }
    this.running[lane] = this.runPending(() => !this.stopped, lane)
      .then(() => undefined)
      .catch((err) => this.log.error({ err, lane }, 'job queue run failed'))
      .finally(() => {
        this.running[lane] = undefined;
        if (this.wanted[lane] && !this.stopped) {
          this.wanted[lane] = false;
          this.kickLane(lane);
        }
      });
  }

  /**
   * Runs every job that is due now, most urgent first; returns when none is left (or `more()` says
   * stop: the worker's run ends between two jobs on stop()). `lane`: only that lane's jobs (the
   * worker's two loops); without it every lane's. Tests call it directly.
   */
  async runPending(more: () => boolean = () => true, lane?: Lane): Promise<number> {
    let done = 0;
    while (more()) {
      const [job] = await this.database.rows<JobRow>(sql`
        update jobs set locked_until = now() + make_interval(secs => ${JOB_LEASE_SECONDS}), attempts = attempts + 1
        where id = (
          select id from jobs
          where done_at is null and failed_at is null and run_at <= now()
            and (locked_until is null or locked_until < now()) ${laneFilter(lane)}
          order by priority, run_at, id for update skip locked limit 1)
        returning id, kind, payload, attempts, unique_key`);
      if (!job) return done;
      await this.runOne(job);
      done++;
    }
    return done;
  }

  private async runOne(job: JobRow): Promise<void> {
    if (!this.ctx || !this.handlers) throw new Error('JobQueue.attach(ctx, handlers) was not called');
    let definition: AnyJob;
    let payload: Record<string, unknown>;
    try {
      ({ definition, payload } = checked(job.kind, job.payload));
    } catch (err) {
      // Retrying cannot fix an unknown kind or a malformed payload.
      this.log.error({ err, jobId: job.id, kind: job.kind }, 'job cannot run');
      await this.finish(job, { failed: errorText(err), scrub: job.payload?.secret === true });
      return;
    }
    const renew = setInterval(
      () => {
        this.database.db
          .execute(
            sql`update jobs set locked_until = now() + make_interval(secs => ${JOB_LEASE_SECONDS}) where id = ${job.id} and done_at is null`,
          )
          .catch(() => {});
      },
      (JOB_LEASE_SECONDS * 1000) / 3,
    );
    try {
      const run = this.handlers[job.kind as JobKind] as (ctx: Ctx, payload: Record<string, unknown>) => Promise<void>;
      await run(this.ctx, payload);
    } catch (err) {
      this.log.warn({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'job failed');
      if (err instanceof PermanentJobError) {
        // A retry cannot change a permanent refusal (an SMTP 5xx): failed now, with the reason.
        await this.finish(job, { failed: errorText(err), scrub: definition.secret?.(payload) ?? false, definition, payload });
      } else if (job.attempts >= MAX_ATTEMPTS) {
        this.log.error({ jobId: job.id, kind: job.kind }, 'job failed for good after a day of tries');
        await this.finish(job, { failed: errorText(err), scrub: definition.secret?.(payload) ?? false, definition, payload });
      } else {
        await this.database.db.execute(sql`
          update jobs set run_at = now() + make_interval(secs => ${retryDelaySeconds(job.attempts)}),
            last_error = ${errorText(err)}, locked_until = null
          where id = ${job.id}`);
      }
      return;
    } finally {
      clearInterval(renew);
    }
    await this.finish(job, { scrub: definition.secret?.(payload) ?? false, definition, payload });
  }

  /**
   * Done (or failed for good): a secret payload is emptied, and a periodic job gets its next run
   * in the same transaction, so exactly one instance is ever pending.
   */
  private async finish(
    job: JobRow,
    opts: { failed?: string; scrub: boolean; definition?: AnyJob; payload?: Record<string, unknown> },
  ): Promise<void> {
    // What may stay of a secret payload (a mail's masked address and subject, for the back office).
    const kept = opts.scrub && opts.payload ? (opts.definition?.scrubbed?.(opts.payload) ?? {}) : {};
    const payload = opts.scrub ? sql`${JSON.stringify(kept)}::jsonb` : sql`payload`;
    const every = opts.definition?.everySeconds;
    await this.database.db.transaction(async (tx) => {
      await tx.execute(
        opts.failed === undefined
          ? sql`update jobs set done_at = now(), locked_until = null, payload = ${payload} where id = ${job.id}`
          : sql`update jobs set failed_at = now(), locked_until = null, last_error = ${opts.failed}, payload = ${payload} where id = ${job.id}`,
      );
      if (every && job.unique_key) {
        await enqueueJob(tx, job.kind as JobKind, job.payload as never, {
          uniqueKey: job.unique_key,
          runAt: new Date(Date.now() + every * 1000),
        });
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all(LANES.map((lane) => this.running[lane]));
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);
