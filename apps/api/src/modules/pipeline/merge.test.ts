import { MERGE_MSG, type MergePreview, type ReplyDuplicates } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume } from '../../../test/factories.ts';
import { createPrivateTestApp, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import { teamKit } from '../../../test/pipeline-duplicates.ts';
import { adminOf } from '../admin/admin.fixtures.ts';
import type { BuiltApp } from '../../app.ts';

let built: BuiltApp;
let kit: ReturnType<typeof teamKit>;

beforeAll(async () => {
  built = await createPrivateTestApp({ APP_URL: 'http://club.test', REPLY_LIMIT_PER_HOUR: '1000' });
  kit = teamKit(built);
});

const db = () => built.ctx.database;
const historyOf = (replyId: number) =>
  db().rows<{ id: number; event: string; status: string; message: string | null }>(sql`select id, event, status, message from vacancy_reply_history where reply_id = ${replyId} order by id`);
const resumeOf = async (hash: string) =>
  (await db().rows<{ id: number; first_name: string; last_name: string; email: string; phone: string; about: string }>(sql`select id, first_name, last_name, email, phone, about from resumes where hash = ${hash}`))[0];
const replyOf = async (id: number) =>
  (await db().rows<{ id: number; resume_id: number; fio: string; cover_letter: string | null }>(sql`select id, resume_id, fio, cover_letter from vacancy_replies where id = ${id}`))[0];

describe('merging two resumes of the team’s replies', () => {
  it('takes the chosen fields, moves the replies, keeps both histories, logs and shows the merge', async () => {
    const lead = await kit.member();
    const v1 = await kit.vacancy(lead.client, 'Рекрутер');
    const v2 = await kit.vacancy(lead.client, 'Ведущий рекрутер');
    const phone = uniquePhone();
    const newer = uniqueEmail('newer');
    const keep = await kit.reply(v1, { fio: 'Иванов Иван', phone, resume_text: 'Старый текст' });
    const dup = await kit.reply(v2, { fio: 'Иванов Иван Петрович', phone: `8${phone.replace(/\D/g, '').slice(-10)}`, email: newer, resume_text: 'Новый текст' });
    const dupHistory = await historyOf(dup.id);

    const preview = await lead.client.get(`/api/resume/merge/preview?keep=${keep.hash}&merge=${dup.hash}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const p = preview.body.res as MergePreview;
    expect(p.keep.values.email).toBe(keep.email);
    expect(p.merge.values.email).toBe(newer);
    expect(p.merge.values.fio).toBe('Иванов Иван Петрович');
    // No vacancy in common: the letter and the file stay with their replies.
    expect(p.fields).not.toContain('file');
    expect(p).toMatchObject({ replies_moved: 1, replies_joined: 0 });

    const res = await lead.client.post('/api/resume/merge', { keep: keep.hash, merge: dup.hash, fields: ['email', 'fio', 'about', 'file'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.res).toEqual({ keep: keep.hash, merged: dup.hash, replies_moved: 1 });
    expect(res.body.message).toBe(MERGE_MSG.merged);

    const kept = await resumeOf(keep.hash);
    expect(kept).toMatchObject({ email: newer, last_name: 'Иванов', first_name: 'Иван', about: 'Новый текст' });
    expect(await resumeOf(dup.hash)).toBeUndefined();
    expect(Number((await replyOf(dup.id))?.resume_id)).toBe(Number(kept?.id));
    expect((await replyOf(keep.id))?.fio).toBe('Иванов Иван Петрович');
    // Both histories are there, each with a merge record.
    const after = await historyOf(dup.id);
    expect(after.map((h) => h.id).slice(0, dupHistory.length)).toEqual(dupHistory.map((h) => h.id));
    expect(after.at(-1)).toMatchObject({ event: 'merge', status: 'new' });
    expect((await historyOf(keep.id)).at(-1)?.message).toContain('E-mail');

    const [log] = await db().rows<{ merged_hash: string; fields: { taken: string[] }; before: Record<string, string>; user_id: number }>(
      sql`select merged_hash, fields, before, user_id from resume_merges where keep_resume_id = ${kept?.id}`,
    );
    expect(log).toMatchObject({ merged_hash: dup.hash, user_id: lead.id, before: { email: keep.email, fio: 'Иванов Иван', about: 'Старый текст' } });
    expect(log?.fields.taken.sort()).toEqual(['about', 'email', 'fio']);
    const [entry] = await db().rows<{ actor_id: number; object_id: string; details: Record<string, unknown> }>(
      sql`select actor_id, object_id, details from audit_log where action = 'resume.merge' and object_id = ${keep.hash}`,
    );
    expect(entry).toMatchObject({ actor_id: lead.id, details: { merged: dup.hash, replies_moved: 1, replies_joined: 0 } });
    expect(JSON.stringify(entry)).not.toContain(newer);

    // The reply shows the merge and the candidate's other reply with its history; no duplicate any more.
    const shown = (await kit.duplicates(lead.client, keep)).body.res as ReplyDuplicates;
    expect(shown.items).toEqual([]);
    expect(shown.merges).toEqual([
      expect.objectContaining({ merged_hash: dup.hash, by: { id: lead.id, name: expect.any(String), family: expect.any(String) }, merged_fio: 'Иванов Иван Петрович', vacancy_titles: ['Ведущий рекрутер'] }),
    ]);
    expect(shown.replies).toEqual([expect.objectContaining({ reply_id: dup.id, vacancy_id: v2, vacancy_title: 'Ведущий рекрутер' })]);
    expect(shown.replies[0]?.history.map((h) => h.event)).toEqual(['move', 'merge']);
  });

  it('makes two replies to one vacancy one: the other’s records, letters and interviews go to the kept reply', async () => {
    const lead = await kit.member();
    const v1 = await kit.vacancy(lead.client, 'Рекрутер');
    const v2 = await kit.vacancy(lead.client, 'Сорсер');
    const [eA, pA, eB, pB] = [uniqueEmail('a'), uniquePhone(), uniqueEmail('b'), uniquePhone()];
    const a = await kit.reply(v1, { email: eA, phone: pA, cover_letter: 'Письмо А' });
    const b = await kit.reply(v1, { email: eB, phone: pB, cover_letter: 'Письмо Б' });
    const c = await kit.reply(v2, { email: eA, phone: pB });
    expect((await lead.client.post('/api/resume/merge', { keep: a.hash, merge: c.hash, fields: [] })).status).toBe(200);
    // Now a's resume has replied to both vacancies and shares b's phone: their replies to v1 collide.
    const bHistory = await historyOf(b.id);
    const [message] = await db().rows<{ id: number }>(
      sql`insert into reply_messages (reply_id, subject, body, state) values (${b.id}, 'Приглашение', 'Текст', 'sent') returning id`,
    );
    const [interview] = await db().rows<{ id: number }>(
      sql`insert into interviews (reply_id, uid, starts_at, minutes, place) values (${b.id}, ${`uid-${b.id}@test`}, now() + interval '1 day', 60, 'Офис') returning id`,
    );
    const preview = (await lead.client.get(`/api/resume/merge/preview?keep=${a.hash}&merge=${b.hash}`)).body.res as MergePreview;
    expect(preview).toMatchObject({ replies_joined: 1, replies_moved: 0 });
    expect(preview.fields).toContain('cover_letter');

    const res = await lead.client.post('/api/resume/merge', { keep: a.hash, merge: b.hash, fields: ['cover_letter'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.res.replies_moved).toBe(0);
    expect(await replyOf(b.id)).toBeUndefined();
    expect((await replyOf(a.id))?.cover_letter).toBe('Письмо Б');
    const kept = await historyOf(a.id);
    for (const h of bHistory) expect(kept.map((k) => k.id)).toContain(h.id);
    const [moved] = await db().rows<{ m: number; i: number }>(
      sql`select (select reply_id from reply_messages where id = ${message?.id}) as m, (select reply_id from interviews where id = ${interview?.id}) as i`,
    );
    expect([Number(moved?.m), Number(moved?.i)]).toEqual([a.id, a.id]);
    const replies = await db().rows<{ n: number }>(sql`select count(*)::int as n from vacancy_replies where vacancy_id = ${v1}`);
    expect(Number(replies[0]?.n)).toBe(1);
    const merges = (await kit.duplicates(lead.client, a)).body.res as ReplyDuplicates;
    expect(merges.merges.map((m) => m.merged_hash)).toEqual([c.hash, b.hash]);
  });

  it('refuses a club resume, another team’s, itself and a resume that is no duplicate', async () => {
    const lead = await kit.member();
    const other = await kit.member();
    const phone = uniquePhone();
    const mine = await kit.reply(await kit.vacancy(lead.client), { phone });
    const mine2 = await kit.reply(await kit.vacancy(lead.client), { phone });
    const stranger = await kit.reply(await kit.vacancy(lead.client));
    const theirs = await kit.reply(await kit.vacancy(other.client), { phone });
    const club = await createResume(db(), { phone: phone.replace(/\D/g, '').slice(-10), email: uniqueEmail('club') });
    const merge = (body: Record<string, unknown>) => lead.client.post('/api/resume/merge', body);

    for (const [keep, m] of [[mine.hash, theirs.hash], [theirs.hash, mine.hash], [mine.hash, club.hash], [club.hash, mine.hash]]) {
      const res = await merge({ keep, merge: m, fields: [] });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MERGE_MSG.notFound);
    }
    const same = await merge({ keep: mine.hash, merge: mine.hash, fields: [] });
    expect(same.status).toBe(422);
    expect(same.body.errors?.merge).toEqual([MERGE_MSG.sameResume]);
    const unlike = await merge({ keep: mine.hash, merge: stranger.hash, fields: [] });
    expect(unlike.status).toBe(422);
    expect(unlike.body.errors?.merge).toEqual([MERGE_MSG.notDuplicate]);
    const bad = await merge({ keep: 'нет', fields: ['возраст'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['fields', 'keep', 'merge']);
    expect(bad.body.errors?.fields?.[0]).toMatch(/[а-я]/);
    expect((await new TestClient(built.app).post('/api/resume/merge', { keep: mine.hash, merge: mine2.hash })).status).toBeGreaterThanOrEqual(401);
    // Nothing was touched by the refusals.
    expect(await resumeOf(theirs.hash)).toBeDefined();
    expect(await resumeOf(club.hash)).toBeDefined();
    expect(await resumeOf(mine2.hash)).toBeDefined();
    expect(await resumeOf(stranger.hash)).toBeDefined();
  });

  it('refuses a resume with a reply outside the team (a former colleague’s vacancy) and touches none of its replies', async () => {
    const lead = await kit.member();
    const colleague = await kit.member(['has_vacancy'], lead.id);
    const phone = uniquePhone();
    const a = await kit.reply(await kit.vacancy(lead.client, 'Рекрутер'), { fio: 'Сидорова Мария', phone });
    const b = await kit.reply(await kit.vacancy(colleague.client, 'Сорсер'), { fio: 'Сидорова Мария Ивановна', phone });
    expect((await lead.client.post('/api/resume/merge', { keep: a.hash, merge: b.hash, fields: [] })).status).toBe(200);
    // The colleague leaves the team: their vacancy's reply still belongs to the merged resume.
    await db().rows(sql`delete from team_members where user_id = ${colleague.id}`);
    const c = await kit.reply(await kit.vacancy(lead.client, 'Ведущий рекрутер'), { fio: 'Сидорова-Новая Мария', phone });
    const theirBefore = await replyOf(b.id);
    const theirHistory = await historyOf(b.id);

    for (const [keep, merge] of [[a.hash, c.hash], [c.hash, a.hash]]) {
      const preview = await lead.client.get(`/api/resume/merge/preview?keep=${keep}&merge=${merge}`);
      expect(preview.status).toBe(422);
      expect(preview.body.errors?.merge).toEqual([MERGE_MSG.outsideTeam]);
      const res = await lead.client.post('/api/resume/merge', { keep, merge, fields: ['fio'] });
      expect(res.status).toBe(422);
      expect(res.body.errors?.merge).toEqual([MERGE_MSG.outsideTeam]);
    }
    // Nothing changed: both resumes, the former colleague's reply, its name and its history.
    expect(await resumeOf(a.hash)).toBeDefined();
    expect(await resumeOf(c.hash)).toBeDefined();
    expect(await replyOf(b.id)).toEqual(theirBefore);
    expect(await historyOf(b.id)).toEqual(theirHistory);
    expect((await replyOf(c.id))?.fio).toBe('Сидорова-Новая Мария');
    // The former colleague no longer sees the lead's replies: to them the lead's resume is not found.
    const theirs = await colleague.client.post('/api/resume/merge', { keep: a.hash, merge: c.hash, fields: [] });
    expect(theirs.status).toBe(404);
  });

  it('two merges of one pair at once: one wins, the other finds nothing to merge, nothing half done', async () => {
    const lead = await kit.member();
    const colleague = await kit.member(['has_vacancy'], lead.id);
    const email = uniqueEmail('race');
    const x = await kit.reply(await kit.vacancy(lead.client), { email });
    const y = await kit.reply(await kit.vacancy(lead.client), { email });
    const [one, two] = await Promise.all([
      lead.client.post('/api/resume/merge', { keep: x.hash, merge: y.hash, fields: ['phone'] }),
      colleague.client.post('/api/resume/merge', { keep: y.hash, merge: x.hash, fields: ['fio'] }),
    ]);
    const statuses = [one.status, two.status].sort();
    expect(statuses).toEqual([200, 404]);
    const survivors = await db().rows<{ hash: string }>(sql`select hash from resumes where hash in (${x.hash}, ${y.hash})`);
    expect(survivors).toHaveLength(1);
    const survivor = await resumeOf(String(survivors[0]?.hash));
    const replies = await db().rows<{ resume_id: number }>(sql`select resume_id from vacancy_replies where id in (${x.id}, ${y.id})`);
    expect(replies.map((r) => Number(r.resume_id))).toEqual([Number(survivor?.id), Number(survivor?.id)]);
    const [logs] = await db().rows<{ n: number }>(sql`select count(*)::int as n from resume_merges where keep_resume_id = ${survivor?.id}`);
    expect(Number(logs?.n)).toBe(1);
  });

  it('the merge log is covered by deletion on request and by the member’s data export', async () => {
    const lead = await kit.member();
    const admin = await adminOf(built.app, db());
    const phone = uniquePhone();
    const oldMail = uniqueEmail('old');
    const keep = await kit.reply(await kit.vacancy(lead.client), { fio: 'Старова Ольга', phone, email: oldMail });
    const dup = await kit.reply(await kit.vacancy(lead.client), { fio: 'Новикова Ольга', phone });
    expect((await lead.client.post('/api/resume/merge', { keep: keep.hash, merge: dup.hash, fields: ['fio', 'email'] })).status).toBe(200);
    // A trace of the earlier name only the log still knows.
    await db().rows(sql`insert into notifications (user_id, title, message) values (${lead.id}, 'Отклик', 'Старова Ольга откликается')`);

    const exported = (await admin.client.get(`/api/admin/users/${lead.id}/export`)).body.res.tables.resume_merges;
    expect(exported).toEqual([expect.objectContaining({ resume_hash: keep.hash, merged_hash: dup.hash, fields: ['fio', 'email'] })]);
    expect(JSON.stringify(exported)).not.toContain(oldMail);

    const res = await admin.client.request('DELETE', `/api/admin/candidates/${keep.hash}`, { reason: 'Запрос кандидата' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.res.deleted).toMatchObject({ resumes: 1, vacancy_replies: 2, resume_merges: 1 });
    const [left] = await db().rows<{ n: number }>(
      sql`select (select count(*) from resume_merges where merged_hash = ${dup.hash}) + (select count(*) from notifications where message like 'Старова Ольга%') as n`,
    );
    expect(Number(left?.n)).toBe(0);
  });
});
