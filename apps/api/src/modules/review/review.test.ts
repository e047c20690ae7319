import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createPrivateTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import { findUserByEmail } from '../user/user.service.ts';
import { hideOpinion, unhideOpinion } from './review.service.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createPrivateTestApp();
});

async function member(flags: string[] = []) {
  const m = await registeredMember(built.app);
  if (flags.length) await setFlags(built.ctx.database, m.email, flags);
  const user = await findUserByEmail(built.ctx.database.db, m.email);
  return { ...m, id: user?.id as number };
}

const good = (over: Record<string, unknown> = {}) => ({
  verdict: 'recommend',
  text: 'Работали вместе два года, очень надёжный сотрудник.',
  relation: 'colleague',
  company: 'ООО «Вектор»',
  period_from: '2020-01',
  period_to: '2022-06',
  ...over,
});

describe('opinions about a candidate', () => {
  it('visitors get 401 everywhere, before any other check', async () => {
    const resume = await createResume(built.ctx.database);
    const visitor = new TestClient(built.app);
    await visitor.csrf();
    expect((await visitor.get(`/api/review?resume_hash=${resume.hash}`)).status).toBe(401);
    expect((await visitor.post('/api/review', good({ resume_hash: resume.hash }))).status).toBe(401);
    expect((await visitor.post('/api/review', {})).status).toBe(401);
    expect((await visitor.get('/api/review/1')).status).toBe(401);
    expect((await visitor.request('PUT', '/api/review/1', good())).status).toBe(401);
    expect((await visitor.request('DELETE', '/api/review/1')).status).toBe(401);
    expect((await visitor.get('/api/review/request')).status).toBe(401);
    expect((await visitor.post('/api/review/request', {})).status).toBe(401);
    expect((await visitor.post('/api/review/request/AAAAAAAAAAAAAAAAAAAAAA/resend')).status).toBe(401);
  });

  it('checks every field with a Russian message', async () => {
    const m = await member();
    const resume = await createResume(built.ctx.database);
    const bad = await m.client.post('/api/review', { resume_hash: resume.hash, text: 'коротко', verdict: 'great', relation: 'friend', period_from: '2020-13' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      verdict: ['Выберите оценку'],
      relation: ['Укажите, откуда вы знаете кандидата'],
      text: ['Отзыв должен быть не короче 20 символов'],
      period_from: ['Укажите месяц в формате ГГГГ-ММ'],
    });
    const long = await m.client.post('/api/review', good({ resume_hash: resume.hash, text: 'а'.repeat(5001) }));
    expect(long.body.errors?.text).toEqual(['Отзыв должен быть не длиннее 5000 символов']);
    const future = await m.client.post('/api/review', good({ resume_hash: resume.hash, period_to: `${new Date().getFullYear() + 1}-01` }));
    expect(future.body.errors?.period_to).toEqual(['Дата не может быть в будущем']);
    const order = await m.client.post('/api/review', good({ resume_hash: resume.hash, period_from: '2022-01', period_to: '2021-01' }));
    expect(order.body.errors?.period_to).toEqual(['Начало периода не может быть позже окончания']);
    expect((await m.client.post('/api/review', good({ resume_hash: 'A'.repeat(22) }))).status).toBe(404);
    // Exactly 20 characters and no optional fields are fine.
    const min = await m.client.post('/api/review', { resume_hash: resume.hash, verdict: 'neutral', relation: 'interviewer', text: 'а'.repeat(20) });
    expect(min.status).toBe(200);
    expect(min.body.res).toMatchObject({ company: null, period_from: null, period_to: null, source: 'member' });
  });

  it('one opinion per member per resume, also when sent in parallel', async () => {
    const m = await member();
    const resume = await createResume(built.ctx.database);
    const answers = await Promise.all(Array.from({ length: 6 }, () => m.client.post('/api/review', good({ resume_hash: resume.hash }))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(422);
      expect(a.body.errors?.resume_hash).toEqual(['Вы уже оставили отзыв об этом кандидате']);
    }
    const again = await m.client.post('/api/review', good({ resume_hash: resume.hash, verdict: 'neutral' }));
    expect(again.body.errors?.resume_hash).toEqual(['Вы уже оставили отзыв об этом кандидате']);
    // Another member still may.
    const other = await member();
    expect((await other.client.post('/api/review', good({ resume_hash: resume.hash }))).status).toBe(200);
  });

  it('lists newest first with pagination; the resume answer carries the summary and my opinion', async () => {
    const resume = await createResume(built.ctx.database);
    const verdicts = ['recommend', 'recommend', 'neutral', 'not_recommend', 'recommend'];
    const authors = [];
    for (const verdict of verdicts) {
      const m = await member();
      const res = await m.client.post('/api/review', good({ resume_hash: resume.hash, verdict }));
      expect(res.status).toBe(200);
      authors.push({ ...m, opinionId: res.body.res.id as number });
    }
    const reader = await member();
    const page1 = await reader.client.get(`/api/review?resume_hash=${resume.hash}&per_page=20`);
    expect(page1.status).toBe(200);
    expect(page1.body.res).toMatchObject({ total: 5, current_page: 1, last_page: 1, per_page: 20 });
    const ids = page1.body.res.data.map((o: { id: number }) => o.id);
    expect(ids).toEqual(authors.map((a) => a.opinionId).reverse());
    const first = page1.body.res.data[0];
    const lastAuthor = authors[4] as (typeof authors)[number];
    expect(first).toMatchObject({
      resume_hash: resume.hash,
      verdict: 'recommend',
      relation: 'colleague',
      company: 'ООО «Вектор»',
      period_from: '2020-01',
      period_to: '2022-06',
      source: 'member',
      author: { id: lastAuthor.id, name: 'Мария', family: 'Иванова', company: 'ООО «Ромашка»' },
      external_author: null,
      permissions: { can_edit: false },
    });
    expect(first).not.toHaveProperty('hidden');
    expect((await reader.client.get(`/api/review?resume_hash=${resume.hash}&per_page=30`)).status).toBe(422);
    expect((await reader.client.get('/api/review')).body.errors?.resume_hash).toBeDefined();
    expect((await reader.client.get(`/api/review?resume_hash=${'B'.repeat(22)}`)).status).toBe(404);

    const readerView = (await reader.client.get(`/api/resume/${resume.hash}`)).body.res;
    expect(readerView.opinions_summary).toEqual({ recommend: 3, neutral: 1, not_recommend: 1 });
    expect(readerView.my_opinion_id).toBeNull();
    const authorView = (await lastAuthor.client.get(`/api/resume/${resume.hash}`)).body.res;
    expect(authorView.my_opinion_id).toBe(lastAuthor.opinionId);
    // The author's own copy in the list says it may be edited.
    const mine = (await lastAuthor.client.get(`/api/review?resume_hash=${resume.hash}`)).body.res.data[0];
    expect(mine.permissions.can_edit).toBe(true);
  });

  it('only the author reads, edits and deletes; everybody else gets 404', async () => {
    const author = await member();
    const other = await member(['open_contact']);
    const resume = await createResume(built.ctx.database);
    const created = (await author.client.post('/api/review', good({ resume_hash: resume.hash }))).body.res;
    const url = `/api/review/${created.id}`;

    expect((await other.client.get(url)).status).toBe(404);
    expect((await other.client.request('PUT', url, good({ text: 'Чужой текст, который не должен сохраниться.' }))).status).toBe(404);
    expect((await other.client.request('DELETE', url)).status).toBe(404);
    expect((await author.client.get('/api/review/99999999999')).status).toBe(404);
    expect((await author.client.get('/api/review/abc')).status).toBe(404);

    const own = await author.client.get(url);
    expect(own.status).toBe(200);
    expect(own.body.res).toMatchObject({ id: created.id, permissions: { can_edit: true }, hidden: false, resume: { hash: resume.hash, initials: 'А. Т.', first_name: null } });

    const edited = await author.client.request('PUT', url, good({ verdict: 'not_recommend', text: 'Передумал: сроки срывались постоянно.', relation: 'employer', company: '', period_from: null, period_to: null }));
    expect(edited.status).toBe(200);
    expect(edited.body.res).toMatchObject({ verdict: 'not_recommend', relation: 'employer', company: null, period_from: null });
    const badEdit = await author.client.request('PUT', url, good({ text: 'мало' }));
    expect(badEdit.status).toBe(422);
    expect((await author.client.get(url)).body.res.text).toBe('Передумал: сроки срывались постоянно.');

    expect((await other.client.get(`/api/review?resume_hash=${resume.hash}`)).body.res.data[0].text).toBe('Передумал: сроки срывались постоянно.');
    expect((await author.client.request('DELETE', url)).status).toBe(200);
    expect((await author.client.get(url)).status).toBe(404);
    expect((await other.client.get(`/api/review?resume_hash=${resume.hash}`)).body.res.total).toBe(0);
    // After deleting, a new opinion may be written.
    expect((await author.client.post('/api/review', good({ resume_hash: resume.hash }))).status).toBe(200);
  });

  it('an opinion hidden by an admin is listed and counted for nobody; its author sees it marked', async () => {
    const author = await member();
    const reader = await member();
    const resume = await createResume(built.ctx.database);
    const created = (await author.client.post('/api/review', good({ resume_hash: resume.hash }))).body.res;
    expect(await hideOpinion(built.ctx, created.id, 'Оскорбительные выражения')).toBe(true);
    expect((await reader.client.get(`/api/review?resume_hash=${resume.hash}`)).body.res.total).toBe(0);
    expect((await reader.client.get(`/api/resume/${resume.hash}`)).body.res.opinions_summary).toEqual({ recommend: 0, neutral: 0, not_recommend: 0 });
    const mine = (await author.client.get('/api/review?mine=1')).body.res;
    expect(mine.data).toHaveLength(1);
    expect(mine.data[0]).toMatchObject({ id: created.id, hidden: true, resume: { hash: resume.hash } });
    // Still one per member: the hidden one counts.
    expect((await author.client.post('/api/review', good({ resume_hash: resume.hash }))).status).toBe(422);
    expect(await unhideOpinion(built.ctx, created.id)).toBe(true);
    expect((await reader.client.get(`/api/review?resume_hash=${resume.hash}`)).body.res.total).toBe(1);
    expect(await hideOpinion(built.ctx, 99_999_999, null)).toBe(false);
  });

  it('search cards show members a summary in one query per page; visitors see none', async () => {
    const salary = randomInt(3_000_000, 900_000_000);
    const withOpinions = await createResume(built.ctx.database, { salaryAmount: salary });
    const without = await createResume(built.ctx.database, { salaryAmount: salary });
    for (const verdict of ['recommend', 'recommend', 'not_recommend']) {
      const m = await member();
      await m.client.post('/api/review', good({ resume_hash: withOpinions.hash, verdict }));
    }
    const reader = await member();
    const qs = `salary_from=${salary}&salary_to=${salary}&searchOrderBy=publication_time`;
    const cards = (await reader.client.get(`/api/resume/search?${qs}`)).body.res.data as { hash: string; opinions_summary?: unknown }[];
    expect(cards.map((c) => c.hash).sort()).toEqual([withOpinions.hash, without.hash].sort());
    expect(cards.find((c) => c.hash === withOpinions.hash)?.opinions_summary).toEqual({ recommend: 2, neutral: 0, not_recommend: 1 });
    expect(cards.find((c) => c.hash === without.hash)).not.toHaveProperty('opinions_summary');
    const visitorCards = (await new TestClient(built.app).get(`/api/resume/search?${qs}`)).body.res.data as object[];
    expect(visitorCards).toHaveLength(2);
    for (const c of visitorCards) expect(c).not.toHaveProperty('opinions_summary');
  });

  it('every call is in the OpenAPI document', async () => {
    const doc = (await new TestClient(built.app).get('/api/openapi.json')).body as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(Object.keys(doc.paths['/api/review/'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/review/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/review/request'] ?? {}).sort()).toEqual(['get', 'post']);
    for (const p of ['/api/review/request/{id}/send', '/api/review/request/{id}/decline', '/api/review/request/{id}/resend']) {
      expect(doc.paths[p]?.post, p).toBeDefined();
    }
    expect(JSON.stringify(doc.paths['/api/review/request/{id}/send']?.post?.requestBody)).toContain('author_name');
  });
});
