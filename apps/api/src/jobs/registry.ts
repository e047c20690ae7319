import { maskEmail } from '@hr/contract';
import { z } from 'zod';
import { autosearchPassSeconds } from '../config.ts';

/**
 * Every kind of background job, in one place: its payload (checked when it is enqueued and again
 * before it runs), its priority and whether the payload holds a secret. The handlers are the
 * modules' own functions, wired to their kinds in app.ts (`JobHandlers`): this file and the queue
 * import no module, so nothing here can close an import cycle.
 *
 * To add a kind: declare it here, give it its handler in app.ts, enqueue it with
 * `enqueueJob(tx, kind, payload)` inside the transaction of the change that asks for it, and
 * `ctx.queue.kick()` after the commit. The worker
 * (src/lib/queue.ts) claims due jobs in `priority, run_at, id` order, retries failures with capped
 * backoff for a day, and marks an unknown kind, a bad payload or a PermanentJobError (lib/job-errors.ts)
 * failed at once. Urgent jobs run in a lane of their own beside the rest.
 */

/** Lower runs first. A job with a secret (a login code, a reset link) is always `urgent`. */
export const PRIORITY = { urgent: 0, normal: 50, bulk: 100 } as const;
export type Priority = keyof typeof PRIORITY;

type JobDefinition<S extends z.ZodType> = {
  payload: S;
  /** The priority unless the enqueue says otherwise. */
  priority: Priority;
  /** True when the payload holds a code or a link: it is scrubbed once the job is finished. */
  secret?: (payload: z.output<S>) => boolean;
  /** What of a secret payload is kept once it is scrubbed (nothing by default). */
  scrubbed?: (payload: z.output<S>) => Record<string, unknown>;
  /** A periodic job: the queue keeps one pending instance, due this many seconds after the last run. */
  everySeconds?: number;
};

const job = <S extends z.ZodType>(definition: JobDefinition<S>) => definition;

const text = (max: number) => z.string().max(max);

/** Inline buttons under a Telegram message (e.g. a reply's «Пригласить» / «Отказать»). */
export const telegramReplyMarkup = z.object({
  inline_keyboard: z
    .array(
      z
        .array(
          z.union([z.object({ text: text(200).min(1), callback_data: text(64) }), z.object({ text: text(200).min(1), url: text(2000) })]),
        )
        .max(8),
    )
    .max(10),
});
export type TelegramReplyMarkup = z.infer<typeof telegramReplyMarkup>;

export const JOBS = {
  /** One letter through SMTP (or mail_outbox without SMTP_URL). */
  mail: job({
    payload: z.object({
      to: z.string().min(3).max(320).regex(/@/, 'not an e-mail address'),
      subject: text(1000).min(1),
      text: text(100_000),
      html: text(200_000).optional(),
      secret: z.boolean().optional(),
      /** Extra headers of the letter (a digest's List-Unsubscribe). */
      headers: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,60}$/), text(2000)).optional(),
      /** An RFC 5545 invitation (an interview): sent as text/calendar with the letter. */
      icalEvent: z.object({ method: z.enum(['REQUEST', 'CANCEL']), content: text(50_000).min(1), filename: text(100).optional() }).optional(),
      /** A message to a candidate (reply_messages): its delivery state follows the send. */
      replyMessageId: z.number().int().positive().optional(),
    }),
    priority: 'normal',
    secret: (mail) => mail.secret === true,
    // The back office lists failed mail (admin.mail.ts): the address masked, never the code.
    scrubbed: (mail) => ({ to_masked: maskEmail(mail.to), secret: true }),
  }),

  /** One sendMessage through the bot (notification copies, login codes, «отвязан»). */
  'telegram.message': job({
    payload: z.object({
      chatId: z.string().min(1).max(64),
      text: text(4096).min(1),
      replyMarkup: telegramReplyMarkup.optional(),
      secret: z.boolean().optional(),
    }),
    priority: 'normal',
    secret: (message) => message.secret === true,
  }),

  /**
   * A login code asked for with `login/check` (auth.service sendLoginCode): the worker looks the address
   * up, so the request does the same work for a known and an unknown one. The session key binds the code.
   */
  'auth.login_code': job({
    payload: z.object({ email: z.string().min(3).max(320), session_key: z.string().length(64) }),
    priority: 'urgent',
    secret: () => true,
  }),

  /** A review request still unanswered REVIEW_REMINDER_HOURS after sending: remind the requester, once. */
  'review.reminder': job({
    payload: z.object({ request_id: z.string().min(1).max(64) }),
    priority: 'normal',
  }),

  /** A resume import uploaded in the back office (modules/admin/admin.imports.ts); a rerun starts over. */
  'admin.resume_import': job({
    payload: z.object({ import_id: z.number().int().positive() }),
    priority: 'bulk',
  }),

  /**
   * Автопоиск digests (modules/autosearch/digest): the saved searches due now run on the resumes
   * changed since their last run and mail / message what is new (AUTOSEARCH_PASS_SECONDS, 300 by default).
   */
  'autosearch.digest': job({
    payload: z.object({}),
    priority: 'normal',
    everySeconds: autosearchPassSeconds(),
  }),

  /** Participants of an interview are reminded INTERVIEW_REMINDER_MINUTES before it (modules/pipeline); stale when `sequence` moved on. */
  'interview.reminder': job({
    payload: z.object({ interview_id: z.number().int().positive(), sequence: z.number().int().min(0) }),
    priority: 'normal',
  }),

  /** Retention (docs/decisions.md): old jobs, expired sessions and limits, old client errors. */
  'maintenance.cleanup': job({
    payload: z.object({}),
    priority: 'normal',
    everySeconds: 3600,
  }),
};

export type JobKind = keyof typeof JOBS;
export type JobPayload<K extends JobKind> = z.input<(typeof JOBS)[K]['payload']>;

/**
 * The handler of every kind, given the app's services (`Ctx`, the AppContext) and the checked
 * payload. app.ts builds this map from the modules' functions and hands it to the queue.
 */
export type JobHandlers<Ctx> = {
  [K in JobKind]: (ctx: Ctx, payload: z.output<(typeof JOBS)[K]['payload']>) => Promise<void>;
};

/** The registry entry seen without its kind's types (the worker handles rows of any kind). */
export type AnyJob = {
  payload: z.ZodType<Record<string, unknown>>;
  priority: Priority;
  secret?: (payload: Record<string, unknown>) => boolean;
  scrubbed?: (payload: Record<string, unknown>) => Record<string, unknown>;
  everySeconds?: number;
};

export function jobDefinition(kind: string): AnyJob | undefined {
  return Object.hasOwn(JOBS, kind) ? (JOBS[kind as JobKind] as unknown as AnyJob) : undefined;
}

export const isJobKind = (kind: string): kind is JobKind => Object.hasOwn(JOBS, kind);
