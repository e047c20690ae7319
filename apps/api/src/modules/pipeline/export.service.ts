import { PIPELINE_MSG, REPLY_CHANNEL_TITLES, type ReplyChannel } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/app-error.ts';
import { type Cell, toCsv, toXlsx } from '../../lib/spreadsheet.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { displayNameOf, REPLY_TEAM_SIGHT, sightOf } from '../resume/candidate-view.ts';
import { personOfCard } from '../resume/resume.card.ts';
import { phoneForPage } from '../resume/resume.presenter.ts';
import { vacancyForTeam } from '../vacancy/vacancy.access.ts';

/**
 * A vacancy's replies as CSV or XLSX (PRODUCT 11): the chosen ones, one stage's, or all, one row per
 * reply. A reply from the public page is the team's in full; an invited club resume shows its name
 * and contacts only as its card would to this member (candidate-view.ts): contacts once opened.
 */
export const REPLY_EXPORT_HEADER = [
  'ФИО',
  'Этап',
  'Причина отказа',
  'Дата отклика',
  'Дата перехода на этап',
  'Город',
  'Телефон',
  'E-mail',
  'Источник',
  'Ссылка',
];

const moscow = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'short' });
const moscowTime = (at: string) => moscow.format(new Date(at)).replace(',', '');

type Row = {
  id: number;
  fio: string;
  source: 'reply' | 'invite';
  channel: ReplyChannel;
  created_at: string;
  stage_at: string;
  stage: string;
  reason: string | null;
  city: string | null;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  phone: string | null;
  email: string | null;
  telegram: string | null;
  opened: boolean;
};

export async function exportReplies(
  ctx: AppContext,
  viewer: AuthUser,
  vacancyId: number,
  q: { format: 'csv' | 'xlsx'; ids?: number[]; stage_id?: number },
) {
  const vacancy = await vacancyForTeam(ctx, viewer.id, vacancyId);
  let where = sql``;
  if (q.ids?.length) where = sql`and r.id in (select value::bigint from jsonb_array_elements_text(${JSON.stringify(q.ids)}::jsonb))`;
  else if (q.stage_id) {
    const [stage] = await ctx.database.rows<{ id: number }>(sql`select id from vacancy_stages where id = ${q.stage_id} and vacancy_id = ${vacancy.id}`);
    if (!stage) throw fieldError('stage_id', PIPELINE_MSG.stageNotFound);
    where = sql`and r.stage_id = ${q.stage_id}`;
  }
  const rows = await ctx.database.rows<Row>(sql`
    select r.id, r.fio, r.source, r.channel, r.created_at, r.stage_at, s.title as stage, rr.title as reason,
      coalesce(r.city_name, c.name) as city, res.first_name, res.last_name, res.middle_name, res.phone, res.email, res.telegram,
      (r.source = 'invite' and exists (select 1 from contact_openings co where co.user_id = ${viewer.id} and co.resume_id = res.id)) as opened
    from vacancy_replies r
    join vacancy_stages s on s.id = r.stage_id
    join resumes res on res.id = r.resume_id
    left join rejection_reasons rr on rr.id = r.reason_id
    left join cities c on c.id = res.city_id
    where r.vacancy_id = ${vacancy.id} ${where}
    order by s.position, r.id desc`);
  const data: Cell[][] = rows.map((r) => {
    const sight = r.source === 'invite' ? sightOf(viewer, !!r.opened) : REPLY_TEAM_SIGHT;
    const person = personOfCard(r);
    return [
      displayNameOf(person, r.fio, sight),
      r.stage,
      r.reason ?? '',
      moscowTime(r.created_at),
      moscowTime(r.stage_at),
      r.city ?? '',
      sight.contacts ? (phoneForPage(r.phone) ?? '') : '',
      sight.contacts ? (r.email ?? '') : '',
      REPLY_CHANNEL_TITLES[r.channel] ?? '',
      `${ctx.config.appUrl}/vacancy/${vacancy.id}/reply/${r.id}`,
    ];
  });
  const name = `Отклики — ${vacancy.title.replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ').trim().slice(0, 100)}`;
  return q.format === 'csv'
    ? { body: toCsv(REPLY_EXPORT_HEADER, data), type: 'text/csv; charset=utf-8', filename: `${name}.csv`, rows: data.length }
    : {
        body: toXlsx('Отклики', REPLY_EXPORT_HEADER, data),
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        filename: `${name}.xlsx`,
        rows: data.length,
      };
}
