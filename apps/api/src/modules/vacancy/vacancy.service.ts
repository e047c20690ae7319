import {
  formatPhone,
  type Paginated,
  phoneDigits,
  VACANCY_DESCRIPTION_MAX,
  VACANCY_DESCRIPTION_MIN,
  VACANCY_MSG,
  VACANCY_STATUS_TITLES,
  type Vacancy,
  type VacancyClosed,
  type VacancyCreateBody,
  type VacancyList,
  type VacancyListItem,
  type VacancyPublic,
  type VacancyStatus,
  type VacancyUpdateBody,
  type vacancyCreateBody,
  type vacancyUpdateBody,
  visibleLength,
} from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type VacancyRow, vacancies, vacancyViews } from '../../db/schema/index.ts';
import { AppError, fieldErrors } from '../../lib/app-error.ts';
import { sha256 } from '../../lib/crypto.ts';
import { moscowDay } from '../../lib/moscow-time.ts';
import { pageOf } from '@hr/contract/pagination';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { type DictionaryLookup, dictionaryLookup } from '../dictionary/dictionary.lookup.ts';
import { handledBy, teamOf } from './vacancy.access.ts';

type CreateInput = z.output<typeof vacancyCreateBody>;
type UpdateInput = z.output<typeof vacancyUpdateBody>;
export type Counters = { replies_count: number; new_replies_count: number };
type Owner = { id: number; name: string; family: string };

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** A phone as +7 (XXX) XXX-XX-XX; the owner's own phone may be stored in any spelling. */
const maskedPhone = (raw: string | null | undefined) => {
  if (!raw) return null;
  const digits = phoneDigits(raw);
  return digits ? formatPhone(digits) : raw;
};

