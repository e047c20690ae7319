import {
  ACCOUNT_TYPES,
  ADMIN_MSG,
  ADMIN_NOTIFY,
  type AdminUser,
  type adminUserQuery,
  type AccountType,
  type Paginated,
  RESIDENCY_STATUS_TITLES,
  RESIDENT_FLAGS,
  type ResidencyStatus,
} from '@hr/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { pageOf } from '@hr/contract/pagination';
import { revokeRealtime } from '../../plugins/realtime-socket.ts';
import { audit } from '../audit/audit.ts';
import { notify } from '../notify/notify.service.ts';

type Actor = { actorId: number; ip: string };

type UserListRow = {
  id: number;
  email: string;
  phone: string | null;
  name: string;
  family: string;
  middle_name: string;
  company: string | null;
  position: string | null;
  city_name: string | null;
  account_type: AccountType;
  flags: string[];
  residency_requested: boolean;
  residency_decision: 'approved' | 'rejected' | null;
  residency_decided_at: string | Date | null;
  residency_comment: string | null;
  blocked_at: string | Date | null;
  blocked_reason: string | null;
  created_at: string | Date;
  lead_id: number | null;
  lead_name: string | null;
  members: number;
  last_seen: string | Date | null;
};

const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());

export function residencyStatusOf(row: Pick<UserListRow, 'residency_requested' | 'residency_decision'>): ResidencyStatus {
  if (row.residency_decision) return row.residency_decision;
  return row.residency_requested ? 'pending' : 'none';
}

function present(r: UserListRow): AdminUser {
  const residency = residencyStatusOf(r);
  const isLead = r.flags.includes('team_lead') || Number(r.members) > 0;
  return {
    id: r.id,
    fio: [r.family, r.name, r.middle_name].filter(Boolean).join(' '),
    email: r.email,
    phone: r.phone,
    company: r.company,
    position: r.position,
    city_name: r.city_name,
    account_type: r.account_type,
    account_type_title: ACCOUNT_TYPES[r.account_type] ?? r.account_type,
    residency_status: residency,
    residency_status_title: RESIDENCY_STATUS_TITLES[residency],
    residency_decided_at: iso(r.residency_decided_at),
    residency_comment: r.residency_comment,
    flags: r.flags,
    team: r.lead_id
      ? { lead_id: r.lead_id, lead_name: r.lead_name ?? '', is_lead: false, members: Number(r.members) }
      : isLead
        ? { lead_id: r.id, lead_name: [r.family, r.name].filter(Boolean).join(' '), is_lead: true, members: Number(r.members) }
        : null,
    blocked_at: iso(r.blocked_at),
    blocked_reason: r.blocked_reason,
    last_activity_at: iso(r.last_seen),
    created_at: new Date(r.created_at).toISOString(),
  };
}

const selectUsers = (where: SQL, tail: SQL) => sql`
  select u.id, u.email, u.phone, u.name, u.family, u.middle_name, u.company, u.position, u.city_name, u.account_type,
         u.flags, u.residency_requested, u.residency_decision, u.residency_decided_at, u.residency_comment,
         u.blocked_at, u.blocked_reason, u.created_at,
         tm.lead_id, nullif(trim(l.family || ' ' || l.name), '') as lead_name,
         (select count(*)::int from team_members m where m.lead_id = coalesce(tm.lead_id, u.id)) as members,
         (select max(s.last_seen_at) from sessions s where s.user_id = u.id) as last_seen
  from users u
  left join team_members tm on tm.user_id = u.id
  left join users l on l.id = tm.lead_id
  where ${where}
  ${tail}`;

/** `q`: a number is an id or phone digits; anything else matches name, e-mail, company (and digits of a phone). */
function searchWhere(q: z.output<typeof adminUserQuery>): SQL {
  const parts: SQL[] = [sql`true`];
  const text = q.q.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = text.replace(/\D/g, '');
    const alts: SQL[] = [
      sql`u.email ilike ${like}`,
      sql`coalesce(u.company, '') ilike ${like}`,
      sql`(u.family || ' ' || u.name || ' ' || u.middle_name) ilike ${like}`,
      sql`(u.name || ' ' || u.family) ilike ${like}`,
    ];
    if (/^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647) alts.push(sql`u.id = ${Number(text)}`);
    // A phone as typed: +7 (916) 123-45-67, 8916…, 916… — compared by its last ten digits.
    if (digits.length >= 3) alts.push(sql`coalesce(u.phone, '') like ${`%${digits.length > 10 ? digits.slice(-10) : digits}%`}`);
    parts.push(sql`(${sql.join(alts, sql` or `)})`);
  }
  if (q.account_type) parts.push(sql`u.account_type = ${q.account_type}`);
  if (q.residency === 'pending') parts.push(sql`u.residency_requested and u.residency_decision is null`);
  if (q.residency === 'none') parts.push(sql`not u.residency_requested and u.residency_decision is null`);
  if (q.residency === 'approved' || q.residency === 'rejected') parts.push(sql`u.residency_decision = ${q.residency}`);
  if (q.blocked === '1') parts.push(sql`u.blocked_at is not null`);
  if (q.blocked === '0') parts.push(sql`u.blocked_at is null`);
  return sql.join(parts, sql` and `);
}

