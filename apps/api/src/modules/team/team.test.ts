import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { findUserByEmail } from '../user/user.service.ts';
import { createTestApp, registeredMember } from '../../../test/helpers.ts';
import { createResume, setFlags } from '../../../test/factories.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});

async function member(flags: string[] = []) {
  const m = await registeredMember(built.app);
  if (flags.length) await setFlags(built.ctx.database, m.email, flags);
  const user = await findUserByEmail(built.ctx.database.db, m.email);
  return { ...m, id: user?.id as number };
}

describe('team', () => {
  it('a lead invites by e-mail, the member accepts through SEED team/invite and inherits paid flags', async () => {
    const lead = await member(['team_lead', 'open_contact', 'mass_search']);
    const user = await member();
    expect((await user.client.get('/api/user/access')).body.res.open_contact).toBe(false);
    const created = await lead.client.post('/api/user/team/invite/create', { email: user.email });
    expect(created.status).toBe(200);
    const again = await lead.client.post('/api/user/team/invite/create', { user_id: user.id });
    expect(again.status).toBe(422);

    const team = (await user.client.get('/api/user/team')).body.res;
    expect(team.teamLead).toBe(false);
    expect(team.inviteUsers).toEqual([{ id: created.body.res.id, from_user: { id: lead.id, family: 'Иванова', name: 'Мария' } }]);
    // The addressee was told, with a link that opens the popup.
    const note = (await user.client.get('/api/notify/message')).body.res.data[0];
    expect(note.data.title).toBe('Приглашение в команду');
    expect(note.data.url).toBe(`/profile?show=team_invite&invite=${created.body.res.id}`);
    expect(note.data.message).toContain('получите привилегии команды');

    // Someone else cannot answer it.
    const stranger = await member();
    expect((await stranger.client.post('/api/user/team/invite', { id: created.body.res.id, status: 1 })).status).toBe(404);

    const answer = await user.client.post('/api/user/team/invite', { id: created.body.res.id, status: 1 });
    expect(answer.status).toBe(200);
    expect((await user.client.post('/api/user/team/invite', { id: created.body.res.id, status: 0 })).status).toBe(422);

    const access = (await user.client.get('/api/user/access')).body.res;
    expect(access).toMatchObject({ open_contact: true, mass_search: true, team_lead: false });
    expect((await user.client.get('/api/user/team')).body.res.lead).toEqual({ id: lead.id, name: 'Мария', family: 'Иванова' });
    expect((await lead.client.get('/api/user/team')).body.res.members).toEqual([{ id: user.id, name: 'Мария', family: 'Иванова' }]);
    expect((await lead.client.get('/api/notify/message')).body.res.data[0].data.title).toBe('Команда пополнилась');

    // Leaving takes the flags away at once.
    expect((await user.client.post('/api/user/team/leave')).status).toBe(200);
    expect((await user.client.get('/api/user/access')).body.res.open_contact).toBe(false);
  });

  it('a user asks to join; the lead answers from the reverse list; decline allows a new invite', async () => {
    const lead = await member(['team_lead']);
    const user = await member();
    const join = await user.client.post('/api/user/team/join', { lead_id: lead.id });
    expect(join.status).toBe(200);
    const reverse = (await lead.client.get('/api/user/team')).body.res.reverseInviteUsers;
    expect(reverse).toEqual([{ id: join.body.res.id, from_user: { id: user.id, family: 'Иванова', name: 'Мария' } }]);
    expect((await lead.client.get('/api/notify/message')).body.res.data[0].data.message).toContain('предоставите участнику привилегии');
    expect((await lead.client.post('/api/user/team/invite', { id: join.body.res.id, status: 0 })).status).toBe(200);
    expect((await user.client.get('/api/user/team')).body.res.lead).toBeNull();
    expect((await lead.client.post('/api/user/team/invite/create', { user_id: user.id })).status).toBe(200);
  });

  it('only a lead invites or removes; members share favourites', async () => {
    const plain = await member();
    const other = await member();
    expect((await plain.client.post('/api/user/team/invite/create', { email: other.email })).status).toBe(403);
    expect((await plain.client.post('/api/user/team/join', { lead_id: other.id })).status).toBe(422);

    const lead = await member(['team_lead']);
    const inv = await lead.client.post('/api/user/team/invite/create', { user_id: other.id });
    await other.client.post('/api/user/team/invite', { id: inv.body.res.id, status: 1 });
    const resume = await createResume(built.ctx.database);
    await other.client.post(`/api/favourite/${resume.hash}`, { note: 'от участника' });
    const leadList = (await lead.client.get('/api/favourite')).body.res;
    expect(leadList.data[0]).toMatchObject({ hash: resume.hash, added_by: { id: other.id } });
    // A teammate's favourite is seen, but not deleted, by the lead.
    expect((await lead.client.request('DELETE', `/api/favourite/${resume.hash}`)).status).toBe(404);

    expect((await plain.client.request('DELETE', `/api/user/team/member/${other.id}`)).status).toBe(403);
    expect((await lead.client.request('DELETE', `/api/user/team/member/${other.id}`)).status).toBe(200);
    expect((await lead.client.request('DELETE', `/api/user/team/member/${other.id}`)).status).toBe(404);
    expect((await other.client.get('/api/notify/message')).body.res.data[0].data.title).toBe('Вы больше не в команде');
  });
});
