import { randomInt } from 'node:crypto';
import { consentVersion } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { BuiltApp } from '../src/app.ts';
import { teamMembers } from '../src/db/schema/index.ts';
import { setFlags } from './factories.ts';
import { registeredMember, TestClient, uniqueEmail, uniquePhone } from './helpers.ts';

/** Members, teams, vacancies and replies for the pipeline's tests (stages, moves, board, history). */
export function pipelineKit(built: () => BuiltApp) {
  const db = () => built().ctx.database;

  async function member(flags: string[] = ['has_vacancy']) {
    const m = await registeredMember(built().app);
    if (flags.length) await setFlags(db(), m.email, flags);
    const [row] = await db().rows<{ id: number }>(sql`select id from users where email = ${m.email}`);
    await m.client.csrf();
    return { ...m, id: Number(row?.id) };
  }

  async function joinTeam(leadId: number, userId: number) {
    await db().db.insert(teamMembers).values({ leadId, userId });
  }

  async function vacancy(client: TestClient, title = 'Менеджер по подбору персонала'): Promise<number> {
    const res = await client.post('/api/vacancy', {
      title,
      city: '1069',
      salary_from: 90000,
      salary_to: 150000,
      skills: ['Подбор персонала'],
      description: `<p>${'Ищем опытного специалиста по подбору персонала в растущую команду. '.repeat(4)}</p>`,
      status: 'published',
    });
    if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
    return Number(res.body.res.id);
  }

  const visitor = () => new TestClient(built().app, `10.8.${randomInt(0, 255)}.${randomInt(1, 255)}`);

  async function reply(vacancyId: number, fio = 'Петрова Анна Сергеевна'): Promise<number> {
    const res = await visitor().post(`/api/vacancy/${vacancyId}/reply`, {
      fio,
      phone: uniquePhone(),
      email: uniqueEmail('cand'),
      consent: true,
      consent_version: consentVersion('reply'),
      resume_text: 'Пять лет в подборе.',
      city_name: 'Москва',
    });
    if (res.status !== 200) throw new Error(`reply not sent: ${res.status} ${JSON.stringify(res.body)}`);
    return Number(res.body.res.id);
  }

  type StageRow = { id: number; title: string; kind: string; count: number };
  async function stages(client: TestClient, vacancyId: number): Promise<StageRow[]> {
    const res = await client.get(`/api/vacancy/${vacancyId}/stages`);
    if (res.status !== 200) throw new Error(`stages: ${res.status}`);
    return res.body.res.stages;
  }

  /** Where each reply is: stage id and status, straight from the database. */
  async function placeOf(replyId: number) {
    const [row] = await db().rows<{ stage_id: number; status: string; reason_id: number | null }>(
      sql`select stage_id, status, reason_id from vacancy_replies where id = ${replyId}`,
    );
    return { stageId: Number(row?.stage_id), status: row?.status, reasonId: row?.reason_id == null ? null : Number(row.reason_id) };
  }

  async function defaultReasonId(): Promise<number> {
    const [row] = await db().rows<{ id: number }>(sql`select id from rejection_reasons where owner_id is null order by id limit 1`);
    return Number(row?.id);
  }

  return { db, member, joinTeam, vacancy, visitor, reply, stages, placeOf, defaultReasonId };
}
