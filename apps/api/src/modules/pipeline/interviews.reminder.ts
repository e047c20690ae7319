import { INTERVIEW_REMINDER_MINUTES } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notifyMany } from '../notify/notify.service.ts';
import { teamOf } from '../vacancy/vacancy.access.ts';
import { moscowWhen } from './interviews.letters.ts';
import { rowsIn } from './pipeline.db.ts';

type ReminderJob = { interview_id: number; sequence: number };

/** Thrown inside the notifications' transaction when another run reminded first: nothing is written. */
class AlreadyReminded extends Error {}

/**
 * The `interview.reminder` job: each participant hears of the interview shortly before it — a
 * cabinet notification with its e-mail and Telegram copies by their preferences. Nothing when the
 * interview was cancelled, when it was changed since (`sequence` moved on: the change queued its own
 * reminder), or when it is over. Only participants still of the vacancy owner's team and not blocked
 * are reminded: the stored list is of the time of scheduling, and a member who left since no longer
 * hears of the candidate. `reminded_at` is set in the notifications' transaction by a
 * statement that only one run can win, so two workers never remind twice. `now`: the clock (tests).
 */
export async function remindParticipants(ctx: AppContext, job: ReminderJob, now = new Date()): Promise<{ reminded: number }> {
  const [iv] = await ctx.database.rows<{ participant_ids: number[]; starts_at: Date | string; minutes: number; reply_id: number; vacancy_id: number; title: string }>(
    sql`select array(select u.id from users u
                       where u.id = any(i.participant_ids) and u.blocked_at is null and u.id in ${teamOf(sql`v.owner_id`)}
                       order by u.id) as participant_ids,
               i.starts_at, i.minutes, i.reply_id, r.vacancy_id, v.title
        from interviews i join vacancy_replies r on r.id = i.reply_id join vacancies v on v.id = r.vacancy_id
        where i.id = ${job.interview_id} and i.sequence = ${job.sequence} and i.cancelled_at is null and i.reminded_at is null`,
  );
  if (!iv) return { reminded: 0 };
  const start = new Date(iv.starts_at);
  if (start.getTime() + iv.minutes * 60_000 <= now.getTime()) return { reminded: 0 };
  const minutesLeft = Math.max(0, Math.round((start.getTime() - now.getTime()) / 60_000));
  const soon = minutesLeft <= INTERVIEW_REMINDER_MINUTES ? `Интервью скоро начнётся: ${moscowWhen(start)}` : `Интервью ${moscowWhen(start)}`;
  try {
    const { notified } = await notifyMany(ctx, { userIds: iv.participant_ids.map(Number) }, async (tx) => {
      const won = await rowsIn<{ id: number }>(
        tx,
        sql`update interviews set reminded_at = now()
            where id = ${job.interview_id} and sequence = ${job.sequence} and cancelled_at is null and reminded_at is null
            returning id`,
      );
      if (!won.length) throw new AlreadyReminded();
      return { title: 'Напоминание об интервью', message: `${soon}. Вакансия «${iv.title}».`, url: `/vacancy/${Number(iv.vacancy_id)}/reply/${Number(iv.reply_id)}` };
    });
    return { reminded: notified };
  } catch (err) {
    if (err instanceof AlreadyReminded) return { reminded: 0 };
    throw err;
  }
}

/** The job's handler (app.ts). */
export async function remindInterview(ctx: AppContext, job: ReminderJob): Promise<void> {
  await remindParticipants(ctx, job);
}
