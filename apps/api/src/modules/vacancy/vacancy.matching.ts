import { searchQuery, searchQueryToParams, type VacancyMatches, VACANCY_MSG } from '@hr/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { contactOpenings, vacancyReplies, vacancyReplyHistory } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { findCityById } from '../dictionary/dictionary.service.ts';
import { dictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { toCard } from '../resume/resume.card.ts';
import { findClubResume } from '../resume/resume.service.ts';
import { opinionSummaries } from '../review/review.summary.ts';
import { type CandidateRow, candidatesSql } from './matching/matching.sql.ts';
import { matchProfile } from './matching/profile.ts';
import { type Scored, scoreCandidate } from './matching/score.ts';
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

/** The home search with the vacancy's words and city, for «Продолжить в поиске». */
function searchLink(v: { title: string; skills: string[]; cityId: number | null }): string {
  const {
    page: _p,
    per_page: _pp,
    ...filters
  } = searchQuery.parse({
    text: matchText(v.title, v.skills),
    logic: 'any',
    field: ['title', 'skills'],
    search_city: v.cityId ? [String(v.cityId)] : [],
    relocation: 'living_or_relocation',
    searchOrderBy: 'relevance',
  });
  return new URLSearchParams(searchQueryToParams(filters)).toString();
}

/**
 * «Подходящие кандидаты»: the club's resumes ranked by what the vacancy asks (matching/): its
 * title, key skills and role first, near words a recruiter would accept as the same job («рекрутер»
 * for «подбор персонала»); its city, experience and salary only add to a candidate's score. Each
 * candidate comes with the reasons. The candidates are gathered through the title and skills
 * indexes (a few limited gatherings, matching.sql.ts), so the work is bounded at any size of base.
 */
export async function vacancyMatches(ctx: AppContext, user: AuthUser, id: number, page: number, perPage: number): Promise<VacancyMatches> {
  const v = await vacancyForTeam(ctx, user.id, id);
  const dict = await dictionaryLookup(ctx.database);
  const city = v.cityId !== null ? await findCityById(ctx.database, v.cityId) : undefined;
  const profile = matchProfile({
    title: v.title,
    skills: v.skills,
    role: v.role,
    roleTitle: v.role ? (dict.get('roleTree', v.role)?.title ?? null) : null,
    cityId: v.cityId,
    cityName: city?.title ?? null,
    experience: v.experience,
    salaryTo: v.salaryTo,
  });
  const statement = candidatesSql(profile);
  const rows = statement ? await ctx.search.runner().query<CandidateRow>(statement) : [];
  // Each row's card first: the title reason names the title as this viewer may see it (toCard masks it).
  const ranked = rows
    .map((row) => {
      const card = toCard(row, user);
      return { row, card, scored: scoreCandidate(profile, { ...row, title: card.title }) };
    })
    .filter((x): x is { row: CandidateRow; card: ReturnType<typeof toCard>; scored: Scored } => x.scored !== null)
    .sort(
      (a, b) =>
        b.scored.score - a.scored.score ||
        new Date(b.row.updated_at).getTime() - new Date(a.row.updated_at).getTime() ||
        Number(b.row.id) - Number(a.row.id),
    );
  const shown = ranked.slice((page - 1) * perPage, page * perPage);
  // The club's opinions on the cards, as the search shows them: one grouped query for the page.
  const opinions = await opinionSummaries(
    ctx.database,
    shown.map((x) => Number(x.row.id)),
  );
  return {
    per_page: perPage,
    current_page: page,
    last_page: Math.max(1, Math.ceil(ranked.length / perPage)),
    total: ranked.length,
    data: shown.map(({ row, card, scored }) => {
      const summary = opinions.get(Number(row.id));
      if (summary) card.opinions_summary = summary;
      return { ...card, match: { score: Math.round(scored.score * 100), reasons: scored.reasons } };
    }),
    search: searchLink(v),
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
