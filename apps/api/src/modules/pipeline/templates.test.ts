import { randomInt } from 'node:crypto';
import { consentVersion, TEMPLATE_MSG, TEMPLATES_PER_MEMBER_MAX } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { contactOpenings, teamMembers } from '../../db/schema/index.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createPrivateTestApp({ APP_URL: 'http://club.test', REPLY_LIMIT_PER_HOUR: '1000' });
}, 180_000);

const db = () => built.ctx.database;

async function member(flags: string[] = ['has_vacancy']) {
  const m = await registeredMember(built.app);
  if (flags.length) await setFlags(db(), m.email, flags);
  const [row] = await db().rows<{ id: number }>(sql`select id from users where email = ${m.email}`);
  return { ...m, id: Number(row?.id) };
}
const joinTeam = (leadId: number, userId: number) => db().db.insert(teamMembers).values({ leadId, userId });

async function createVacancy(client: TestClient, title = 'Менеджер по подбору персонала') {
  const res = await client.post('/api/vacancy', {
    title,
    city: '1069',
    skills: ['Подбор персонала'],
    description: `<p>${'Ищем опытного специалиста по подбору персонала в растущую команду. '.repeat(4)}</p>`,
    status: 'published',
  });
  if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res as { id: number };
}

async function reply(vacancyId: number, fio = 'Петрова Анна Сергеевна') {
  const anon = new TestClient(built.app, `10.11.${randomInt(0, 255)}.${randomInt(1, 255)}`);
  const res = await anon.post(`/api/vacancy/${vacancyId}/reply`, {
    fio,
    phone: uniquePhone(),
    email: uniqueEmail('cand'),
    consent: true,
    consent_version: consentVersion('reply'),
    resume_text: 'Пять лет в подборе.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.res.id as number;
}

const tpl = (over: Record<string, unknown> = {}) => ({
  name: 'Приглашение в офис',
  kind: 'invite',
  subject: 'Встреча: {{vacancy}}',
  body: 'Здравствуйте, {{first_name}}!',
  ...over,
});

describe('message templates', () => {
  it('a member sees the defaults (read-only), their own and the team’s shared ones; defaults first, then own, then team’s', async () => {
    const lead = await member(['has_vacancy', 'team_lead']);
    const mate = await member();
    const stranger = await member();
    await joinTeam(lead.id, mate.id);

    const own = (await lead.client.post('/api/templates', tpl({ name: 'Мой', kind: 'reject' }))).body.res;
    expect(own).toMatchObject({ name: 'Мой', kind: 'reject', own: true, shared: false, owner: { id: lead.id } });
    const shared = (await mate.client.post('/api/templates', tpl({ name: 'Общий', shared: true }))).body.res;
    const hidden = (await mate.client.post('/api/templates', tpl({ name: 'Личный' }))).body.res;
    const foreign = (await stranger.client.post('/api/templates', tpl({ name: 'Чужой', shared: true }))).body.res;

    const items = (await lead.client.get('/api/templates')).body.res.items as { id: number; kind: string; own: boolean; owner: unknown }[];
    const defaults = items.filter((t) => t.owner === null);
    expect(defaults.map((t) => t.kind)).toEqual(['invite', 'reject', 'thanks']);
    expect(items.map((t) => t.id)).toEqual([...defaults.map((t) => t.id), own.id, shared.id]);
    expect(items.some((t) => t.id === hidden.id || t.id === foreign.id)).toBe(false);
    expect(items.find((t) => t.id === shared.id)).toMatchObject({ own: false, shared: true });

    // Only the owner changes or deletes: visible but not own → 403, not visible → 404.
    expect((await lead.client.request('PUT', `/api/templates/${shared.id}`, tpl())).status).toBe(403);
    const notOwn = await lead.client.request('DELETE', `/api/templates/${shared.id}`);
    expect(notOwn.status).toBe(403);
    expect(notOwn.body.message).toBe(TEMPLATE_MSG.notOwn);
    expect((await lead.client.request('PUT', `/api/templates/${defaults[0]?.id}`, tpl())).status).toBe(403);
    expect((await lead.client.request('PUT', `/api/templates/${hidden.id}`, tpl())).status).toBe(404);
    expect((await lead.client.request('DELETE', `/api/templates/${foreign.id}`)).status).toBe(404);

    const changed = await mate.client.request('PUT', `/api/templates/${shared.id}`, tpl({ name: 'Общий 2', shared: false }));
    expect(changed.body.res).toMatchObject({ name: 'Общий 2', shared: false });
    expect((await lead.client.get('/api/templates')).body.res.items.some((t: { id: number }) => t.id === shared.id)).toBe(false);
    expect((await mate.client.request('DELETE', `/api/templates/${shared.id}`)).status).toBe(200);
    expect((await mate.client.request('DELETE', `/api/templates/${shared.id}`)).status).toBe(404);
    expect((await new TestClient(built.app).get('/api/templates')).status).toBe(401);
  });

  it('refuses bad input with Russian messages per field, and a bad id as not found', async () => {
    const m = await member();
    const res = await m.client.post('/api/templates', { name: ' ', subject: 'x'.repeat(201), kind: 'nope' });
    expect(res.status).toBe(422);
    expect(res.body.errors?.name).toEqual([TEMPLATE_MSG.nameRequired]);
    expect(res.body.errors?.subject).toEqual([TEMPLATE_MSG.tooLong(200)]);
    expect(res.body.errors?.body).toEqual([TEMPLATE_MSG.bodyRequired]);
    expect(res.body.errors?.kind?.[0]).toMatch(/[а-я]/i);
    expect((await m.client.request('PUT', '/api/templates/abc', tpl())).status).toBeLessThan(500);
    expect((await m.client.request('PUT', '/api/templates/99999999999', tpl())).status).toBeLessThan(500);
    expect((await m.client.post('/api/templates', tpl(), { csrf: false, headers: { 'x-xsrf-token': 'wrong' } })).status).toBe(419);
  });

  it(`keeps at most ${TEMPLATES_PER_MEMBER_MAX} templates per member, also when they are sent at once`, async () => {
    const m = await member();
    await db().db.execute(sql`insert into message_templates (owner_id, kind, name, subject, body)
      select ${m.id}, 'other', 'Шаблон ' || g, 'Тема', 'Текст' from generate_series(1, ${TEMPLATES_PER_MEMBER_MAX - 3}) g`);
    await m.client.csrf();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => m.client.post('/api/templates', tpl({ name: `Разом ${i}` }))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 422 && a.body.errors?.name?.[0] === TEMPLATE_MSG.tooMany)).toBe(true);
    const [n] = await db().rows<{ n: number }>(sql`select count(*)::int as n from message_templates where owner_id = ${m.id}`);
    expect(Number(n?.n)).toBe(TEMPLATES_PER_MEMBER_MAX);
  });

  it('previews a template for a reply of the team; another team’s vacancy, reply or template is not found', async () => {
    const owner = await member();
    await db().db.execute(sql`update users set name = 'Ольга', family = 'Смирнова', company = 'ООО «Ромашка»' where id = ${owner.id}`);
    const v = await createVacancy(owner.client, 'Рекрутер <b>IT</b>');
    const r = await reply(v.id, 'Петрова {{member}} <script>');
    const t = (
      await owner.client.post(
        '/api/templates',
        tpl({ subject: 'Вакансия {{vacancy}}', body: 'Здравствуйте, {{first_name}}! Ваш {{member}}, {{company}}. {{unknown}}' }),
      )
    ).body.res;

    const p = await owner.client.post('/api/templates/preview', { template_id: t.id, vacancy_id: v.id, reply_id: r });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    // One pass: the candidate's «{{member}}» stays as typed; nothing is HTML here (the web shows text).
    expect(p.body.res).toEqual({
      subject: 'Вакансия Рекрутер <b>IT</b>',
      body: 'Здравствуйте, {{member}}! Ваш Ольга Смирнова, ООО «Ромашка». {{unknown}}',
    });
    // The reply's next planned interview fills its date and place (Moscow time).
    await db().db.execute(sql`insert into interviews (reply_id, uid, starts_at, minutes, place)
      values (${r}, ${`iv-${r}@test`}, '2099-03-12T08:00:00Z', 60, 'Офис на Тверской, 1')`);
    const t2 = (await owner.client.post('/api/templates', tpl({ body: 'Ждём вас {{interview_at}}, место: {{place}}.' }))).body.res;
    const withInterview = await owner.client.post('/api/templates/preview', { template_id: t2.id, vacancy_id: v.id, reply_id: r });
    expect(withInterview.body.res.body).toBe('Ждём вас 12 марта 2099 г. в 11:00, место: Офис на Тверской, 1.');
    // Without a reply (a bulk action): the template as it is.
    expect((await owner.client.post('/api/templates/preview', { template_id: t.id, vacancy_id: v.id })).body.res).toEqual({
      subject: t.subject,
      body: t.body,
    });

    const stranger = await member();
    const theirs = await createVacancy(stranger.client);
    const theirReply = await reply(theirs.id);
    const theirTemplate = (await stranger.client.post('/api/templates', tpl({ shared: true }))).body.res;
    expect((await stranger.client.post('/api/templates/preview', { template_id: t.id, vacancy_id: theirs.id })).status).toBe(404);
    expect(
      (await owner.client.post('/api/templates/preview', { template_id: t.id, vacancy_id: theirs.id, reply_id: theirReply })).status,
    ).toBe(404);
    expect((await owner.client.post('/api/templates/preview', { template_id: t.id, vacancy_id: v.id, reply_id: theirReply })).status).toBe(
      404,
    );
    expect(
      (await owner.client.post('/api/templates/preview', { template_id: theirTemplate.id, vacancy_id: v.id, reply_id: r })).status,
    ).toBe(404);
    const bad = await owner.client.post('/api/templates/preview', { template_id: 'x', vacancy_id: v.id });
    expect(bad.status).toBe(422);
  });

  it('an invited club resume: the first name only when the member may see names; otherwise a neutral greeting', async () => {
    // The lead cannot see club candidates' names; their member can (their own access).
    const blind = await member(['has_vacancy', 'team_lead']);
    const seer = await member(['has_vacancy', 'open_contact']);
    await joinTeam(blind.id, seer.id);
    const v = await createVacancy(seer.client);
    const resume = await createResume(db(), { firstName: 'Марина', lastName: 'Иванова', email: uniqueEmail('club') });
    await db().db.insert(contactOpenings).values({ resumeId: resume.id, userId: seer.id, day: '2025-01-01', charged: true });
    expect((await seer.client.post(`/api/vacancy/${v.id}/invite`, { resume_hash: resume.hash })).status).toBe(200);
    const [row] = await db().rows<{ id: number }>(
      sql`select id from vacancy_replies where vacancy_id = ${v.id} and resume_id = ${resume.id}`,
    );
    const defaults = (await seer.client.get('/api/templates')).body.res.items.filter((t: { owner: unknown }) => t.owner === null);
    const invite = defaults.find((t: { kind: string }) => t.kind === 'invite');

    const seen = await seer.client.post('/api/templates/preview', { template_id: invite.id, vacancy_id: v.id, reply_id: row?.id });
    expect(seen.body.res.body).toMatch(/^Здравствуйте, Марина!/);
    const hidden = await blind.client.post('/api/templates/preview', { template_id: invite.id, vacancy_id: v.id, reply_id: row?.id });
    expect(hidden.status).toBe(200);
    expect(hidden.body.res.body).toMatch(/^Здравствуйте!/);
    expect(hidden.body.res.body).not.toContain('Марина');
  });
});
