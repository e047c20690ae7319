import { searchQuery, searchQueryToParams, type VacancyMatches, VACANCY_MSG } from '@hr/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { contactOpenings, vacancyReplies, vacancyReplyHistory } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { findClubResume } from '../resume/resume.service.ts';
import { searchResumes } from '../resume/search/search.service.ts';
import { vacancyForTeam } from './vacancy.access.ts';

/** The search's text is at most 500 characters: the title first, then as many skills as fit. */
function matchText(title: string, skills: string[]): string {
  let text = title;
  for (const s of skills) {
    if (text.length + s.length + 1 > 500) break;
    text += ` ${s}`;
  }
  return text;
}

/**
 * «Подходящие кандидаты»: the club's resumes ranked for the vacancy by the resume search itself —
 * title and skills (any of their words, in the title and key-skills vectors, ranked by relevance),
 * the vacancy's city or people moving there, its experience and salary ceiling. The same filters
 * open the home search as `search`.
 */
export async function vacancyMatches(ctx: AppContext, user: AuthUser, id: number, page: number, perPage: number): Promise<VacancyMatches> {
  const v = await vacancyForTeam(ctx, user.id, id);
  const raw = {
    text: matchText(v.title, v.skills),
    logic: 'any',
    field: ['title', 'skills'],
    search_city: v.cityId ? [String(v.cityId)] : [],
    relocation: 'living_or_relocation',
    experience: v.experience ? [v.experience] : [],
    ...(v.salaryTo != null ? { salary_to: v.salaryTo } : {}),
    searchOrderBy: 'relevance',
    page,
    per_page: perPage,
  };
  const q = searchQuery.parse(raw);
  const result = await searchResumes(ctx, q, user);
  const { page: _p, per_page: _pp, ...filters } = q;
  return {
    per_page: result.per_page,
    current_page: result.current_page,
    last_page: result.last_page,
    total: result.total,
    data: result.data,
    search: new URLSearchParams(searchQueryToParams(filters)).toString(),
  };
}

/**
 * «Пригласить на вакансию»: the club resume joins the vacancy's replies as `invited` (source
 * invite), recorded in the history. When the member has opened the candidate's contacts and there
 * is an e-mail, the candidate is sent the vacancy link.
 */
export async function inviteToVacancy(ctx: AppContext, user: AuthUser, id: number, hash: string) {
  const v = await vacancyForTeam(ctx, user.id, id);
  if (v.status !== 'published') throw fieldError('vacancy', VACANCY_MSG.inviteNeedsPublished);
  const resume = await findClubResume(ctx, hash).catch(() => {
    throw fieldError('resume_hash', VACANCY_MSG.resumeNotFound);
  });
  const fio = [resume.lastName, resume.firstName, resume.middleName].filter(Boolean).join(' ') || resume.title;
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const [reply] = await tx
      .insert(vacancyReplies)
      .values({ vacancyId: v.id, resumeId: resume.id, source: 'invite', status: 'invited', fio, invitedBy: user.id })
      .onConflictDoNothing()
      .returning({ id: vacancyReplies.id });
    if (!reply) throw fieldError('resume_hash', VACANCY_MSG.alreadyInvited);
    await tx.insert(vacancyReplyHistory).values({ replyId: reply.id, status: 'invited', userId: user.id });
    const [opened] = await tx
      .select({ id: contactOpenings.id })
      .from(contactOpenings)
      .where(and(eq(contactOpenings.userId, user.id), eq(contactOpenings.resumeId, resume.id)))
      .limit(1);
    const emailed = !!opened && !!resume.email;
    if (emailed && resume.email) {
      const who = [user.name, user.family].filter(Boolean).join(' ');
      await ctx.mail.enqueue(tx, {
        to: resume.email,
        subject: `Приглашение на вакансию «${v.title}»`,
        text: `Здравствуйте!\n\n${who || 'Работодатель'}${v.company ? ` (${v.company})` : ''} приглашает вас на вакансию «${v.title}».\n\nОписание вакансии и отклик: ${ctx.config.appUrl}/vacancy/${v.id}`,
      });
    }
    return { reply_id: reply.id, status: 'invited' as const, emailed };
  });
  ctx.queue.kick();
  return outcome;
}
