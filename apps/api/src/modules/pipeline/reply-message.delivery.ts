import type { AppContext } from '../../context.ts';
import type { Mail } from '../../lib/mailer.ts';

/**
 * The `mail` job: sends the letter; a message to a candidate (`replyMessageId`) records its delivery
 * state (being completed: the state on success and on the final failure).
 */
export async function sendTrackedMail(ctx: AppContext, mail: Mail): Promise<void> {
  await ctx.mailer.send(mail);
}