export async function listUsers(ctx: AppContext, q: z.output<typeof adminUserQuery>): Promise<Paginated<AdminUser>> {
  const where = searchWhere(q);
  const [rows, [total]] = await Promise.all([
    ctx.database.rows<UserListRow>(selectUsers(where, sql`order by u.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`)),
    ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from users u where ${where}`),
  ]);
  return pageOf(rows.map(present), Number(total?.n ?? 0), q.page, q.per_page);
}

export async function getAdminUser(ctx: AppContext, id: number): Promise<AdminUser> {
  const [row] = await ctx.database.rows<UserListRow>(selectUsers(sql`u.id = ${id}`, sql``));
  if (!row) throw new AppError('not_found', ADMIN_MSG.userNotFound);
  return present(row);
}

async function userRow(ctx: AppContext, id: number) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('not_found', ADMIN_MSG.userNotFound);
  return row;
}

/** Approve (account becomes resident) or reject a residency request made at registration. */
/** The resident options as a jsonb array (users.flags is one). */
const residentFlagsJson = JSON.stringify(RESIDENT_FLAGS);

export async function decideResidency(ctx: AppContext, actor: Actor, id: number, decision: 'approve' | 'reject', comment: string | null) {
  const approved = decision === 'approve';
  const done = await ctx.database.db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        residencyDecision: approved ? 'approved' : 'rejected',
        residencyDecidedAt: new Date(),
        residencyComment: comment,
        // An admin stays an admin; anyone else approved becomes a resident and gets the resident's
        // paid options (RESIDENT_FLAGS), added to what they hold, in the same statement.
        ...(approved
          ? {
              accountType: sql`case when account_type = 'admin' then 'admin' else 'resident' end` as unknown as AccountType,
              flags: sql`(select jsonb_agg(distinct f order by f) from jsonb_array_elements_text(${users.flags} || ${residentFlagsJson}::jsonb) as f)` as unknown as string[],
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(sql`${users.id} = ${id} and ${users.residencyRequested} and ${users.residencyDecision} is null`)
      .returning({ id: users.id });
    if (!rows.length) return false;
    await audit(tx, {
      ...actor,
      action: approved ? 'user.residency_approve' : 'user.residency_reject',
      objectType: 'user',
      objectId: id,
      details: approved ? { comment, flags: [...RESIDENT_FLAGS] } : { comment },
    });
    return true;
  });
  if (!done) {
    await userRow(ctx, id);
    throw fieldError('decision', ADMIN_MSG.noResidencyRequest);
  }
  ctx.sessions.forgetCachedUsers();
  await notify(
    ctx,
    id,
    approved
      ? { title: ADMIN_NOTIFY.residencyApprovedTitle, message: ADMIN_NOTIFY.residencyApproved, url: '/profile' }
      : { title: ADMIN_NOTIFY.residencyRejectedTitle, message: ADMIN_NOTIFY.residencyRejected(comment), url: '/profile' },
  );
}

export async function setUserFlags(ctx: AppContext, actor: Actor, id: number, flags: string[]) {
  await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx.select({ flags: users.flags }).from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new AppError('not_found', ADMIN_MSG.userNotFound);
    await tx.update(users).set({ flags, updatedAt: new Date() }).where(eq(users.id, id));
    const added = flags.filter((f) => !before.flags.includes(f));
    const removed = before.flags.filter((f) => !flags.includes(f));
    await audit(tx, { ...actor, action: 'user.flags', objectType: 'user', objectId: id, details: { added, removed, flags } });
  });
  ctx.sessions.forgetCachedUsers();
}

export async function setAccountType(ctx: AppContext, actor: Actor, id: number, type: AccountType) {
  await ctx.database.db.transaction(async (tx) => {
    const [before] = await tx.select({ type: users.accountType }).from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new AppError('not_found', ADMIN_MSG.userNotFound);
    await tx.update(users).set({ accountType: type, updatedAt: new Date() }).where(eq(users.id, id));
    await audit(tx, { ...actor, action: 'user.account_type', objectType: 'user', objectId: id, details: { from: before.type, to: type } });
  });
  ctx.sessions.forgetCachedUsers();
}

/** Blocks: every session ends and every open socket of the user closes now, on every instance. */
export async function blockUser(ctx: AppContext, actor: Actor, id: number, reason: string) {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, id)).for('update');
    if (!row) throw new AppError('not_found', ADMIN_MSG.userNotFound);
    if (row.blockedAt) throw fieldError('reason', ADMIN_MSG.alreadyBlocked);
    await tx.update(users).set({ blockedAt: new Date(), blockedReason: reason, updatedAt: new Date() }).where(eq(users.id, id));
    await audit(tx, { ...actor, action: 'user.block', objectType: 'user', objectId: id, details: { reason } });
  });
  await ctx.sessions.endAllSessionsOf(id);
  await revokeRealtime(ctx.realtime, id);
}

export async function unblockUser(ctx: AppContext, actor: Actor, id: number) {
  await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, id)).for('update');
    if (!row) throw new AppError('not_found', ADMIN_MSG.userNotFound);
    if (!row.blockedAt) throw fieldError('id', ADMIN_MSG.notBlocked);
    await tx.update(users).set({ blockedAt: null, blockedReason: null, updatedAt: new Date() }).where(eq(users.id, id));
    await audit(tx, { ...actor, action: 'user.unblock', objectType: 'user', objectId: id });
  });
  ctx.sessions.forgetCachedUsers();
}
