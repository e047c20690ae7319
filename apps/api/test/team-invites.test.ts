import { TEAM_MSG } from '@hr/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { teamInvites } from '../src/db/schema/index.ts';
import { findUserByEmail } from '../src/modules/user/user.service.ts';
import { setFlags } from './factories.ts';
import { createTestApp, registeredMember, TestClient } from './helpers.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});

async function member(flags: string[] = [], fio?: string) {
  const m = await registeredMember(built.app, fio ? { fio } : {});
  if (flags.length) await setFlags(built.ctx.database, m.email, flags);
  const user = await findUserByEmail(built.ctx.database.db, m.email);
  return { ...m, id: user?.id as number };
}

const unique = () => Math.random().toString(36).slice(2, 8);
const notificationsOf = async (client: TestClient) => (await client.get('/api/notify/message')).body.res.data as Array<Record<string, any>>;

describe('cancelling an outgoing invitation', () => {
  it('only the inviter cancels; others get 404; the addressee sees it as cancelled; a new one may follow', async () => {
    const lead = await member(['team_lead']);
    const user = await member();
    const stranger = await member(['team_lead']);
    const { id } = (await lead.client.post('/api/user/team/invite/create', { user_id: user.id })).body.res;
    expect((await lead.client.get('/api/user/team')).body.res.outgoing).toEqual([
      { id, to_user: { id: user.id, name: 'Мария', family: 'Иванова' }, direction: 'invite' },
    ]);

    // Neither the addressee nor another lead may take it back: for them it does not exist.
    expect((await user.client.request('DELETE', `/api/user/team/invite/${id}`)).status).toBe(404);
    expect((await stranger.client.request('DELETE', `/api/user/team/invite/${id}`)).status).toBe(404);
    const visitor = new TestClient(built.app);
    await visitor.csrf();
    expect((await visitor.request('DELETE', `/api/user/team/invite/${id}`)).status).toBe(401);
    expect((await lead.client.request('DELETE', '/api/user/team/invite/99999999')).status).toBe(404);

    const cancelled = await lead.client.request('DELETE', `/api/user/team/invite/${id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(TEAM_MSG.inviteCancelled);
    expect((await lead.client.request('DELETE', `/api/user/team/invite/${id}`)).status).toBe(422);
    expect((await lead.client.get('/api/user/team')).body.res.outgoing).toEqual([]);
    expect((await user.client.get('/api/user/team')).body.res.inviteUsers).toEqual([]);
    // It can no longer be accepted.
    expect((await user.client.post('/api/user/team/invite', { id, status: 1 })).status).toBe(422);

    const notes = await notificationsOf(user.client);
    expect(notes[0]?.data.title).toBe(TEAM_MSG.inviteCancelled);
    expect(notes.find((n) => n.invite?.id === id)?.invite).toEqual({ id, direction: 'invite', status: 'cancelled' });

    expect((await lead.client.post('/api/user/team/invite/create', { user_id: user.id })).status).toBe(200);
  });

  it('a user cancels their own join request, which the lead then cannot answer', async () => {
    const lead = await member(['team_lead']);
    const user = await member();
    const { id } = (await user.client.post('/api/user/team/join', { lead_id: lead.id })).body.res;
    expect((await lead.client.request('DELETE', `/api/user/team/invite/${id}`)).status).toBe(404);
    const res = await user.client.request('DELETE', `/api/user/team/invite/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEAM_MSG.joinCancelled);
    expect((await lead.client.get('/api/user/team')).body.res.reverseInviteUsers).toEqual([]);
    expect((await lead.client.post('/api/user/team/invite', { id, status: 1 })).status).toBe(422);
  });

  it('an accepted invitation is not cancelled', async () => {
    const lead = await member(['team_lead']);
    const user = await member();
    const { id } = (await lead.client.post('/api/user/team/invite/create', { user_id: user.id })).body.res;
    expect((await user.client.post('/api/user/team/invite', { id, status: 1 })).status).toBe(200);
    const res = await lead.client.request('DELETE', `/api/user/team/invite/${id}`);
    expect(res.status).toBe(422);
    expect(res.body.errors?.id).toEqual([TEAM_MSG.alreadyAnswered]);
    expect((await lead.client.get('/api/user/team')).body.res.members.map((m: { id: number }) => m.id)).toEqual([user.id]);
  });
});