/** Dictionary values and the city must exist (422 per field); the description is cleaned. */
async function checkFields(ctx: AppContext, dict: DictionaryLookup, b: Partial<CreateInput>) {
  const errors: Record<string, string[]> = {};
  if (b.city !== undefined && !dict.has('search_city', b.city)) errors.city = ['Выберите город из списка'];
  if (b.role && !dict.has('roleTree', b.role)) errors.role = ['Выберите значение из списка'];
  for (const [field, name] of [
    ['workingType', 'workingType'],
    ['schedule', 'schedule'],
    ['experience', 'experience'],
    ['education', 'education'],
  ] as const) {
    const v = b[field];
    if (v && !dict.has(name, v)) errors[field] = ['Выберите значение из списка'];
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  void ctx;
}

/** Publishing asks for a description of 200 to 10 000 visible characters (the right: vacancy.policy, at the route). */
function checkPublish(description: string) {
  const n = visibleLength(description);
  if (n < VACANCY_DESCRIPTION_MIN) throw fieldErrors({ description: [VACANCY_MSG.descriptionShort] });
  if (n > VACANCY_DESCRIPTION_MAX) throw fieldErrors({ description: [VACANCY_MSG.descriptionLong] });
}

export async function createVacancy(ctx: AppContext, user: AuthUser, b: CreateInput): Promise<Vacancy> {
  const dict = await dictionaryLookup(ctx.database);
  await checkFields(ctx, dict, b);
  const description = sanitizeHtml(b.description);
  if (b.status === 'published') checkPublish(description);
  const [row] = await ctx.database.db
    .insert(vacancies)
    .values({
      ownerId: user.id,
      title: b.title,
      company: b.company ?? user.company ?? null,
      cityId: Number(b.city),
      address: b.address,
      salaryFrom: b.salary_from,
      salaryTo: b.salary_to,
      workingType: b.workingType,
      schedule: b.schedule,
      experience: b.experience,
      education: b.education,
      role: b.role,
      skills: b.skills,
      description,
      contactName: b.contact_name ?? (`${user.name} ${user.family}`.trim() || null),
      contactEmail: b.contact_email ?? user.email,
      contactPhone: maskedPhone(b.contact_phone ?? user.phone),
      status: b.status,
      publishedAt: b.status === 'published' ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('vacancy not written');
  return toVacancy(dict, row, { replies_count: 0, new_replies_count: 0 }, user, true);
}

/** `current`: the vacancy as vacancyForTeam found it for the user's team. */
export async function updateVacancy(ctx: AppContext, user: AuthUser, current: VacancyRow, b: UpdateInput): Promise<Vacancy> {
  const id = current.id;
  const dict = await dictionaryLookup(ctx.database);
  await checkFields(ctx, dict, b);
  const from = b.salary_from !== undefined ? b.salary_from : current.salaryFrom;
  const to = b.salary_to !== undefined ? b.salary_to : current.salaryTo;
  if (from != null && to != null && from > to) throw fieldErrors({ salary_to: [VACANCY_MSG.salaryRange] });
  const description = b.description !== undefined ? sanitizeHtml(b.description) : current.description;
  // Publishing (or reopening) asks for the right again; editing a published one keeps its rules.
  const status: VacancyStatus = b.status ?? current.status;
  if (status === 'published' && current.status !== 'published') checkPublish(description);
  else if (status === 'published' && b.description !== undefined) {
    const n = visibleLength(description);
    if (n < VACANCY_DESCRIPTION_MIN) throw fieldErrors({ description: [VACANCY_MSG.descriptionShort] });
  }
  const set: Partial<typeof vacancies.$inferInsert> = { updatedAt: new Date(), status, description };
  if (b.title !== undefined) set.title = b.title;
  if (b.company !== undefined) set.company = b.company;
  if (b.city !== undefined) set.cityId = Number(b.city);
  if (b.address !== undefined) set.address = b.address;
  if (b.salary_from !== undefined) set.salaryFrom = b.salary_from;
  if (b.salary_to !== undefined) set.salaryTo = b.salary_to;
  if (b.workingType !== undefined) set.workingType = b.workingType;
  if (b.schedule !== undefined) set.schedule = b.schedule;
  if (b.experience !== undefined) set.experience = b.experience;
  if (b.education !== undefined) set.education = b.education;
  if (b.role !== undefined) set.role = b.role;
  if (b.skills !== undefined) set.skills = b.skills;
  if (b.contact_name !== undefined) set.contactName = b.contact_name;
  if (b.contact_email !== undefined) set.contactEmail = b.contact_email;
  if (b.contact_phone !== undefined) set.contactPhone = maskedPhone(b.contact_phone);
  if (status === 'published' && current.status !== 'published') {
    set.publishedAt = current.publishedAt ?? new Date();
    set.closedAt = null;
  }
  // The team scope again in the write: a member who left the team meanwhile changes nothing.
  const [row] = await ctx.database.db
    .update(vacancies)
    .set(set)
    .where(sql`${vacancies.id} = ${id} and ${vacancies.ownerId} in ${teamOf(user.id)}`)
    .returning();
  if (!row) throw new AppError('not_found', VACANCY_MSG.notFound);
  return loadVacancy(ctx, user, row, dict);
}

export async function closeVacancy(ctx: AppContext, user: AuthUser, id: number): Promise<Vacancy> {
  const [row] = await ctx.database.db
    .update(vacancies)
    .set({ status: 'closed', closedAt: sql`coalesce(${vacancies.closedAt}, now())`, updatedAt: new Date() })
    .where(sql`${vacancies.id} = ${id} and ${vacancies.ownerId} in ${teamOf(user.id)}`)
    .returning();
  if (!row) throw new AppError('not_found', VACANCY_MSG.notFound);
  return loadVacancy(ctx, user, row, await dictionaryLookup(ctx.database));
}

async function loadVacancy(ctx: AppContext, user: AuthUser, row: VacancyRow, dict: DictionaryLookup): Promise<Vacancy> {
  const [counts] = await countersOf(ctx, [row.id]);
  const [owner] = await ctx.database.rows<Owner>(sql`select id, name, family from users where id = ${row.ownerId}`);
  return toVacancy(dict, row, counts ?? { replies_count: 0, new_replies_count: 0 }, owner ?? user, true);
}

/** Counters of several vacancies in one grouped query (the list never asks per row). */
export async function countersOf(ctx: AppContext, ids: number[]): Promise<(Counters & { id: number })[]> {
  if (!ids.length) return [];
  const rows = await ctx.database.rows<{ id: number; total: number; fresh: number }>(sql`
    select vacancy_id as id, count(*)::int as total, count(*) filter (where status = 'new')::int as fresh
    from vacancy_replies where vacancy_id = any(${sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`)})
    group by vacancy_id`);
  const by = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => ({ id, replies_count: by.get(id)?.total ?? 0, new_replies_count: by.get(id)?.fresh ?? 0 }));
}

const optionOf = (dict: DictionaryLookup, name: Parameters<DictionaryLookup['option']>[0], value: string | null) =>
  value && dict.has(name, value) ? dict.option(name, value) : null;

export function toPublic(dict: DictionaryLookup, row: VacancyRow, canEdit: boolean): VacancyPublic {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    city: row.cityId ? optionOf(dict, 'search_city', String(row.cityId)) : null,
    address: row.address,
    salary_from: row.salaryFrom,
    salary_to: row.salaryTo,
    workingType: optionOf(dict, 'workingType', row.workingType),
    schedule: optionOf(dict, 'schedule', row.schedule),
    experience: optionOf(dict, 'experience', row.experience),
    education: optionOf(dict, 'education', row.education),
    role: optionOf(dict, 'roleTree', row.role),
    skills: row.skills,
    description: row.description,
    status: row.status,
    status_title: VACANCY_STATUS_TITLES[row.status],
    published_at: iso(row.publishedAt),
    created_at: iso(row.createdAt) as string,
    updated_at: iso(row.updatedAt) as string,
    permissions: { can_edit: canEdit },
  };
}

export function toVacancy(dict: DictionaryLookup, row: VacancyRow, counts: Counters, owner: Owner, canEdit: boolean): Vacancy {
  return {
    ...toPublic(dict, row, canEdit),
    contact_name: row.contactName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    views: row.views,
    replies_count: counts.replies_count,
    new_replies_count: counts.new_replies_count,
    owner: { id: owner.id, name: owner.name, family: owner.family },
  };
}

export const closedView = (row: VacancyRow): VacancyClosed => ({
  id: row.id,
  title: row.title,
  status: 'closed',
  status_title: VACANCY_STATUS_TITLES.closed,
  message: VACANCY_MSG.closed,
  permissions: { can_edit: false },
});

/**
 * GET /api/vacancy/{id}: the team sees everything; others a published vacancy without contacts
 * (a view counted once per visitor per day), a closed one as its title only, a draft not at all.
 */
export async function viewVacancy(ctx: AppContext, user: AuthUser | null, id: number, visitor: string): Promise<Vacancy | VacancyPublic | VacancyClosed> {
  const [row] = await ctx.database.rows<VacancyRow & { mine: boolean }>(sql`
    select v.*, ${user ? sql`${handledBy(user.id)}` : sql`false`} as mine from vacancies v where v.id = ${id}`);
  if (!row) throw new AppError('not_found', VACANCY_MSG.notFound);
  const vacancy = fromRaw(row);
  const dict = await dictionaryLookup(ctx.database);
  if (row.mine && user) return loadVacancy(ctx, user, vacancy, dict);
  if (vacancy.status === 'draft') throw new AppError('not_found', VACANCY_MSG.notFound);
  if (vacancy.status === 'closed') return closedView(vacancy);
  await countView(ctx, vacancy.id, visitor);
  return toPublic(dict, vacancy, false);
}

async function countView(ctx: AppContext, vacancyId: number, visitor: string) {
  const inserted = await ctx.database.db
    .insert(vacancyViews)
    .values({ vacancyId, visitor: sha256(visitor).slice(0, 32), day: moscowDay() })
    .onConflictDoNothing()
    .returning({ id: vacancyViews.vacancyId });
  if (inserted.length) await ctx.database.db.execute(sql`update vacancies set views = views + 1 where id = ${vacancyId}`);
}

/** Raw rows (snake_case) → the Drizzle row shape. */
export function fromRaw(r: Record<string, unknown>): VacancyRow {
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  return {
    id: Number(r.id),
    ownerId: Number(r.owner_id),
    title: r.title as string,
    company: (r.company as string) ?? null,
    cityId: r.city_id == null ? null : Number(r.city_id),
    address: (r.address as string) ?? null,
    salaryFrom: r.salary_from == null ? null : Number(r.salary_from),
    salaryTo: r.salary_to == null ? null : Number(r.salary_to),
    workingType: (r.working_type as string) ?? null,
    schedule: (r.schedule as string) ?? null,
    experience: (r.experience as string) ?? null,
    education: (r.education as string) ?? null,
    role: (r.role as string) ?? null,
    skills: (r.skills as string[]) ?? [],
    description: (r.description as string) ?? '',
    contactName: (r.contact_name as string) ?? null,
    contactEmail: (r.contact_email as string) ?? null,
    contactPhone: (r.contact_phone as string) ?? null,
    status: r.status as VacancyStatus,
    views: Number(r.views ?? 0),
    criteria: (r.criteria as string[]) ?? [],
    publishedAt: date(r.published_at),
    closedAt: date(r.closed_at),
    createdAt: date(r.created_at) as Date,
    updatedAt: date(r.updated_at) as Date,
  };
}

/** GET /api/vacancy: the member's and the team's vacancies, newest first, with counters and tab counts. */
export async function listVacancies(
  ctx: AppContext,
  user: AuthUser,
  q: { status?: VacancyStatus; page: number; per_page: number },
): Promise<VacancyList> {
  const scope = handledBy(user.id);
  const filter = q.status ? sql`and v.status = ${q.status}` : sql``;
  const [counts, rows, dict] = await Promise.all([
    ctx.database.rows<{ status: VacancyStatus; n: number }>(sql`select v.status, count(*)::int as n from vacancies v where ${scope} group by v.status`),
    ctx.database.rows<Record<string, unknown> & { owner_name: string; owner_family: string; replies: number; fresh: number }>(sql`
      select v.*, u.name as owner_name, u.family as owner_family,
        coalesce(c.total, 0)::int as replies, coalesce(c.fresh, 0)::int as fresh
      from vacancies v
      join users u on u.id = v.owner_id
      left join lateral (
        select count(*) as total, count(*) filter (where r.status = 'new') as fresh from vacancy_replies r where r.vacancy_id = v.id
      ) c on true
      where ${scope} ${filter}
      order by v.id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
    dictionaryLookup(ctx.database),
  ]);
  const n = (s: VacancyStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const tabs = { draft: n('draft'), published: n('published'), closed: n('closed'), all: 0 };
  tabs.all = tabs.draft + tabs.published + tabs.closed;
  const data: VacancyListItem[] = rows.map((r) => {
    const { description: _d, ...rest } = toVacancy(
      dict,
      fromRaw(r),
      { replies_count: Number(r.replies), new_replies_count: Number(r.fresh) },
      { id: Number(r.owner_id), name: r.owner_name, family: r.owner_family },
      true,
    );
    return rest;
  });
  const page: Paginated<VacancyListItem> = pageOf(data, q.status ? tabs[q.status] : tabs.all, q.page, q.per_page);
  return { ...page, counts: tabs };
}

export type { CreateInput as VacancyCreateInput, UpdateInput as VacancyUpdateInput, VacancyCreateBody, VacancyUpdateBody };
