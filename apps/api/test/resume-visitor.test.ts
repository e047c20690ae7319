import { HIDDEN_FOR_VISITORS, resumeVisitor } from '@hr/contract/resume-visitor';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { resumes } from '../src/db/schema/index.ts';
import { revealText, VISITOR_SIGHT } from '../src/modules/resume/candidate-view.ts';

const maskForVisitor = (text: string, names: Parameters<typeof revealText>[1]) => revealText(text, names, VISITOR_SIGHT);
import { createResume } from './factories.ts';
import { createTestApp, registeredMember, TestClient } from './helpers.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});
const db = () => built.ctx.database;

const candidate = { firstName: 'Евлампия', lastName: 'Засекреченная', middleName: 'Аристарховна' };

describe('GET /api/resume/{hash}/public — a visitor reads a resume', () => {
  it('shows the experience and conditions without who the candidate is', async () => {
    const resume = await createResume(db(), {
      ...candidate,
      phone: '9157654321',
      email: 'evlampia.secret@example.ru',
      telegram: 'evlampia_tg',
      photo: 'https://cdn.example.ru/photo-evlampia.jpg',
      about:
        'Звоните: +7 (915) 765-43-21 или 8 915 765 43 21, пишите на evlampia.secret@example.ru, в Telegram @evlampia_tg, портфолио https://evlampia.example.ru/cv. С уважением, Засекреченная Евлампия. Опыт с 2015-2020 годов.',
      experience: [
        {
          company: 'ИП Засекреченная',
          position: 'Рекрутер',
          start: '2019-01-01',
          end: null,
          description: 'Закрыла 120 вакансий; рекомендации у Засекреченной Е. А. по t.me/evlampia_tg',
        },
      ],
      skills: ['Подбор персонала', 'evlampia.secret@example.ru'],
    });
    const visitor = new TestClient(built.app);
    const res = await visitor.get(`/api/resume/${resume.hash}/public`);
    expect(res.status).toBe(200);
    const body = res.body.res;
    expect(resumeVisitor.parse(body)).toBeTruthy();
    expect(body).toMatchObject({
      hash: resume.hash,
      title: 'Менеджер по продажам',
      age: expect.any(Number),
      city: { value: '1069', title: 'Москва' },
      salary: { amount: 120000, currency: 'RUR' },
      experience: [{ position: 'Рекрутер', start: '2019-01-01', end: null }],
    });
    // Nothing that tells who the candidate is, or how to reach them.
    for (const key of [
      'first_name',
      'last_name',
      'middle_name',
      'initials',
      'birth_date',
      'photo',
      'contacts',
      'id',
      'source',
      'source_id',
      'views',
      'favourite',
      'permissions',
    ]) {
      expect(body, key).not.toHaveProperty(key);
    }
    const raw = JSON.stringify(res.body);
    for (const secret of [
      'Евлампия',
      'Засекреченн',
      'Аристарховна',
      '9157654321',
      '765-43-21',
      '765 43 21',
      'evlampia',
      'example.ru',
      'photo',
      resume.sourceId ?? 'no-source-id',
    ]) {
      expect(raw, secret).not.toContain(secret);
    }
    // No internal numeric id of any kind (the resume's, its owner's or its source's).
    expect(raw).not.toMatch(/"[a-z_]*id":\s*\d/);
    expect(body.about).toContain(HIDDEN_FOR_VISITORS);
    expect(body.about).toContain('Опыт с 2015-2020 годов.');
    expect(body.experience[0].description).toContain('Закрыла 120 вакансий');
  });

  it('gives a signed-in member the same anonymised answer and counts no view', async () => {
    const resume = await createResume(db(), candidate);
    const { client } = await registeredMember(built.app);
    const res = await client.get(`/api/resume/${resume.hash}/public`);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('Засекреченн');
    const [row] = await db().db.select({ views: resumes.views }).from(resumes).where(eq(resumes.id, resume.id));
    expect(row?.views).toBe(0);
  });

  it('keeps the member page login-only', async () => {
    const resume = await createResume(db(), candidate);
    expect((await new TestClient(built.app).get(`/api/resume/${resume.hash}`)).status).toBe(401);
  });

  it('answers 404 for an unknown or malformed hash and for a reply to a vacancy (its team only sees it)', async () => {
    const visitor = new TestClient(built.app);
    expect((await visitor.get('/api/resume/AAAAAAAAAAAAAAAAAAAAAA/public')).status).toBe(404);
    expect((await visitor.get('/api/resume/short/public')).status).toBe(404);
    const reply = await createResume(db(), { ...candidate, source: 'reply', vacancyId: 999 });
    const res = await visitor.get(`/api/resume/${reply.hash}/public`);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Засекреченн');
  });
});

describe('maskForVisitor', () => {
  const names = { firstName: 'Иван', lastName: 'Петров', middleName: 'Сергеевич' };
  it('hides contacts and the candidate’s names, keeps years, amounts and ordinary words', () => {
    expect(maskForVisitor('Тел. +7 (999) 123-45-67, e-mail: ivan@mail.ru', names)).toBe(
      `Тел. ${HIDDEN_FOR_VISITORS}, e-mail: ${HIDDEN_FOR_VISITORS}`,
    );
    expect(maskForVisitor('Работал у Петрова, потом в ИП Петров', names)).toBe(
      `Работал у ${HIDDEN_FOR_VISITORS}, потом в ИП ${HIDDEN_FOR_VISITORS}`,
    );
    expect(maskForVisitor('Иван Сергеевич — наставник', names)).toBe(`${HIDDEN_FOR_VISITORS} ${HIDDEN_FOR_VISITORS} — наставник`);
    expect(maskForVisitor('2015-2020: бюджет 1 500 000 руб., команда 12 человек', names)).toBe(
      '2015-2020: бюджет 1 500 000 руб., команда 12 человек',
    );
    expect(maskForVisitor('Пишите в Telegram @ivan_petrov или t.me/ivan_petrov', names)).toBe(
      `Пишите в Telegram ${HIDDEN_FOR_VISITORS} или ${HIDDEN_FOR_VISITORS}`,
    );
  });
});
