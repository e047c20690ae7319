import { normalizeEmail, TEAM_MEMBER_SEARCH_LIMIT, TEAM_MSG, type Team, type TeamMemberCandidate } from '@hr/contract';
import { teamInviteLink } from '@hr/contract/notify';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { teamInvites, teamMembers, type UserRow, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { notify } from '../notify/notify.service.ts';
import { isUniqueViolation } from '../user/user.service.ts';
import { inviterOf, isTeamLead } from './team.policy.ts';

const person = (u: { id: number; name: string; family: string }) => ({ id: u.id, name: u.name, family: u.family });
const fullName = (u: { name: string; family: string }) => `${u.name} ${u.family}`.trim();
/** The link in every team notification opens the SEED `show=team_invite` popup. */
const inviteLink = teamInviteLink;

export async function getTeam(ctx: AppContext, user: UserRow): Promise<Team> {
  const { db } = ctx.database;
  const other = alias(users, 'other');
  const [pending, membership, members] = await Promise.all([
    db
      .select({ invite: teamInvites, other: { id: other.id, name: other.name, family: other.family } })
      .from(teamInvites)
      .innerJoin(
        other,
        sql`${other.id} = case when ${teamInvites.leadId} = ${user.id} then ${teamInvites.userId} else ${teamInvites.leadId} end`,
      )
      .where(and(eq(teamInvites.status, 'pending'), sql`(${teamInvites.leadId} = ${user.id} or ${teamInvites.userId} = ${user.id})`))
      .orderBy(teamInvites.id),
    db
      .select({ id: users.id, name: users.name, family: users.family })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.leadId))
      .where(eq(teamMembers.userId, user.id)),
    db
      .select({ id: users.id, name: users.name, family: users.family })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.leadId, user.id))
      .orderBy(users.family, users.name),
  ]);
  const incoming = (direction: 'invite' | 'join') =>
    pending
      .filter((p) => p.invite.direction === direction && (direction === 'invite' ? p.invite.userId : p.invite.leadId) === user.id)
      .map((p) => ({ id: p.invite.id, from_user: person(p.other) }));
  const outgoing = pending
    .filter((p) => (p.invite.direction === 'invite' ? p.invite.leadId : p.invite.userId) === user.id)
    .map((p) => ({ id: p.invite.id, to_user: person(p.other), direction: p.invite.direction }));
  return {
    teamLead: isTeamLead(user),
    inviteUsers: incoming('invite'),
    reverseInviteUsers: incoming('join'),
    lead: membership[0] ? person(membership[0]) : null,
    members: members.map(person),
    outgoing,
  };
}

async function findTarget(db: Db, input: { email?: string; user_id?: number }): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(input.user_id ? eq(users.id, input.user_id) : eq(users.email, normalizeEmail(input.email ?? '')))
    .limit(1);
  if (!row) throw fieldError(input.user_id ? 'user_id' : 'email', 'Участник клуба не найден');
  return row;
}

/**
 * Writes a pending invitation or join request. The partial unique index (one pending row per lead
 * and user, whichever way it goes) is the only check: a read before the write would let two
 * requests sent at once both pass, while the index lets exactly one in and the other gets the 422.
 */
async function insertPending(
  db: Db,
  values: { leadId: number; userId: number; direction: 'invite' | 'join' },
  field: string,
  message: string,
) {
  try {
    const [invite] = await db.insert(teamInvites).values(values).returning();
    if (!invite) throw new Error('invite not written');
    return invite;
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError(field, message);
    throw err;
  }
}

async function leadOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ leadId: teamMembers.leadId }).from(teamMembers).where(eq(teamMembers.userId, userId)).limit(1);
  return row?.leadId ?? null;
}

/** A lead invites a user by e-mail or ID. */
/** The route has checked that `lead` leads a team (team.policy). */
export async function inviteToTeam(ctx: AppContext, lead: UserRow, input: { email?: string; user_id?: number }) {
  const { db } = ctx.database;
  const target = await findTarget(db, input);
  const field = input.user_id ? 'user_id' : 'email';
  if (target.id === lead.id) throw fieldError(field, 'Нельзя пригласить самого себя');
  // A lead answers join requests, not invitations (SEED 4): an invitation to a lead could never be accepted.
  if (isTeamLead(target)) throw fieldError(field, TEAM_MSG.leadCannotJoin);
  if ((await leadOf(db, target.id)) === lead.id) throw fieldError(field, 'Этот участник уже в вашей команде');
  const invite = await insertPending(db, { leadId: lead.id, userId: target.id, direction: 'invite' }, field, TEAM_MSG.alreadyPending);
  await notify(ctx, target.id, {
    title: 'Приглашение в команду',
    message: `${fullName(lead)} приглашает вас в свою команду. Вступив, вы получите привилегии команды.`,
    url: inviteLink(invite.id),
  });
  return { id: invite.id };
}