describe('a lead is not invited into another team', () => {
  it('refuses an invitation to a lead and a lead’s join request with a 422, writing nothing', async () => {
    const lead = await member(['team_lead']);
    const otherLead = await member(['team_lead']);
    const invite = await lead.client.post('/api/user/team/invite/create', { user_id: otherLead.id });
    expect(invite.status).toBe(422);
    expect(invite.body.errors?.user_id).toEqual([TEAM_MSG.leadCannotJoin]);
    const join = await otherLead.client.post('/api/user/team/join', { lead_id: lead.id });
    expect(join.status).toBe(422);
    expect(join.body.errors?.lead_id).toEqual([TEAM_MSG.leadCannotJoin]);
    const rows = await built.ctx.database.db.select({ id: teamInvites.id }).from(teamInvites).where(eq(teamInvites.userId, otherLead.id));
    expect(rows).toEqual([]);
  });
});

describe('duplicates sent at once', () => {
  it('ten invitations at the same moment leave one pending row; the others are a 422, not a 500', async () => {
    const lead = await member(['team_lead']);
    const user = await member();
    await lead.client.csrf();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        lead.client.post('/api/user/team/invite/create', i % 2 ? { user_id: user.id } : { email: user.email }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    for (const a of answers.filter((x) => x.status === 422))
      expect(Object.values(a.body.errors ?? {}).flat()).toContain(TEAM_MSG.alreadyPending);
    const rows = await built.ctx.database.db
      .select({ id: teamInvites.id })
      .from(teamInvites)
      .where(and(eq(teamInvites.leadId, lead.id), eq(teamInvites.userId, user.id), eq(teamInvites.status, 'pending')));
    expect(rows).toHaveLength(1);
    expect((await notificationsOf(user.client)).filter((n) => n.data.title === 'Приглашение в команду')).toHaveLength(1);
  });

  it('join requests sent at once leave one pending row too', async () => {
    const lead = await member(['team_lead']);
    const user = await member();
    await user.client.csrf();
    const answers = await Promise.all(Array.from({ length: 6 }, () => user.client.post('/api/user/team/join', { lead_id: lead.id })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect((await lead.client.get('/api/user/team')).body.res.reverseInviteUsers).toHaveLength(1);
  });
});

describe('finding club members to invite', () => {
  it('a lead finds members by name, family or exact e-mail — never by part of an e-mail, never their contacts', async () => {
    const tag = unique();
    const family = `Поисковая${tag}`;
    const lead = await member(['team_lead']);
    const found = await member([], `${family} Ксения Олеговна`);
    const teammate = await member([], `${family} Дарья Петровна`);
    const invited = await member([], `${family} Алла Ивановна`);
    const inv = (await lead.client.post('/api/user/team/invite/create', { user_id: teammate.id })).body.res;
    await teammate.client.post('/api/user/team/invite', { id: inv.id, status: 1 });
    await lead.client.post('/api/user/team/invite/create', { user_id: invited.id });

    const byFamily = await lead.client.get(`/api/user/team/candidates?search=${encodeURIComponent(family.toLowerCase())}`);
    expect(byFamily.status).toBe(200);
    expect(byFamily.body.res).toEqual([
      { id: invited.id, name: 'Алла', family, company: 'ООО «Ромашка»', position: 'HR-менеджер', team_state: 'invited' },
      { id: teammate.id, name: 'Дарья', family, company: 'ООО «Ромашка»', position: 'HR-менеджер', team_state: 'member' },
      { id: found.id, name: 'Ксения', family, company: 'ООО «Ромашка»', position: 'HR-менеджер', team_state: 'none' },
    ]);
    const raw = JSON.stringify(byFamily.body);
    expect(raw).not.toContain(found.email);
    expect(raw).not.toContain('@');

    // Two words in any order, each the start of a name part.
    const both = (await lead.client.get(`/api/user/team/candidates?search=${encodeURIComponent(`Ксен ${family.slice(0, 12)}`)}`)).body.res;
    expect(both.map((c: { id: number }) => c.id)).toEqual([found.id]);
    expect((await lead.client.get(`/api/user/team/candidates?search=${encodeURIComponent(found.email.toUpperCase())}`)).body.res).toEqual([
      expect.objectContaining({ id: found.id }),
    ]);
    expect((await lead.client.get(`/api/user/team/candidates?search=${encodeURIComponent(found.email.slice(0, 8))}`)).body.res).toEqual([]);
    // LIKE wildcards are plain characters here.
    expect((await lead.client.get('/api/user/team/candidates?search=%25%25')).body.res).toEqual([]);
    // Another lead is offered, but marked as not invitable.
    const otherLead = await member(['team_lead'], `${family} Лидия Сергеевна`);
    const withLead = (await lead.client.get(`/api/user/team/candidates?search=${encodeURIComponent(`Лидия ${family}`)}`)).body.res;
    expect(withLead).toEqual([expect.objectContaining({ id: otherLead.id, team_state: 'lead' })]);
    // The lead is never offered to themselves.
    expect((await lead.client.get('/api/user/team/candidates?search=Иванова')).body.res.map((c: { id: number }) => c.id)).not.toContain(
      lead.id,
    );
  });

  it('needs a lead (403), a signed-in user (401) and at least two characters (422)', async () => {
    const plain = await member();
    const lead = await member(['team_lead']);
    expect((await plain.client.get('/api/user/team/candidates?search=Мария')).status).toBe(403);
    expect((await new TestClient(built.app).get('/api/user/team/candidates?search=Мария')).status).toBe(401);
    const short = await lead.client.get('/api/user/team/candidates?search=%20М%20');
    expect(short.status).toBe(422);
    expect(short.body.errors?.search?.[0]).toMatch(/не меньше 2/);
  });
});

describe('invitation notifications carry the invitation’s state', () => {
  it('pending, then accepted or declined — only for the invitations the reader takes part in', async () => {
    const lead = await member(['team_lead']);
    const a = await member();
    const b = await member();
    const first = (await lead.client.post('/api/user/team/invite/create', { user_id: a.id })).body.res.id;
    const second = (await lead.client.post('/api/user/team/invite/create', { user_id: b.id })).body.res.id;
    expect((await notificationsOf(a.client))[0]?.invite).toEqual({ id: first, direction: 'invite', status: 'pending' });

    await a.client.post('/api/user/team/invite', { id: first, status: 1 });
    await b.client.post('/api/user/team/invite', { id: second, status: 0 });
    expect((await notificationsOf(a.client)).find((n) => n.invite)?.invite).toEqual({ id: first, direction: 'invite', status: 'accepted' });
    expect((await notificationsOf(b.client)).find((n) => n.invite)?.invite).toEqual({
      id: second,
      direction: 'invite',
      status: 'declined',
    });
    // The answers the lead got link to the cabinet: no invitation state on them.
    expect((await notificationsOf(lead.client)).every((n) => n.invite === undefined)).toBe(true);

    // A join request's notification, for the lead.
    const joiner = await member();
    const join = (await joiner.client.post('/api/user/team/join', { lead_id: lead.id })).body.res.id;
    expect((await notificationsOf(lead.client))[0]?.invite).toEqual({ id: join, direction: 'join', status: 'pending' });
  });
});
