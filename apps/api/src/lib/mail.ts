import type { Db } from '../db/client.ts';
import type { Mail } from './mailer.ts';
import { type EnqueueOptions, enqueueJob } from './queue.ts';

export const MAIL_JOB = 'mail';

export type MailOptions = Pick<EnqueueOptions, 'priority' | 'runAt'>;

/**
 * Mail leaves through the durable queue: enqueued in the caller's transaction, sent by the worker
 * (the `mail` job, ctx.mailer). A `secret` mail (code, reset link) goes before everything else; pass
 * `{ priority: 'bulk' }` for copies that may wait.
 */
export async function enqueueMail(tx: Db, mail: Mail, opts: MailOptions = {}): Promise<void> {
  await enqueueJob(tx, MAIL_JOB, mail, opts);
}

/** What services reach as `ctx.mail`: a letter queued in the caller's transaction. */
export type MailOutbox = { enqueue(tx: Db, mail: Mail, opts?: MailOptions): Promise<void> };

export const queuedMail: MailOutbox = { enqueue: enqueueMail };
