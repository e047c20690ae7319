import { type DuplicateOf, formatPhone, VACANCY_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createResume } from '../../../test/factories.ts';
import { createPrivateTestApp, TestClient, uniqueEmail, uniquePhone } from '../../../test/helpers.ts';
import { teamKit } from '../../../test/pipeline-duplicates.ts';
import type { BuiltApp } from '../../app.ts';
import { duplicateReplyIds } from './duplicates.flags.ts';

let built: BuiltApp;
let kit: ReturnType<typeof teamKit>;

beforeAll(async () => {
  built = await createPrivateTestApp({ APP_URL: 'http://club.test', REPLY_LIMIT_PER_HOUR: '1000' });
  kit = teamKit(built);
});

const digitsOf = (phone: string) => phone.replace(/\D/g, '').slice(-10);
const items = (body: { res?: { items?: DuplicateOf[] } }) => body.res?.items ?? [];

describe('possible duplicates of a reply', () => {
  it('match by e-mail whatever its case and spaces, and by the phone however it is written', async () => {
    const lead = await kit.member();
    const v1 = await kit.vacancy(lead.client, 'Рекрутер');
    const v2 = await kit.vacancy(lead.client, 'Ведущий рекрутер');
    const email = uniqueEmail('ivan');
    const first = await kit.reply(v1, { email });
    const second = await kit.reply(v2, { email: `  ${email.toUpperCase()} ` });
    const d = digitsOf(uniquePhone());
    const byPhone1 = await kit.reply(v1, { phone: formatPhone(d) });
    const byPhone2 = await kit.reply(v2, { phone: `8${d}` });
    const byPhone3 = await kit.reply(await kit.vacancy(lead.client, 'Сорсер'), { phone: `+7 ${d.slice(0, 3)} ${d.slice(3)}` });

    const mail = items((await kit.duplicates(lead.client, second)).body);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'reply', reason: 'email', reply_id: first.id, vacancy_id: v1, vacancy_title: 'Рекрутер', fio: 'Петрова Анна Сергеевна', mergeable: true, hash: first.hash });
    expect(mail[0]?.stage_title).toBeTruthy();
    // The relation is symmetric: the first reply shows the second.
    expect(items((await kit.duplicates(lead.client, first)).body).map((i) => i.reply_id)).toEqual([second.id]);

    const phone = items((await kit.duplicates(lead.client, byPhone2)).body);
    expect(phone.map((i) => [i.reply_id, i.reason]).sort()).toEqual([[byPhone1.id, 'phone'], [byPhone3.id, 'phone']].sort());

    // The board's flag says the same, one statement for the page.
    const flagged = await duplicateReplyIds(built.ctx.database.db, lead.id, [first.id, second.id, byPhone1.id, byPhone2.id]);
    expect([...flagged].sort()).toEqual([first.id, second.id, byPhone1.id, byPhone2.id].sort());
  });

  it('never show another team’s replies, and another team’s reply is not found', async () => {
    const lead = await kit.member();
    const other = await kit.member();
    const mine = await kit.vacancy(lead.client);
    const theirs = await kit.vacancy(other.client);
    const phone = uniquePhone();
    const r1 = await kit.reply(mine, { phone });
    const r2 = await kit.reply(theirs, { phone });
    expect(items((await kit.duplicates(lead.client, r1)).body)).toEqual([]);
    expect(items((await kit.duplicates(other.client, r2)).body)).toEqual([]);
    expect((await duplicateReplyIds(built.ctx.database.db, lead.id, [r1.id])).size).toBe(0);
    const foreign = await kit.duplicates(other.client, r1);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(VACANCY_MSG.replyNotFound);
    expect((await kit.duplicates(new TestClient(built.app), r1)).status).toBe(401);
    // A member of the team sees the team lead's replies and their matches.
    const colleague = await kit.member(['has_vacancy'], lead.id);
    const r3 = await kit.reply(await kit.vacancy(colleague.client), { phone });
    expect(items((await kit.duplicates(colleague.client, r3)).body).map((i) => i.reply_id)).toEqual([r1.id]);
  });

  it('never match a club resume the team does not know: a public reply is no contact lookup', async () => {
    const lead = await kit.member(['has_vacancy']);
    const open = await kit.member(['has_vacancy', 'open_contact'], lead.id);
    const phone = uniquePhone();
    const email = uniqueEmail('hidden');
    const club = await createResume(built.ctx.database, { firstName: 'Скрытова', lastName: 'Тайная', phone: digitsOf(phone), email, title: 'Главный бухгалтер' });
    // A member posts a public reply to their own vacancy with a phone (or an e-mail) they want to look up.
    const v = await kit.vacancy(open.client);
    const byPhone = await kit.reply(v, { phone: `8${digitsOf(phone)}` });
    const byMail = await kit.reply(v, { email: email.toUpperCase() });

    for (const r of [byPhone, byMail]) {
      const res = await kit.duplicates(open.client, r);
      expect(res.status).toBe(200);
      expect(items(res.body)).toEqual([]);
      expect(JSON.stringify(res.body)).not.toContain(club.hash);
    }
    expect((await duplicateReplyIds(built.ctx.database.db, open.id, [byPhone.id, byMail.id])).size).toBe(0);
    const board = await open.client.get(`/api/vacancy/${v}/board`);
    const cards = (board.body.res.columns as { items: { id: number; duplicate: boolean }[] }[]).flatMap((c) => c.items);
    expect(cards.filter((c) => c.id === byPhone.id || c.id === byMail.id).map((c) => c.duplicate)).toEqual([false, false]);
    const list = await open.client.get(`/api/vacancy/${v}/reply?per_page=100`);
    expect((list.body.res.data as { id: number; duplicate: boolean }[]).filter((r) => r.duplicate)).toEqual([]);
    // Nothing was opened or counted on the way.
    const [opened] = await built.ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from contact_openings where resume_id = (select id from resumes where hash = ${club.hash})`);
    expect(Number(opened?.n)).toBe(0);
  });

  it('match a club resume once a member of the team opened its contacts, shown as its card shows it', async () => {
    const lead = await kit.member(['has_vacancy']);
    const open = await kit.member(['has_vacancy', 'open_contact'], lead.id);
    const phone = uniquePhone();
    const email = uniqueEmail('club');
    const club = await createResume(built.ctx.database, {
      firstName: 'Зинаида',
      lastName: 'Уникальнова',
      middleName: 'Петровна',
      phone: digitsOf(phone),
      email,
      title: `Рекрутер, звоните ${phone}`,
    });
    const byPhone = await kit.reply(await kit.vacancy(lead.client), { phone: `8${digitsOf(phone)}` });
    const byMail = await kit.reply(await kit.vacancy(lead.client), { email: email.toUpperCase() });
    expect(items((await kit.duplicates(lead.client, byPhone)).body)).toEqual([]);

    // The colleague opens the contacts (counted, logged): from now on the team knows this resume.
    expect((await open.client.post(`/api/resume/${club.hash}/contacts`, {})).status).toBe(200);

    const basic = items((await kit.duplicates(lead.client, byPhone)).body);
    expect(basic).toHaveLength(1);
    expect(basic[0]).toMatchObject({ kind: 'resume', hash: club.hash, reason: 'phone', reply_id: null, mergeable: false, stage_title: null });
    const seen = JSON.stringify(basic);
    expect(seen).not.toContain('Уникальнова');
    expect(seen).not.toContain('Зинаида');
    expect(seen).not.toContain(digitsOf(phone).slice(3));
    expect(basic[0]?.fio).toBe('З. У.');

    const named = items((await kit.duplicates(open.client, byMail)).body);
    expect(named[0]).toMatchObject({ kind: 'resume', hash: club.hash, reason: 'email', fio: 'Уникальнова Зинаида Петровна' });
    // Names yes, contacts no: the phone in the title stays hidden in a list.
    expect(JSON.stringify(named)).not.toContain(digitsOf(phone).slice(3));
    expect(JSON.stringify(named)).not.toContain(email);
    // The board's flag agrees, for either member.
    expect((await duplicateReplyIds(built.ctx.database.db, lead.id, [byPhone.id, byMail.id])).size).toBe(2);
    const board = await open.client.get(`/api/vacancy/${byPhone.vacancyId}/board`);
    const card = (board.body.res.columns as { items: { id: number; duplicate: boolean }[] }[]).flatMap((c) => c.items).find((c) => c.id === byPhone.id);
    expect(card?.duplicate).toBe(true);

    // Another team opened nothing: its reply with the same phone matches nothing.
    const stranger = await kit.member(['has_vacancy', 'open_contact']);
    const theirs = await kit.reply(await kit.vacancy(stranger.client), { phone });
    expect(items((await kit.duplicates(stranger.client, theirs)).body)).toEqual([]);
    expect((await duplicateReplyIds(built.ctx.database.db, stranger.id, [theirs.id])).size).toBe(0);
  });

  it('match a club resume the team invited to one of its vacancies', async () => {
    const lead = await kit.member(['has_vacancy']);
    const colleague = await kit.member(['has_vacancy'], lead.id);
    const phone = uniquePhone();
    const club = await createResume(built.ctx.database, { phone: digitsOf(phone), email: uniqueEmail('invited') });
    const invitedTo = await kit.vacancy(lead.client, 'Рекрутер');
    expect((await lead.client.post(`/api/vacancy/${invitedTo}/invite`, { resume_hash: club.hash })).status).toBe(200);
    const reply = await kit.reply(await kit.vacancy(colleague.client, 'Сорсер'), { phone });
    const found = items((await kit.duplicates(colleague.client, reply)).body);
    expect(found.map((i) => [i.kind, i.hash, i.reason])).toEqual([['resume', club.hash, 'phone']]);
    expect((await duplicateReplyIds(built.ctx.database.db, colleague.id, [reply.id])).size).toBe(1);
  });

  it('still refuse a visitor replying twice to one vacancy', async () => {
    const lead = await kit.member();
    const v = await kit.vacancy(lead.client);
    const first = await kit.reply(v);
    const again = await new TestClient(built.app, '10.10.0.1').post(`/api/vacancy/${v}/reply`, {
      fio: 'Петрова Анна',
      phone: `8${digitsOf(first.phone)}`,
      email: uniqueEmail('other'),
      consent: true,
      consent_version: (await import('@hr/contract')).consentVersion('reply'),
      resume_text: 'Снова я.',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors?.email).toEqual([VACANCY_MSG.duplicate]);
    const [n] = await built.ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from vacancy_replies where vacancy_id = ${v}`);
    expect(Number(n?.n)).toBe(1);
  });
});
