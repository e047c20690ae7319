import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BuiltApp } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});

describe('profile', () => {
  it('answers what the profile holds', async () => {
    const m = await registeredMember(built.app, { fio: 'Соколова Анна Петровна', phone: '+7 (916) 555-12-34' });
    const res = await m.client.get('/api/user/profile');
    expect(res.status).toBe(200);
    expect(res.body.res).toMatchObject({
      fio: 'Соколова Анна Петровна',
      email: m.email,
      phone: '+7 (916) 555-12-34',
      company: 'ООО «Ромашка»',
      company_people_count: '51-150',
      city_name: 'Москва',
      tags: [],
      must_confirm: false,
      telegram_bound: false,
    });
    expect((await new TestClient(built.app).get('/api/user/profile')).status).toBe(401);
  });

  it('saves only the fields sent, with per-field errors', async () => {
    const m = await registeredMember(built.app);
    const ok = await m.client.post('/api/user/profile', { position: 'HR-директор', tags: ['Массовый подбор', 'IT-рекрутинг'], report_reply_notify: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.res).toMatchObject({ position: 'HR-директор', company: 'ООО «Ромашка»', tags: ['Массовый подбор', 'IT-рекрутинг'], report_reply_notify: true });
    expect((await m.client.get('/api/user/access')).body.res.report_reply_notify).toBe(true);
    const bad = await m.client.post('/api/user/profile', { phone: '+7 (111) 111-11-11', company: '', tags: ['Неизвестный интерес'], city_name: 'Готэм' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['company', 'phone']);
    const badTag = await m.client.post('/api/user/profile', { tags: ['Неизвестный интерес'] });
    expect(badTag.body.errors?.tags?.[0]).toMatch(/Выберите значение из списка/);
    const badCity = await m.client.post('/api/user/profile', { city_name: 'Готэм' });
    expect(badCity.body.errors?.city_name).toEqual(['Выберите город из списка']);
    const other = await registeredMember(built.app);
    const taken = await m.client.post('/api/user/profile', { phone: other.payload.phone });
    expect(taken.body.errors?.phone).toEqual(['Пользователь с таким телефоном уже зарегистрирован']);
  });

  it('changes the password with the current one and ends other sessions', async () => {
    const m = await registeredMember(built.app);
    const second = new TestClient(built.app);
    await second.post('/login', { email: m.email, password: m.password });
    const wrong = await m.client.post('/api/user/password', { current_password: 'nope', password: 'newpass1', password_confirmation: 'newpass1' });
    expect(wrong.body.errors).toEqual({ current_password: ['Неверный текущий пароль'] });
    const ok = await m.client.post('/api/user/password', { current_password: m.password, password: 'newpass1', password_confirmation: 'newpass1' });
    expect(ok.status).toBe(200);
    expect((await m.client.get('/api/user/main_info')).status).toBe(200);
    expect((await second.get('/api/user/main_info')).status).toBe(401);
    expect((await new TestClient(built.app).post('/login', { email: m.email, password: 'newpass1' })).status).toBe(200);
  });
});

describe('profile confirmation', () => {
  it('is asked when never confirmed or older than six months, with the SEED texts', async () => {
    const m = await registeredMember(built.app);
    expect((await m.client.get('/api/user/main_info')).body.res.must_confirm_profile).toBe(false);
    await built.ctx.database.db.update(users).set({ profileConfirmedAt: sql`now() - interval '7 months'` }).where(eq(users.email, m.email));
    expect((await m.client.get('/api/user/main_info')).body.res.must_confirm_profile).toBe(true);

    const bad = await m.client.post('/api/user/confirm', { company_name: '', position: '', profession_area: ' ', profileTag: ['IT-рекрутинг'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      company_name: ['Поле не может быть пустым'],
      company_people_count: ['Выберите значение из списка'],
      position: ['Выберите значение из списка'],
      profession_area: ['Поле не может быть пустым'],
      profileTag: ['Выберите не менее 2-х значений'],
    });
    const ok = await m.client.post('/api/user/confirm', {
      company_name: 'АО «Север»',
      company_people_count: '151-500',
      position: 'Рекрутер',
      profession_area: 'Подбор персонала',
      profileTag: ['IT-рекрутинг', 'Массовый подбор'],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBeTruthy();
    expect((await m.client.get('/api/user/main_info')).body.res.must_confirm_profile).toBe(false);
    expect((await m.client.get('/api/user/profile')).body.res).toMatchObject({ company: 'АО «Север»', tags: ['IT-рекрутинг', 'Массовый подбор'] });
  });
});

describe('person page', () => {
  it('shows a member to other members only', async () => {
    const a = await registeredMember(built.app, { fio: 'Лебедева Ольга' });
    const b = await registeredMember(built.app);
    const id = (await a.client.get('/api/user/main_info')).body.res.id;
    const res = await b.client.get(`/api/user/person/${id}`);
    expect(res.body.res).toMatchObject({ id, name: 'Ольга', family: 'Лебедева', company: 'ООО «Ромашка»', is_team_lead: false });
    expect(JSON.stringify(res.body)).not.toContain(a.email);
    expect((await new TestClient(built.app).get(`/api/user/person/${id}`)).status).toBe(401);
    expect((await b.client.get('/api/user/person/99999999')).status).toBe(404);
  });
});
