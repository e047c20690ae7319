import { REPLY_STATUS_TITLES } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { Context } from 'grammy';
import type { AppContext } from '../../context.ts';
import { moveReply } from '../pipeline/reply-move.service.ts';
import { listReasons } from '../pipeline/reasons.service.ts';
import { replyNameForChat } from './reply.service.ts';
import { teamOf } from './vacancy.access.ts';

/** `reply:{id}:invited`, `reply:{id}:rejected` (asks for a reason), `reply:{id}:rej:{reasonId}` (rejects with it). */
const DATA = /^reply:(\d{1,18}):(?:(invited|rejected)|rej:(\d{1,10}))$/;
/** Telegram's limit on a button's text, in characters (a reason is cut to fit). */
const BUTTON_TEXT_MAX = 60;
/** Reasons offered as buttons: the team's most used (Telegram refuses a keyboard of 100 buttons or more). */
export const TELEGRAM_REASONS_MAX = 20;

export const TG_REPLY_TEXT = {
  denied: 'Этот отклик вам недоступен',
  unknownChat: 'Этот чат не привязан к HR-облаку',
  done: (fio: string, status: string, vacancy: string) => `Отклик «${fio}» на вакансию «${vacancy}»: ${status}`,
  same: (fio: string, status: string) => `Отклик «${fio}» уже в статусе «${status}»`,
  chooseReason: (fio: string) => `Почему отказываем «${fio}»? Выберите причину`,
  moreReasons: `Здесь ${TELEGRAM_REASONS_MAX} самых частых причин, остальные — на странице отклика`,
  rejected: (fio: string, vacancy: string, reason: string) => `Отклик «${fio}» на вакансию «${vacancy}»: отказ — ${reason}`,
  reasonGone: 'Эта причина отказа больше недоступна',
};

/**
 * The reasons the team rejects with most (on its vacancies), then the defaults before its own, at most
 * TELEGRAM_REASONS_MAX; `more` when the team has others. One statement.
 */
async function reasonsForButtons(ctx: AppContext, userId: number) {
  const rows = await ctx.database.rows<{ id: number; title: string; total: number }>(
    sql`select rr.id, rr.title, count(*) over ()::int as total
        from rejection_reasons rr
        left join (select r.reason_id, count(*) as n from vacancy_replies r join vacancies v on v.id = r.vacancy_id
                   where r.reason_id is not null and v.owner_id in ${teamOf(userId)} group by r.reason_id) used on used.reason_id = rr.id
        where rr.owner_id is null or rr.owner_id in ${teamOf(userId)}
        order by coalesce(used.n, 0) desc, (rr.owner_id is not null), rr.id
        limit ${TELEGRAM_REASONS_MAX}`,
  );
  return { items: rows.map((r) => ({ id: Number(r.id), title: r.title })), more: Number(rows[0]?.total ?? 0) > rows.length };
}

const buttonText = (s: string) => (s.length > BUTTON_TEXT_MAX ? `${s.slice(0, BUTTON_TEXT_MAX - 1)}…` : s);

/**
 * «Пригласить» / «Отказать» under a new-reply notification. The server decides: the pressing chat
 * must be bound to a member of the vacancy owner's team; only then the reply moves (through the one
 * move of the pipeline, recorded as that member's action). A rejection asks for a reason first: the
 * answer lists the team's reasons as buttons, and a reason's button rejects with it.
 */
export async function handleReplyButton(ctx: AppContext, c: Context): Promise<boolean> {
  const data = c.callbackQuery?.data ?? '';
  const m = DATA.exec(data);
  if (!m) return false;
  const replyId = Number(m[1]);
  const status = m[2] as 'invited' | 'rejected' | undefined;
  const reasonId = m[3] ? Number(m[3]) : null;
  const chatId = String(c.chat?.id ?? c.callbackQuery?.from.id ?? '');
  const say = async (text: string, alert = false, markup?: { inline_keyboard: { text: string; callback_data: string }[][] }) => {
    // Either answer may fail (Telegram away): the move is already committed.
    await c
      .answerCallbackQuery({ text: text.slice(0, 200), show_alert: alert })
      .catch((err) => ctx.log.warn({ err, chatId }, 'answerCallbackQuery failed'));
    if (c.chat?.id) {
      await c.api
        .sendMessage(c.chat.id, text, { link_preview_options: { is_disabled: true }, ...(markup ? { reply_markup: markup } : {}) })
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
  const userId = Number(row.user_id);
  const vacancyId = Number(row.vacancy_id);
  const fio = await replyNameForChat(ctx.database.db, replyId);

  if (status === 'rejected') {
    const reasons = await reasonsForButtons(ctx, userId);
    // `reply:{id}:rej:{reasonId}` is at most 40 bytes, under Telegram's 64.
    const keyboard = reasons.items.map((r) => [{ text: buttonText(r.title), callback_data: `reply:${replyId}:rej:${r.id}` }]);
    const text = reasons.more ? `${TG_REPLY_TEXT.chooseReason(fio)}\n${TG_REPLY_TEXT.moreReasons}` : TG_REPLY_TEXT.chooseReason(fio);
    await say(text, false, { inline_keyboard: keyboard });
    return true;
  }

  if (reasonId != null) {
    const reasons = await listReasons(ctx, userId);
    const reason = reasons.find((r) => r.id === reasonId);
    const [rejected] = await ctx.database.rows<{ id: number }>(
      sql`select id from vacancy_stages where vacancy_id = ${vacancyId} and kind = 'rejected'`,
    );
    if (!reason || !rejected) {
      await say(TG_REPLY_TEXT.reasonGone, true);
      return true;
    }
    const result = await moveReply(ctx, userId, vacancyId, replyId, { stageId: Number(rejected.id), reasonId, reasonOptional: true });
    await say(result.moved ? TG_REPLY_TEXT.rejected(fio, row.title, reason.title) : TG_REPLY_TEXT.same(fio, result.target.title));
    return true;
  }

  const result = await moveReply(ctx, userId, vacancyId, replyId, { status: 'invited', reasonOptional: true });
  const title = REPLY_STATUS_TITLES.invited;
  await say(result.moved ? TG_REPLY_TEXT.done(fio, title, row.title) : TG_REPLY_TEXT.same(fio, title));
  return true;
}