/** A user asks a lead to take them into the team (a reverse invite). */
export async function askToJoin(ctx: AppContext, user: UserRow, leadId: number) {
  const { db } = ctx.database;
  const [lead] = await db.select().from(users).where(eq(users.id, leadId)).limit(1);
  if (!lead || !isTeamLead(lead)) throw fieldError('lead_id', 'Руководитель команды не найден');
  if (lead.id === user.id) throw fieldError('lead_id', 'Нельзя вступить в свою же команду');
  if (isTeamLead(user)) throw fieldError('lead_id', TEAM_MSG.leadCannotJoin);
  if ((await leadOf(db, user.id)) === lead.id) throw fieldError('lead_id', 'Вы уже в этой команде');
  const invite = await insertPending(db, { leadId: lead.id, userId: user.id, direction: 'join' }, 'lead_id', TEAM_MSG.joinAlreadyPending);
  await notify(ctx, lead.id, {
    title: 'Запрос на вступление в команду',
    message: `${fullName(user)} хочет вступить в вашу команду. Приняв запрос, вы предоставите участнику привилегии команды.`,
    url: inviteLink(invite.id),
  });
  return { id: invite.id };
}

/**
 * SEED 4: status 1 accepts, 0 declines. A lead answers join requests (the reverse list), anyone
 * else answers invitations. Only the addressee answers, and only once.
 */
export async function answerInvite(ctx: AppContext, user: UserRow, inviteId: number, status: 0 | 1) {
  const { db } = ctx.database;
  const direction = isTeamLead(user) ? 'join' : 'invite';
  const addressee = direction === 'join' ? teamInvites.leadId : teamInvites.userId;
  const [invite] = await db
    .select()
    .from(teamInvites)
    .where(and(eq(teamInvites.id, inviteId), eq(addressee, user.id), eq(teamInvites.direction, direction)))
    .limit(1);
  if (!invite) throw new AppError('not_found', TEAM_MSG.inviteNotFound);
  if (invite.status !== 'pending') throw fieldError('id', TEAM_MSG.alreadyAnswered);
  const accepted = status === 1;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(teamInvites)
      .set({ status: accepted ? 'accepted' : 'declined', answeredAt: sql`now()` })
      .where(and(eq(teamInvites.id, invite.id), eq(teamInvites.status, 'pending')))
      .returning({ id: teamInvites.id });
    if (!claimed) throw fieldError('id', TEAM_MSG.alreadyAnswered);
    if (accepted) {
      // One team at a time: joining a new team leaves the old one.
      await tx
        .insert(teamMembers)
        .values({ userId: invite.userId, leadId: invite.leadId })
        .onConflictDoUpdate({ target: teamMembers.userId, set: { leadId: invite.leadId, joinedAt: sql`now()` } });
    }
  });
  const otherId = direction === 'join' ? invite.userId : invite.leadId;
  const verb = accepted ? 'принял(а)' : 'отклонил(а)';
  const what = direction === 'join' ? 'ваш запрос на вступление в команду' : 'ваше приглашение в команду';
  await notify(ctx, otherId, {
    title: accepted ? 'Команда пополнилась' : 'Ответ на приглашение',
    message: `${fullName(user)} ${verb} ${what}.`,
    url: '/profile',
  });
  return { accepted, direction };
}

/**
 * The inviter takes back a pending invitation (lead) or join request (user). Anyone else's, or an
 * unknown id: 404 (not found for them). One that was answered or cancelled already: 422. The
 * addressee's notification then shows it as cancelled.
 */
