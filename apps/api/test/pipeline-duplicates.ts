// A team with vacancies and public replies, for the duplicates and merge tests.
import { randomInt } from 'node:crypto';
import { consentVersion } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { teamMembers } from '../src/db/schema/index.ts';
import { setFlags } from './factories.ts';
import { registeredMember, TestClient, uniqueEmail, uniquePhone } from './helpers.ts';

const DESCRIPTION = `<p>${'Ищем специалиста по подбору персонала в растущую команду, белая зарплата. '.repeat(4)}</p>`;

export type Reply = { id: number; vacancyId: number; hash: string; email: string; phone: string };

export function teamKit(built: BuiltApp) {
  const db = () => built.ctx.database;

  async function member(flags: string[] = ['has_vacancy'], leadId?: number) {
    const m = await registeredMember(built.app);
    await setFlags(db(), m.email, flags);
    const [row] = await db().rows<{ id: number }>(sql`select id from users where email = ${m.email}`);
    const id = Number(row?.id);
    if (leadId) await db().db.insert(teamMembers).values({ leadId, userId: id });
    return { ...m, id };
  }

  async function vacancy(client: TestClient, title = 'Рекрутер в IT') {
    const res = await client.post('/api/vacancy', { title, city: '1069', skills: ['Подбор персонала'], description: DESCRIPTION, status: 'published' });
    if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
    return Number(res.body.res.id);
  }

  /** A public reply as a visitor sends it; the reply's resume hash read from the database. */
  async function reply(vacancyId: number, over: { fio?: string; email?: string; phone?: string; cover_letter?: string; resume_text?: string } = {}): Promise<Reply> {
    const client = new TestClient(built.app, `10.9.${randomInt(0, 255)}.${randomInt(1, 255)}`);
    const body = {
      fio: 'Петрова Анна Сергеевна',
      phone: uniquePhone(),
      email: uniqueEmail('cand'),
      consent: true,
      consent_version: consentVersion('reply'),
      resume_text: 'Пять лет в подборе.',
      ...over,
    };
    const res = await client.post(`/api/vacancy/${vacancyId}/reply`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = Number(res.body.res.id);
    const [row] = await db().rows<{ hash: string }>(sql`select res.hash from vacancy_replies r join resumes res on res.id = r.resume_id where r.id = ${id}`);
    return { id, vacancyId, hash: String(row?.hash), email: body.email, phone: body.phone };
  }

  const duplicates = (client: TestClient, r: { id: number; vacancyId: number }) => client.get(`/api/vacancy/${r.vacancyId}/reply/${r.id}/duplicates`);

  return { db, member, vacancy, reply, duplicates };
}
