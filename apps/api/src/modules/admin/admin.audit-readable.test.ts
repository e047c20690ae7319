import { randomInt, randomUUID } from 'node:crypto';
import { auditDetailLines } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume } from '../../../test/factories.ts';
import { createTestApp } from '../../../test/helpers.ts';
import type { BuiltApp } from '../../app.ts';
import { adminOf, memberOf } from './admin.fixtures.ts';

let built: BuiltApp;
let admin: Awaited<ReturnType<typeof adminOf>>;
const db = () => built.ctx.database;

beforeAll(async () => {
  built = await createTestApp();
  admin = await adminOf(built.app, db());
});

type Entry = {
  action: string;
  object_title: string | null;
  object_url: string | null;
  object_id: string | null;
  details: Record<string, unknown>;
};
const entriesOf = async (query: string): Promise<Entry[]> => {
  const res = await admin.client.get(`/api/admin/audit?${query}`);
  expect(res.status).toBe(200);
  return res.body.res.data;
};

describe('the audit log reads as Russian, not as stored codes', () => {
  it('names the objects with links: a user by name, an opinion by its resume and the candidate as the admin may see them', async () => {
    const member = await memberOf(built.app, db(), { fio: 'Соколова Анна' });
    const resume = await createResume(db(), { title: 'Менеджер по продажам', firstName: 'Елена', lastName: 'Зайцева', middleName: null });
    const [opinion] = await db().rows<{ id: number }>(sql`
      insert into review_opinions (resume_id, source, author_id, verdict, text, relation)
      values (${resume.id}, 'member', ${member.id}, 'recommend', 'Сильный специалист, рекомендую', 'colleague') returning id`);
    expect((await admin.client.post(`/api/admin/opinions/${opinion?.id}/hide`, { reason: 'Оскорбительный тон' })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/users/${member.id}/block`, { reason: 'Спам в отзывах' })).status).toBe(200);
    expect(
      (await admin.client.request('PUT', `/api/admin/users/${member.id}/flags`, { flags: ['open_contact', 'mass_search'] })).status,
    ).toBe(200);

    const [hidden] = await entriesOf(`action=opinion.hide&object_id=${opinion?.id}`);
    // The admin has no open_contact here: the candidate's initials (candidate-view.ts), never the resume's code.
    expect(hidden?.object_title).toBe('Отзыв о резюме «Менеджер по продажам» (Е. З.)');
    expect(hidden?.object_url).toBe(`/resume/${resume.hash}`);
    expect(hidden?.object_title).not.toContain(resume.hash);
    expect(auditDetailLines('opinion.hide', hidden?.details)).toEqual([{ label: 'Причина', value: 'Оскорбительный тон' }]);

    const [blocked] = await entriesOf(`action=user.block&object_id=${member.id}`);
    expect(blocked?.object_title).toMatch(/^Пользователь .*Анна/);
    expect(blocked?.object_url).toBe(`/admin/users/${member.id}`);

    const [flags] = await entriesOf(`action=user.flags&object_id=${member.id}`);
    expect(auditDetailLines('user.flags', flags?.details)).toEqual([
      { label: 'Добавлены опции', value: 'Открытие контактов, Массовый поиск и выгрузка' },
      { label: 'Опции теперь', value: 'Открытие контактов, Массовый поиск и выгрузка' },
    ]);
  });

  it('says an object is gone instead of showing its id', async () => {
    // A person of its own: a deletion sweeps the person's name, e-mail and phone from the whole
    // database, and the factory's default person is every other test's candidate too.
    const own = randomUUID().slice(0, 8);
    const resume = await createResume(db(), {
      title: 'Бухгалтер',
      lastName: `Удаляемова${own}`,
      email: `gone-${own}@example.ru`,
      phone: `916${String(randomInt(0, 10_000_000)).padStart(7, '0')}`,
      telegram: `gone_${own}`,
    });
    expect((await admin.client.request('DELETE', `/api/admin/candidates/${resume.hash}`, { reason: 'Запрос кандидата' })).status).toBe(200);
    const [gone] = await entriesOf(`action=candidate.delete&object_id=${resume.hash}`);
    expect(gone?.object_title).toBe('Резюме удалено');
    expect(gone?.object_url).toBeNull();
    const lines = auditDetailLines('candidate.delete', gone?.details);
    expect(lines[0]).toEqual({ label: 'Причина', value: 'Запрос кандидата' });
    expect(lines[1]?.label).toBe('Удалено');
    expect(lines[1]?.value).toMatch(/резюме — 1/);
    expect(lines[1]?.value).not.toMatch(/[a-z_]{4,}/);
  });

  it('exports the CSV with the same titles and detail lines, no JSON', async () => {
    const member = await memberOf(built.app, db(), { fio: 'Павлов Олег' });
    await admin.client.request('PUT', `/api/admin/users/${member.id}/account-type`, { account_type: 'resident' });
    const csv = await built.app.inject({
      method: 'GET',
      url: `/api/admin/audit/export?action=user.account_type&object_id=${member.id}`,
      headers: { cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v.value}`).join('; ') },
    });
    expect(csv.statusCode).toBe(200);
    const row = csv.body.trim().split('\r\n')[1] ?? '';
    expect(row).toContain('Олег');
    expect(row).toContain('Было: Базовый; Стало: Резидент клуба');
    expect(row).not.toContain('{"');
  });
});