export async function cancelInvite(ctx: AppContext, user: UserRow, inviteId: number): Promise<{ direction: 'invite' | 'join' }> {
  const { db } = ctx.database;
  const [invite] = await db.select().from(teamInvites).where(eq(teamInvites.id, inviteId)).limit(1);
  if (!invite || inviterOf(invite) !== user.id) throw new AppError('not_found', TEAM_MSG.inviteNotFound);
  const [cancelled] = await db
    .update(teamInvites)
    .set({ status: 'cancelled', answeredAt: sql`now()` })
    .where(and(eq(teamInvites.id, invite.id), eq(teamInvites.status, 'pending')))
    .returning({ id: teamInvites.id });
  if (!cancelled) throw fieldError('id', TEAM_MSG.alreadyAnswered);
  // The addressee learns it on the site (their invitation's notification now shows «Отменено»); no e-mail for a withdrawal.
  const addressee = invite.direction === 'invite' ? invite.userId : invite.leadId;
  const what = invite.direction === 'invite' ? 'приглашение в команду' : 'запрос на вступление в вашу команду';
  await notify(
    ctx,
    addressee,
    {
      title: invite.direction === 'invite' ? TEAM_MSG.inviteCancelled : TEAM_MSG.joinCancelled,
      message: `${fullName(user)} отменил(а) ${what}.`,
      url: '/profile',
    },
    { copies: false },
  );
  return { direction: invite.direction };
}

/**
 * A lead looks club members up to invite them: every word of `search` starts the name or the
 * family name (in any order), or the whole text is a member's e-mail exactly (no prefix search
 * on e-mails, so addresses cannot be guessed letter by letter). Blocked accounts and the lead are
 * left out; each one found says whether they are in the team already or invited.
 */
export async function findTeamCandidates(ctx: AppContext, lead: UserRow, search: string): Promise<TeamMemberCandidate[]> {
  const words = search
    .toLocaleLowerCase('ru')
    .split(/[\s,]+/)
    .filter(Boolean)
    .slice(0, 4);
  const like = (word: string) => `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byName = sql.join(
    words.map(
      (word) => sql`(lower(u.name) like ${like(word)} or lower(u.family) like ${like(word)} or lower(u.middle_name) like ${like(word)})`,
    ),
    sql` and `,
  );
  const rows = await ctx.database.rows<{
    id: number;
    name: string;
    family: string;
    company: string | null;
    position: string | null;
    state: string;
  }>(sql`
    select u.id, u.name, u.family, u.company, u.position,
      case
        when exists (select 1 from team_members m where m.user_id = u.id and m.lead_id = ${lead.id}) then 'member'
        when exists (select 1 from team_invites i where i.lead_id = ${lead.id} and i.user_id = u.id and i.status = 'pending') then 'invited'
        when u.flags ? 'team_lead' then 'lead'
        else 'none'
      end as state
    from users u
    where u.blocked_at is null and u.id <> ${lead.id}
      and ((${byName}) or u.email = ${normalizeEmail(search)})
    order by lower(u.family), lower(u.name), u.id
    limit ${TEAM_MEMBER_SEARCH_LIMIT}`);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    family: r.family,
    company: r.company,
    position: r.position,
    team_state: r.state === 'member' || r.state === 'invited' || r.state === 'lead' ? r.state : 'none',
  }));
}

export async function removeMember(ctx: AppContext, lead: UserRow, memberId: number) {
  const gone = await ctx.database.db
    .delete(teamMembers)
    .where(and(eq(teamMembers.userId, memberId), eq(teamMembers.leadId, lead.id)))
    .returning({ userId: teamMembers.userId });
  if (!gone.length) throw new AppError('not_found', 'Участник не найден в вашей команде');
  await notify(ctx, memberId, {
    title: 'Вы больше не в команде',
    message: `${fullName(lead)} исключил(а) вас из команды.`,
    url: '/profile',
  });
}

export async function leaveTeam(ctx: AppContext, user: UserRow) {
  const gone = await ctx.database.db.delete(teamMembers).where(eq(teamMembers.userId, user.id)).returning({ leadId: teamMembers.leadId });
  const leadId = gone[0]?.leadId;
  if (!leadId) throw fieldError('team', 'Вы не состоите в команде');
  await notify(ctx, leadId, {
    title: 'Участник покинул команду',
    message: `${fullName(user)} вышел(а) из вашей команды.`,
    url: '/profile',
  });
}

/** Everyone whose objects the user shares: the whole team (lead and members), or just the user. */
export async function teamUserIds(ctx: AppContext, user: UserRow & { teamLeadId?: number | null }): Promise<number[]> {
  const leadId = user.teamLeadId ?? (isTeamLead(user) ? user.id : null);
  if (!leadId) return [user.id];
  const rows = await ctx.database.db.select({ id: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.leadId, leadId));
  return [...new Set([leadId, user.id, ...rows.map((r) => r.id)])];
}
