import { RESIDENT_FLAGS } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume } from '../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { adminOf, auditRows, memberOf } from '../admin/admin.fixtures.ts';

/** Issue 22, the small wrongs a member meets: residency, contacts left today, Telegram, the confirmation popup. */

let built: BuiltApp;
const db = () => built.ctx.database;
const LIMIT = 3;

beforeAll(async () => {
  built = await createTestApp({ CONTACTS_DAILY_LIMIT: String(LIMIT) });
});

async function setFlags(userId: number, flags: string[]) {
  await db().rows(sql`update users set flags = ${JSON.stringify(flags)}::jsonb where id = ${userId}`);
  built.ctx.sessions.forgetCachedUsers();
}

describe('residency', () => {
  it('approval makes the member a resident with the paid options, keeps their other flags, audits and says what they got', async () => {
    const admin = await adminOf(built.app, db());
    const m = await memberOf(built.app, db(), { is_resident: true });
    await setFlags(m.id, ['report_reply_notify']);
    const before = (await m.client.get('/api/user/access')).body.res;
    for (const flag of RESIDENT_FLAGS) expect(before[flag], flag).toBe(false);

    const res = await admin.client.post(`/api/admin/users/${m.id}/residency`, { decision: 'approve' });
    expect(res.status).toBe(200);

    const after = (await m.client.get('/api/user/access')).body.res;
    expect(after).toMatchObject({
      open_contact: true,
      has_vacancy: true,
      mass_search: true,
      spec_search: true,
      // A company's unlimited account is bought separately, not given by residency.
      commerce_account: false,
      report_reply_notify: true,
      team_lead: false,
    });
    expect((await m.client.get('/api/user/main_info')).body.res.account_type_title).toBe('Резидент клуба');
    const [entry] = await auditRows(db(), 'user.residency_approve', m.id);
    expect(entry?.details).toMatchObject({ flags: [...RESIDENT_FLAGS] });

    const [note] = await db().rows<{ message: string }>(
      sql`select message from notifications where user_id = ${m.id} and title = 'Резидентство подтверждено'`,
    );
    expect(note?.message).toContain('имена и контакты кандидатов');
    expect(note?.message).toContain('заявки на вакансии');
    expect(note?.message).not.toContain('Обновите страницу');
  });

  it('a rejected request gives nothing', async () => {
    const admin = await adminOf(built.app, db());
    const m = await memberOf(built.app, db(), { is_resident: true });
    expect((await admin.client.post(`/api/admin/users/${m.id}/residency`, { decision: 'reject' })).status).toBe(200);
    const access = (await m.client.get('/api/user/access')).body.res;
    for (const flag of RESIDENT_FLAGS) expect(access[flag], flag).toBe(false);
  });
});

describe('contact openings left today', () => {
  it('counts first openings down to zero, reopening is free, and the opening past zero is refused', async () => {
    const m = await memberOf(built.app, db());
    expect((await m.client.get('/api/user/contact_quota')).body.res).toEqual({ can_open: false, limit: null, remaining: null });
    await setFlags(m.id, ['open_contact']);
    expect((await m.client.get('/api/user/contact_quota')).body.res).toEqual({ can_open: true, limit: LIMIT, remaining: LIMIT });

    const resumes = await Promise.all(Array.from({ length: LIMIT + 1 }, () => createResume(db())));
    const first = resumes[0]?.hash;
    expect((await m.client.post(`/api/resume/${first}/contacts`)).status).toBe(200);
    expect((await m.client.get('/api/user/contact_quota')).body.res.remaining).toBe(LIMIT - 1);
    expect((await m.client.post(`/api/resume/${first}/contacts`)).status).toBe(200);
    expect((await m.client.get('/api/user/contact_quota')).body.res.remaining).toBe(LIMIT - 1);

    for (const r of resumes.slice(1, LIMIT)) expect((await m.client.post(`/api/resume/${r.hash}/contacts`)).status).toBe(200);
    expect((await m.client.get('/api/user/contact_quota')).body.res.remaining).toBe(0);
    expect((await m.client.post(`/api/resume/${resumes[LIMIT]?.hash}/contacts`)).status).toBe(429);
    expect((await m.client.get('/api/user/contact_quota')).body.res.remaining).toBe(0);
  });

  it('a company account has no daily limit; a visitor gets 401', async () => {
    const m = await memberOf(built.app, db());
    await setFlags(m.id, ['open_contact', 'commerce_account']);
    expect((await m.client.get('/api/user/contact_quota')).body.res).toEqual({ can_open: true, limit: null, remaining: null });
    expect((await new TestClient(built.app).get('/api/user/contact_quota')).status).toBe(401);
  });
});

describe('Telegram exists only where the bot is set up', () => {
  it('main_info says so', async () => {
    const m = await registeredMember(built.app);
    expect((await m.client.get('/api/user/main_info')).body.res.telegram_enabled).toBe(false);
    const withBot = await createTestApp({ TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_BOT_NAME: 'hr_club_bot' });
    const other = await registeredMember(withBot.app);
    expect((await other.client.get('/api/user/main_info')).body.res.telegram_enabled).toBe(true);
  });
});

describe('the profile confirmation popup', () => {
  it('a complete registration is a confirmation: not asked right after it', async () => {
    const m = await registeredMember(built.app);
    expect((await m.client.get('/api/user/main_info')).body.res.must_confirm_profile).toBe(false);
  });

  it('asked for a missing profession area once: closing it is remembered across sign-ins', async () => {
    const m = await registeredMember(built.app, { profession_area: null });
    expect((await m.client.get('/api/user/main_info')).body.res.must_confirm_profile).toBe(true);
    expect((await m.client.post('/api/user/confirm/later')).status).toBe(200);
    expect((await m.client.get('/api/user/main_info')).body.res.must_confirm_profile).toBe(false);

    const again = new TestClient(built.app);
    expect((await again.post('/login', { email: m.email, password: m.password })).status).toBe(200);
    expect((await again.get('/api/user/main_info')).body.res.must_confirm_profile).toBe(false);
  });

  it('an incomplete profile is asked even after closing', async () => {
    const m = await memberOf(built.app, db());
    await m.client.post('/api/user/confirm/later');
    await db().rows(sql`update users set company = null where id = ${m.id}`);
    built.ctx.sessions.forgetCachedUsers();
    expect((await m.client.get('/api/user/main_info')).body.res.must_confirm_profile).toBe(true);
  });
});
