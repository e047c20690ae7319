import { REPLY_STATUS_TITLES } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { Context } from 'grammy';
import type { AppContext } from '../../context.ts';
import { setReplyStatus } from './reply.service.ts';
import { teamOf } from './vacancy.access.ts';

const DATA = /^reply:(\d{1,18}):(invited|rejected)$/;
export const TG_REPLY_TEXT = {
  denied: 'Этот отклик вам недоступен',
  unknownChat: 'Этот чат не привязан к HR-облаку',
  done: (fio: string, status: string, vacancy: string) => `Отклик «${fio}» на вакансию «${vacancy}»: ${status}`,
  same: (fio: string, status: string) => `Отклик «${fio}» уже в статусе «${status}»`,
};

/**
 * «Пригласить» / «Отказать» under a new-reply notification. The server decides: the pressing chat
 * must be bound to a member of the vacancy owner's team; only then the status changes (recorded
 * as that member's action). Answers the button and writes the result into the chat.
 */
export async function handleReplyButton(ctx: AppContext, c: Context): Promise<boolean> {
  const data = c.callbackQuery?.data ?? '';
  const m = DATA.exec(data);
  if (!m) return false;
  const replyId = Number(m[1]);
  const status = m[2] as 'invited' | 'rejected';
  const chatId = String(c.chat?.id ?? c.callbackQuery?.from.id ?? '');
  const say = async (text: string, alert = false) => {
    // Either answer may fail (Telegram away): the status change is already committed.
    await c.answerCallbackQuery({ text, show_alert: alert }).catch((err) => ctx.log.warn({ err, chatId }, 'answerCallbackQuery failed'));
    if (c.chat?.id) {
      await c.api
        .sendMessage(c.chat.id, text, { link_preview_options: { is_disabled: true } })
        .catch((err) => ctx.log.warn({ err, chatId }, 'telegram callback message failed'));
    }
  };
  // The bound member who may handle this reply (a private chat only: a group is nobody's).
  const [row] =
    c.chat?.type === 'private'
      ? await ctx.database.rows<{ user_id: number; vacancy_id: number; title: string }>(sql`
          select u.id as user_id, r.vacancy_id, v.title
          from users u
          join vacancy_replies r on r.id = ${replyId}
          join vacancies v on v.id = r.vacancy_id
          where u.telegram_chat_id = ${chatId} and u.blocked_at is null and v.owner_id in ${teamOf(sql`u.id`)}
          limit 1`)
      : [];
  if (!row) {
    await say(TG_REPLY_TEXT.denied, true);
    return true;
  }
  const result = await setReplyStatus(ctx, Number(row.user_id), Number(row.vacancy_id), replyId, status, null);
  const title = REPLY_STATUS_TITLES[status];
  await say(result.changed ? TG_REPLY_TEXT.done(result.fio, title, row.title) : TG_REPLY_TEXT.same(result.fio, title));
  return true;
}
