import {
  errorsByField,
  type Paginated,
  phoneDigits,
  REPLY_STATUS_TITLES,
  type ReplyDetail,
  type ReplyFileType,
  type ReplyList,
  type ReplyListItem,
  type ReplyStatus,
  replyBody,
  type StageKind,
  TELEGRAM_REPLY_BUTTONS,
  VACANCY_MSG,
} from '@hr/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { cities, resumes, type VacancyRow, vacancies, vacancyReplies, vacancyReplyHistory } from '../../db/schema/index.ts';
import { AppError, fieldErrors } from '../../lib/app-error.ts';
import { pageOf } from '@hr/contract/pagination';
import { dictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { findCityByName } from '../dictionary/dictionary.service.ts';
import { notify } from '../notify/notify.service.ts';
import { newResumeHash } from '../resume/resume.hash.ts';
import { presentResume, resumeContactsOf } from '../resume/resume.presenter.ts';
import { displayNameOf, REPLY_TEAM_SIGHT, sightOf, VISITOR_SIGHT } from '../resume/candidate-view.ts';
import { canOpenContacts } from '../resume/resume.policy.ts';
import { hasOpenedContacts } from '../resume/resume.service.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { duplicateReplyIds } from '../pipeline/duplicates.flags.ts';
import { replyTextReveal, replyTimeline } from '../pipeline/history.service.ts';
import { REPLY_CARD_COLUMNS, REPLY_CARD_JOINS, type ReplyCardRow, replyCardReader } from '../pipeline/reply-cards.ts';
import { stagesOf, stagesWithCounts } from '../pipeline/stages.service.ts';
import { replyConfirmationMail } from './reply.mail.ts';
import { teamOf, vacancyForTeam } from './vacancy.access.ts';

export type UploadedFile = { key: string; name: string; size: number; type: ReplyFileType };

const isUniqueViolation = (e: unknown): boolean => {
  for (let c = e as { code?: string; cause?: unknown } | undefined, i = 0; c && i < 5; c = c.cause as typeof c, i++) {
    if (c.code === '23505') return true;
  }
  return false;
};

/** A vacancy that takes replies: 404 for a missing or draft one, 422 «Вакансия закрыта» for a closed one. */
export async function openVacancy(ctx: AppContext, id: number): Promise<VacancyRow> {
  const [row] = await ctx.database.db.select().from(vacancies).where(eq(vacancies.id, id)).limit(1);
  if (!row || row.status === 'draft') throw new AppError('not_found', VACANCY_MSG.notFound);
  if (row.status === 'closed') throw new AppError('validation', VACANCY_MSG.closed, { errors: { vacancy: [VACANCY_MSG.closed] } });
  return row;
}

/** «Фамилия Имя Отчество» → the resume's name parts. */
function splitFio(fio: string) {
  const [last = '', first = '', ...rest] = fio.split(/\s+/).filter(Boolean);
  return first
    ? { lastName: last, firstName: first, middleName: rest.join(' ') || null }
    : { lastName: null, firstName: last, middleName: null };
}

/**
 * The public reply (PRODUCT 5): validated fields (already counted against the per-IP limit and the
 * vacancy checked by the caller), the file already stored. The reply becomes a resume of the
 * vacancy (`source = reply`), and the unique indexes refuse a second reply by the same e-mail or
 * phone, however many arrive at once. Notifies the owner's team after the commit.
 */
export async function submitReply(
  ctx: AppContext,
  vacancy: VacancyRow,
  raw: unknown,
  file: UploadedFile | null,
  ip: string,
): Promise<{ id: number | null }> {
  const dropFile = () => (file ? ctx.files.delete(file.key) : Promise.resolve());
  try {
    const parsed = replyBody.safeParse(raw ?? {});
    const errors = parsed.success ? {} : errorsByField(parsed.error.issues);
    const b = parsed.success ? parsed.data : null;
    // The honeypot: a bot gets a success and nothing happens.
    if ((raw as { website?: unknown } | null)?.website) {
      await dropFile();
      return { id: null };
    }
    if (b && !b.resume_text && !file) errors.resume_text = [VACANCY_MSG.resumeOrFile];
    if (!b || Object.keys(errors).length) throw fieldErrors(errors);

    const emailKey = b.email.toLowerCase();
    const digits = phoneDigits(b.phone) as string;
    const city = b.city_name ? await findCityByName(ctx.database, b.city_name) : undefined;
    const names = splitFio(b.fio);
    const written = await ctx.database.db.transaction(async (tx) => {
      const [resume] = await tx
        .insert(resumes)
        .values({
          hash: newResumeHash(),
          source: 'reply',
          sourceId: `vacancy-${vacancy.id}-${newResumeHash()}`,
          ...names,
          cityId: city ? Number(city.value) : null,
          title: vacancy.title,
          about: b.resume_text,
          phone: digits,
          email: b.email,
          vacancyId: vacancy.id,
          lastActiveAt: new Date(),
        })
        .returning({ id: resumes.id });
      if (!resume) throw new Error('resume not written');
      const [reply] = await tx
        .insert(vacancyReplies)
        .values({
          vacancyId: vacancy.id,
          resumeId: resume.id,
          source: 'reply',
          fio: b.fio,
          emailKey,
          phoneKey: digits,
          cityName: b.city_name,
          coverLetter: b.cover_letter,
          fileKey: file?.key ?? null,
          fileName: file?.name ?? null,
          fileType: file?.type ?? null,
          fileSize: file?.size ?? null,
          consentAt: new Date(),
          consentIp: ip,
          // The version the page showed (the contract refuses any but the one in force).
          consentVersion: b.consent_version,
          channel: b.channel ?? 'site',
        })
        .returning({ id: vacancyReplies.id });
      if (!reply) throw new Error('reply not written');
      await tx.insert(vacancyReplyHistory).values({ replyId: reply.id, status: 'new', userId: null });
      // The candidate's receipt goes with the reply or not at all.
      await ctx.mail.enqueue(tx, replyConfirmationMail({ to: b.email, fio: b.fio, vacancy, hasFile: !!file, appUrl: ctx.config.appUrl }));
      return reply.id;
    });
    ctx.queue.kick();
    await notifyTeam(ctx, vacancy, written, b.fio);
    return { id: written };
  } catch (err) {
    await dropFile();
    if (isUniqueViolation(err)) throw fieldErrors({ email: [VACANCY_MSG.duplicate] });
    throw err;
  }
}

/** The one-tap buttons of the Telegram copy: the reply id and the action. */
export const replyButtons = (replyId: number) => ({
  inline_keyboard: [
    [
      { text: TELEGRAM_REPLY_BUTTONS.invited, callback_data: `reply:${replyId}:invited` },
      { text: TELEGRAM_REPLY_BUTTONS.rejected, callback_data: `reply:${replyId}:rejected` },
    ],
  ],
});

/** Every member of the owner's team hears of the reply; `not_reply_notify` keeps only the cabinet entry. */
async function notifyTeam(ctx: AppContext, vacancy: VacancyRow, replyId: number, fio: string) {
  const members = await ctx.database.rows<{ id: number; flags: string[] }>(
    sql`select id, flags from users where id in ${teamOf(vacancy.ownerId)} and blocked_at is null order by id`,
  );
  const input = {
    title: 'Новый отклик на вакансию',
    message: `${fio} откликается на вакансию «${vacancy.title}»`,
    url: `/vacancy/${vacancy.id}/reply/${replyId}`,
  };
  for (const m of members) {
    const quiet = Array.isArray(m.flags) && m.flags.includes('not_reply_notify');
    await notify(ctx, Number(m.id), input, { copies: !quiet, telegramMarkup: replyButtons(replyId) }).catch((err) =>
      ctx.log.error({ err, userId: m.id }, 'reply notification failed'),
    );
  }
}

// ─── the team's side ──────────────────────────────────────────────────────────────────────────

export async function listReplies(
  ctx: AppContext,
  viewer: AuthUser,
  vacancyId: number,
  q: { status?: ReplyStatus; stage_id?: number; page: number; per_page: number },
): Promise<ReplyList> {
  const vacancy = await vacancyForTeam(ctx, viewer.id, vacancyId);
  const db = ctx.database.db;
  const filter = sql`${q.status ? sql`and r.status = ${q.status}` : sql``} ${q.stage_id ? sql`and r.stage_id = ${q.stage_id}` : sql``}`;
  const [counts, stages, rows, both] = await Promise.all([
    ctx.database.rows<{ status: ReplyStatus; n: number }>(
      sql`select status, count(*)::int as n from vacancy_replies where vacancy_id = ${vacancy.id} group by status`,
    ),
    stagesWithCounts(db, vacancy.id),
    ctx.database.rows<ReplyCardRow>(sql`
      select ${REPLY_CARD_COLUMNS}
      from vacancy_replies r
      ${REPLY_CARD_JOINS}
      where r.vacancy_id = ${vacancy.id} ${filter}
      order by r.id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
    // Both filters at once: their own count (otherwise the tabs and the stages already hold it).
    q.status && q.stage_id
      ? ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from vacancy_replies r where r.vacancy_id = ${vacancy.id} ${filter}`)
      : Promise.resolve(null),
  ]);
  const n = (s: ReplyStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const tabs = { new: n('new'), viewed: n('viewed'), invited: n('invited'), rejected: n('rejected'), hired: n('hired'), all: 0 };
  tabs.all = tabs.new + tabs.viewed + tabs.invited + tabs.rejected + tabs.hired;
  const duplicates = await duplicateReplyIds(
    db,
    vacancy.ownerId,
    rows.map((r) => Number(r.id)),
  );
  // An invited club resume is shown to each member as its card is (candidate-view.ts); a reply as the candidate sent it.
  const read = replyCardReader(viewer, duplicates);
  const data: ReplyListItem[] = rows.map((row) => {
    const card = read(row);
    return { ...card, status_title: REPLY_STATUS_TITLES[card.status] };
  });
  const total = both
    ? Number(both[0]?.n ?? 0)
    : q.stage_id
      ? (stages.find((s) => s.id === q.stage_id)?.count ?? 0)
      : q.status
        ? tabs[q.status]
        : tabs.all;
  const page: Paginated<ReplyListItem> = pageOf(data, total, q.page, q.per_page);
  return { ...page, counts: tabs, stages, vacancy: { id: vacancy.id, title: vacancy.title, status: vacancy.status } };
}

/** The reply row, only through a vacancy the user's team owns. */
async function replyForTeam(db: Db, userId: number, vacancyId: number, replyId: number) {
  const [row] = await db
    .select({ reply: vacancyReplies, vacancyTitle: vacancies.title, ownerId: vacancies.ownerId })
    .from(vacancyReplies)
    .innerJoin(vacancies, eq(vacancies.id, vacancyReplies.vacancyId))
    .where(and(eq(vacancyReplies.id, replyId), eq(vacancyReplies.vacancyId, vacancyId), sql`${vacancies.ownerId} in ${teamOf(userId)}`))
    .limit(1);
  if (!row) throw new AppError('not_found', VACANCY_MSG.replyNotFound);
  return row;
}

/**
 * GET …/reply/{r_id}: the first opening by anyone of the team sets `viewed` (recorded once). A reply a
 * member has moved already (back to «Новые», say) stays where they put it.
 */
export async function openReply(ctx: AppContext, viewer: AuthUser, vacancyId: number, replyId: number): Promise<ReplyDetail> {
  const userId = viewer.id;
  await replyForTeam(ctx.database.db, userId, vacancyId, replyId);
  await ctx.database.db.transaction(async (tx) => {
    const seen = await tx
      .update(vacancyReplies)
      .set({ status: 'viewed', updatedAt: new Date() })
      .where(
        and(
          eq(vacancyReplies.id, replyId),
          eq(vacancyReplies.status, 'new'),
          sql`not exists (select 1 from vacancy_reply_history h where h.reply_id = ${replyId} and h.event = 'move' and h.user_id is not null)`,
        ),
      )
      .returning({ id: vacancyReplies.id });
    if (seen.length) await tx.insert(vacancyReplyHistory).values({ replyId, status: 'viewed', userId });
  });
  return replyDetail(ctx, viewer, vacancyId, replyId);
}

export async function replyDetail(
  ctx: AppContext,
  viewer: AuthUser,
  vacancyId: number,
  replyId: number,
  sent: ReplyDetail['message_state'] | null = null,
): Promise<ReplyDetail> {
  const { reply, vacancyTitle } = await replyForTeam(ctx.database.db, viewer.id, vacancyId, replyId);
  const db = ctx.database.db;
  const [[resume], history, dict, [place], stages] = await Promise.all([
    db.select().from(resumes).where(eq(resumes.id, reply.resumeId)).limit(1),
    // The older shape of the history: the moves, with the text of the message sent with each.
    ctx.database.rows<{
      status: ReplyStatus;
      created_at: string;
      user_id: number | null;
      name: string | null;
      family: string | null;
      message: string | null;
    }>(sql`
      select h.status, h.created_at, h.user_id, u.name, u.family, coalesce(h.message, m.body) as message
      from vacancy_reply_history h left join users u on u.id = h.user_id left join reply_messages m on m.id = h.message_id
      where h.reply_id = ${replyId} and h.event = 'move' order by h.id`),
    dictionaryLookup(ctx.database),
    ctx.database.rows<{ id: number; title: string; kind: StageKind; reason_id: number | null; reason: string | null }>(sql`
      select s.id, s.title, s.kind, rr.id as reason_id, rr.title as reason
      from vacancy_stages s left join rejection_reasons rr on rr.id = ${reply.reasonId}
      where s.id = ${reply.stageId}`),
    stagesOf(db, reply.vacancyId),
  ]);
  if (!resume || !place) throw new AppError('not_found', VACANCY_MSG.replyNotFound);
  // A candidate who replied sent the team their names and contacts: nothing is masked or charged.
  // A club resume the team invited is the club's: each member sees it as on the resume page, its
  // letters and notes too.
  const sight = reply.source === 'invite' ? sightOf(viewer, await hasOpenedContacts(ctx, viewer.id, resume.id)) : REPLY_TEAM_SIGHT;
  const reveal = replyTextReveal(reply.source, resume, sight);
  const [[city], timeline] = await Promise.all([
    resume.cityId
      ? ctx.database.db.select({ name: cities.name, region: cities.region }).from(cities).where(eq(cities.id, resume.cityId)).limit(1)
      : Promise.resolve([]),
    replyTimeline(db, replyId, reveal),
  ]);
  const contacts = sight.contacts ? resumeContactsOf(resume) : null;
  return {
    ...presentResume(dict, resume, city ?? null, {
      sight,
      favourite: null,
      contactsOpened: sight.contacts,
      contacts,
      canOpenContacts: reply.source === 'invite' ? canOpenContacts(viewer) : true,
    }),
    contacts,
    reply_id: reply.id,
    vacancy_id: reply.vacancyId,
    vacancy_title: vacancyTitle,
    status: reply.status,
    status_title: REPLY_STATUS_TITLES[reply.status],
    reply_source: reply.source,
    fio: displayNameOf(resume, reply.fio, sight),
    cover_letter: reply.coverLetter,
    city_name: reply.cityName,
    file:
      reply.fileKey && reply.fileName && reply.fileType ? { name: reply.fileName, size: reply.fileSize ?? 0, type: reply.fileType } : null,
    history: history.map((h) => ({
      status: h.status,
      status_title: REPLY_STATUS_TITLES[h.status],
      at: new Date(h.created_at).toISOString(),
      by: h.user_id ? { id: Number(h.user_id), name: h.name ?? '', family: h.family ?? '' } : null,
      message: h.message == null ? null : reveal(h.message),
    })),
    replied_at: reply.createdAt.toISOString(),
    stage: { id: Number(place.id), title: place.title, kind: place.kind },
    stage_at: reply.stageAt.toISOString(),
    reason: place.reason_id != null && place.reason != null ? { id: Number(place.reason_id), title: place.reason } : null,
    stages,
    timeline,
    message_state: sent,
  };
}

/** The name a move is reported under (Telegram): an invited club resume by its initials, as a list shows it to anyone. */
export async function replyNameForChat(db: Db, replyId: number): Promise<string> {
  const [row] = await db
    .select({ source: vacancyReplies.source, fio: vacancyReplies.fio, firstName: resumes.firstName, lastName: resumes.lastName })
    .from(vacancyReplies)
    .innerJoin(resumes, eq(resumes.id, vacancyReplies.resumeId))
    .where(eq(vacancyReplies.id, replyId))
    .limit(1);
  if (!row) return '';
  if (row.source !== 'invite') return row.fio;
  return displayNameOf({ firstName: row.firstName, lastName: row.lastName, middleName: null }, row.fio, VISITOR_SIGHT);
}

/** The reply's file: the stored bytes with its name, or 404. */
export async function replyFile(ctx: AppContext, userId: number, vacancyId: number, replyId: number) {
  const { reply } = await replyForTeam(ctx.database.db, userId, vacancyId, replyId);
  if (!reply.fileKey || !reply.fileType) throw new AppError('not_found', VACANCY_MSG.fileNotFound);
  const stored = await ctx.files.get(reply.fileKey);
  if (!stored) throw new AppError('not_found', VACANCY_MSG.fileNotFound);
  return { ...stored, name: reply.fileName ?? `resume.${reply.fileType}`, type: reply.fileType };
}
