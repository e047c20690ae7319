import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../app.ts';
import { findUserByEmail } from '../modules/user/user.service.ts';
import { setFlags } from '../../test/factories.ts';
import { createTestApp, registeredMember, TestClient } from '../../test/helpers.ts';

// The cache is on here, as it is in the embedded start; every revocation must still be immediate.
let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp({ SESSION_CACHE_SECONDS: '30' });
});

const member = async (flags: string[] = []) => {
  const m = await registeredMember(built.app);
  const row = await findUserByEmail(built.ctx.database.db, m.email);
  const id = row?.id as number;
  if (flags.length) await setFlags(built.ctx.database, m.email, flags);
  // A state-changing call after the direct write, as any real change arrives.
  await m.client.post('/api/notify/message/read', {});
  return { ...m, id };
};

describe('session cache', () => {
  it('answers signed-in reads without the session row once cached', async () => {
    const m = await member();
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    // A row removed behind the app's back is still served from memory: the cache is in use.
    await built.ctx.database.db.execute(sql`delete from sessions where user_id = ${m.id}`);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    // Any state-changing request empties it.
    await new TestClient(built.app).post('/api/notify/message/read', {});
    expect((await m.client.get('/api/user/main_info')).status).toBe(401);
  });

  it('logout and a password change end cached sessions at once', async () => {
    const m = await member();
    const second = new TestClient(built.app);
    expect((await second.post('/login', { email: m.email, password: m.password })).status).toBe(200);
    expect((await second.get('/api/user/main_info')).status).toBe(200);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);

    const changed = await m.client.post('/api/user/password', { current_password: m.password, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(changed.status).toBe(200);
    expect((await second.get('/api/user/main_info')).status).toBe(401);

    expect((await m.client.post('/logout')).status).toBe(200);
    expect((await m.client.get('/api/user/main_info')).status).toBe(401);
  });

  it('flags inherited through a team change at once', async () => {
    const lead = await member(['team_lead', 'open_contact']);
    const user = await member();
    expect((await user.client.get('/api/user/access')).body.res.open_contact).toBe(false);
    const invite = await lead.client.post('/api/user/team/invite/create', { user_id: user.id });
    expect(invite.status).toBe(200);
    expect((await user.client.post('/api/user/team/invite', { id: invite.body.res.id, status: 1 })).status).toBe(200);
    expect((await user.client.get('/api/user/access')).body.res.open_contact).toBe(true);
    expect((await lead.client.request('DELETE', `/api/user/team/member/${user.id}`)).status).toBe(200);
    expect((await user.client.get('/api/user/access')).body.res.open_contact).toBe(false);
  });
});
