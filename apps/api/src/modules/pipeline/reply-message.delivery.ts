import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { PermanentJobError } from '../../lib/job-errors.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * The `mail` job: sends the letter; a message to a candidate (`replyMessageId`) records its delivery
 * state: `sent` with the time once the SMTP server took it, `failed` with the server's reason when
 * it refused for good. A temporary failure is retried by the queue; when the retries run out the
 * queue marks the job failed and `messageStateOf` (reply-message.ts) reads it from there.
 */
export async function sendTrackedMail(ctx: AppContext, mail: Mail): Promise<void> {
  const id = mail.replyMessageId;
  if (!id) return ctx.mailer.send(mail);
  const [row] = await ctx.database.rows<{ state: string }>(sql`select state from reply_messages where id = ${id}`);
  // An undone bulk action's letter (its job is normally gone already) or a deleted reply: nothing to send.
  if (!row || row.state === 'cancelled') return;
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    if (err instanceof PermanentJobError) {
      await ctx.database.db.execute(
        sql`update reply_messages set state = 'failed', error = ${err.message.slice(0, 2000)} where id = ${id}`,
      );
    }
    throw err;
  }
  await ctx.database.db.execute(sql`update reply_messages set state = 'sent', sent_at = now(), error = null where id = ${id}`);
}
