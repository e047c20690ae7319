import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createResume, setFlags } from '../../../test/factories.ts';
import { createTestApp, registeredMember, TestClient } from '../../../test/helpers.ts';
import { type HostileCandidate, hostileCandidate, leaksIn, seededRng } from '../../../test/hostile-contacts.ts';
import { runLeakSweep } from '../../../test/leak-sweep.ts';
import { maskMarkedText, maskText } from './resume.mask.ts';
import { VISITOR_SIGHT } from './candidate-view.ts';

// Every door a candidate is shown through, fed a candidate whose free text is full of their own
// contacts and names, as a visitor, a basic member and a member with open_contact.

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp({ REPLY_LIMIT_PER_HOUR: '1000' });
});
afterAll(async () => {
  await built?.app.close();
});
const db = () => built.ctx.database;

const DESCRIPTION = `<p>${'Ищем музыканта в оркестр: репетиции по вечерам, гастроли по России. '.repeat(3)}</p>`;

async function member(flags: string[]) {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, flags);
  const [row] = await db().rows<{ id: number }>(sql`select id from users where email = ${m.email}`);
  return { ...m, id: Number(row?.id) };
}

/** The part of an answer about this candidate: its card in a list, or the whole answer. */
function partAbout(body: unknown, hash: string): string {
  const res = (body as { res?: { data?: { hash?: string; resume_hash?: string }[] } }).res;
  const data = res?.data;
  if (Array.isArray(data)) return JSON.stringify(data.filter((c) => c.hash === hash || c.resume_hash === hash));
  return JSON.stringify(body);
}

function expectNoLeak(door: string, answer: string, candidate: HostileCandidate, allowed: { names: boolean; contacts: boolean }) {
  const leak = leaksIn(answer, candidate);
  expect.soft(leak.contacts && !allowed.contacts, `${door}: contacts leaked in ${answer.slice(0, 2000)}`).toBe(false);
  expect.soft(leak.names && !allowed.names, `${door}: names leaked in ${answer.slice(0, 2000)}`).toBe(false);
}

describe('what a viewer sees of a candidate, through every door', () => {
  it('free text never gives away contacts or names to a viewer not entitled to them', async () => {
    const rng = seededRng(20_261_127);
    const candidate = hostileCandidate(rng);
    const resume = await createResume(db(), { ...candidate.row, cityId: 1069 });
    const searchUrl = `/api/resume/search?text=${encodeURIComponent(candidate.searchWord)}&per_page=100`;

    const visitor = new TestClient(built.app);
    const basic = await member(['has_vacancy', 'mass_search']);
    const entitled = await member(['open_contact', 'mass_search']);

    // The search: cards and their highlighted snippets.
    for (const [who, client, allowed] of [
      ['visitor', visitor, VISITOR_SIGHT],
      ['basic member', basic.client, VISITOR_SIGHT],
      ['open_contact member', entitled.client, { names: true, contacts: false }],
    ] as const) {
      const res = await client.get(searchUrl);
      expect(res.status).toBe(200);
      const card = partAbout(res.body, resume.hash);
      expect(card, `${who} finds the candidate`).toContain(resume.hash);
      expect(card).toContain('<mark>');
      expectNoLeak(`search as ${who}`, card, candidate, allowed);
    }

    // The visitor's resume page; members' resume page before and after opening the contacts.
    const publicPage = await visitor.get(`/api/resume/${resume.hash}/public`);
    expect(publicPage.status).toBe(200);
    expectNoLeak('visitor page', JSON.stringify(publicPage.body), candidate, VISITOR_SIGHT);
    const basicPage = await basic.client.get(`/api/resume/${resume.hash}`);
    expect(basicPage.status).toBe(200);
    expectNoLeak('resume page as basic member', JSON.stringify(basicPage.body), candidate, VISITOR_SIGHT);
    const before = await entitled.client.get(`/api/resume/${resume.hash}`);
    expect(before.body.res.first_name).toBe(candidate.row.firstName);
    expectNoLeak('resume page before opening', JSON.stringify(before.body), candidate, { names: true, contacts: false });
    const opened = await entitled.client.post(`/api/resume/${resume.hash}/contacts`);
    expect(opened.status).toBe(200);
    const after = await entitled.client.get(`/api/resume/${resume.hash}`);
    // Once opened (and counted), the contacts typed into the text are the member's to read.
    expect(leaksIn(JSON.stringify(after.body), candidate)).toEqual({ contacts: true, names: true });
    expect(after.body.res.about).toBe(candidate.row.about);
    const openings = await db().rows<{ n: number }>(
      sql`select count(*)::int as n from contact_openings where resume_id = ${resume.id} and user_id = ${entitled.id}`,
    );
    expect(openings[0]?.n).toBe(1);

    // Favourites and popular: cards again.
    for (const [who, m, allowed] of [
      ['basic member', basic, VISITOR_SIGHT],
      ['open_contact member', entitled, { names: true, contacts: false }],
    ] as const) {
      expect((await m.client.post(`/api/favourite/${resume.hash}`, { note: 'позвонить' })).status).toBe(200);
      const list = await m.client.get('/api/favourite');
      expect(partAbout(list.body, resume.hash)).toContain(resume.hash);
      expectNoLeak(`favourites as ${who}`, partAbout(list.body, resume.hash), candidate, allowed);
      const popular = await m.client.get('/api/resume/popular?per_page=100');
      expectNoLeak(`popular as ${who}`, partAbout(popular.body, resume.hash), candidate, allowed);
      // History: the member opened the resume page above.
      const history = await m.client.get('/api/resume/history?per_page=100');
      expect(partAbout(history.body, resume.hash)).toContain(resume.hash);
      expectNoLeak(`history as ${who}`, partAbout(history.body, resume.hash), candidate, allowed);
      // The club's signals carry counts and the member's own team, nothing of the candidate.
      const signals = await m.client.get(`/api/resume/${resume.hash}/signals`);
      expect(signals.status).toBe(200);
      expectNoLeak(`signals as ${who}`, JSON.stringify(signals.body), candidate, VISITOR_SIGHT);
      // A search export: the cards' cells.
      const csv = await m.client.get(`/api/resume/search/export?format=csv&text=${encodeURIComponent(candidate.searchWord)}`);
      expect(csv.status).toBe(200);
      expectNoLeak(`CSV export as ${who}`, String(csv.body.raw ?? JSON.stringify(csv.body)), candidate, allowed);
    }

    // «Подходящие кандидаты» and an invited club resume among the replies, for a member without open_contact.
    const vacancy = await basic.client.post('/api/vacancy', {
      title: 'Ксилофонист',
      city: '1069',
      skills: ['Ксилофон'],
      description: DESCRIPTION,
      status: 'published',
    });
    expect(vacancy.status).toBe(200);
    const id = vacancy.body.res.id as number;
    const matches = await basic.client.get(`/api/vacancy/${id}/matches?per_page=100`);
    expect(partAbout(matches.body, resume.hash)).toContain(resume.hash);
    expectNoLeak('matches', partAbout(matches.body, resume.hash), candidate, VISITOR_SIGHT);
    expect((await basic.client.post(`/api/vacancy/${id}/invite`, { resume_hash: resume.hash })).status).toBe(200);
    const replies = await basic.client.get(`/api/vacancy/${id}/reply`);
    const item = replies.body.res.data[0];
    expect(item.resume_hash).toBe(resume.hash);
    expectNoLeak('reply list (invited)', JSON.stringify(item), candidate, VISITOR_SIGHT);
    const reply = await basic.client.get(`/api/vacancy/${id}/reply/${item.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.res.contacts).toBeNull();
    expectNoLeak('reply page (invited)', JSON.stringify(reply.body), candidate, VISITOR_SIGHT);

    // An opinion is free text about the candidate: its author reads it as written, others as a card.
    const text = `Работали вместе, ${candidate.row.about}`;
    const written = await entitled.client.post('/api/review', { resume_hash: resume.hash, verdict: 'recommend', relation: 'colleague', text });
    expect(written.status).toBe(200);
    const ownView = await entitled.client.get(`/api/review?resume_hash=${resume.hash}`);
    expect(ownView.body.res.data[0].text).toBe(text);
    const othersView = await basic.client.get(`/api/review?resume_hash=${resume.hash}`);
    expect(othersView.body.res.data[0].id).toBe(written.body.res.id);
    expectNoLeak('opinions as basic member', JSON.stringify(othersView.body), candidate, VISITOR_SIGHT);
    expect((await entitled.client.get(`/api/review/${written.body.res.id}`)).body.res.text).toBe(text);

    // A review request: the addressee outside the club gets the candidate's name (the point of it),
    // never the contacts typed into the position they held.
    const asked = await entitled.client.post('/api/review/request', {
      resume_hash: resume.hash,
      email: `ref-${resume.hash.slice(0, 6).toLowerCase()}@example.org`,
      name: 'Ольга Петровна',
      experience_index: 0,
      candidate_consent: true,
    });
    expect(asked.status).toBe(200);
    const [request] = await db().rows<{ token: string }>(sql`select token from review_requests where id = ${asked.body.res.id}`);
    const publicRequest = await visitor.get(`/api/review/request/${request?.token}`);
    expect(publicRequest.status).toBe(200);
    expect(publicRequest.body.res.candidate.last_name).toBe(candidate.row.lastName);
    expectNoLeak('review request page', JSON.stringify(publicRequest.body), candidate, { names: true, contacts: false });
    await built.ctx.queue.runPending();
    const letters = await db().rows<{ text: string }>(sql`select text from mail_outbox where "to" like ${'ref-%@example.org'}`);
    expect(letters.length).toBeGreaterThan(0);
    expectNoLeak('review request letter', letters.map((l) => l.text).join('\n'), candidate, { names: true, contacts: false });
  });
});

describe('the leak sweep (bench:robustness runs it at 10,000 requests)', () => {
  it('finds no leak in a few hundred requests over every door and viewer', async () => {
    const report = await runLeakSweep(built.app, db(), { count: 160, seed: 7, candidates: 5 });
    expect(report.requests).toBe(160);
    expect(report.examples).toEqual([]);
    expect(report.leaks).toBe(0);
  }, 180_000);
});

describe('maskText', () => {
  const person = { firstName: 'Иван', lastName: 'Петров', middleName: 'Сергеевич', phone: '9161234567', email: 'ivan@mail.ru', telegram: 'ivan_p' };
  const hidden = '[скрыто]';
  it('hides phones in every common spelling and keeps years, sums and salary ranges', () => {
    for (const phone of ['+7 (916) 555-44-33', '8 916 555 44 33', '89165554433', '+7-916-555-44-33', '916 555 44 33', '8(916)5554433', '555-44-33', '+44 20 7946 0958']) {
      expect(maskText(`звоните ${phone}!`, person, VISITOR_SIGHT)).toBe(`звоните ${hidden}!`);
    }
    for (const text of ['2015-2020', 'бюджет 1 500 000 руб.', 'от 100 000-150 000', '12 человек', 'ГОСТ 12.1.004-91']) {
      expect(maskText(text, person, VISITOR_SIGHT)).toBe(text);
    }
  });
  it('hides e-mails, links and handles however written, and the contacts on file', () => {
    expect(maskText('x [at] y [dot] ru', person, VISITOR_SIGHT)).toBe(hidden);
    expect(maskText('tg: ivan_petrov, skype — ivan.petrov', person, VISITOR_SIGHT)).toBe(`tg: ${hidden}, skype — ${hidden}`);
    expect(maskText('мой ник ivan_p везде', person, VISITOR_SIGHT)).toBe(`мой ник ${hidden} везде`);
    expect(maskText('в Telegram @anna_k. Опыт', person, VISITOR_SIGHT)).toBe(`в Telegram ${hidden}. Опыт`);
    expect(maskText('vk.com/ivan и wa.me/79161234567', person, VISITOR_SIGHT)).toBe(`${hidden} и ${hidden}`);
    expect(maskText('знаю Node.js, ASP.NET и C#', person, VISITOR_SIGHT)).toBe('знаю Node.js, ASP.NET и C#');
  });
  it('shows names to a viewer who may see them, contacts only with contacts', () => {
    const text = 'Петров, тел. 8 916 123-45-67';
    expect(maskText(text, person, { names: true, contacts: false })).toBe(`Петров, тел. ${hidden}`);
    expect(maskText(text, person, { names: false, contacts: true })).toBe(`${hidden}, тел. 8 916 123-45-67`);
    expect(maskText(text, person, { names: true, contacts: true })).toBe(text);
  });
  it('masks a highlight whose phone is split by match marks, and keeps the marks balanced', () => {
    const marks = { open: '\u0001', close: '\u0002' };
    expect(maskMarkedText('тел 8 916 \u0001555\u0002-44-33 ок', person, VISITOR_SIGHT, marks)).toBe(`тел ${hidden} ок`);
    expect(maskMarkedText('\u0001Петров\u0002 звонит', person, VISITOR_SIGHT, marks)).toBe(`\u0001${hidden}\u0002 звонит`);
    expect(maskMarkedText('\u0001Петрова 8 916\u0002 555-44-33', person, VISITOR_SIGHT, marks)).toBe(`\u0001${hidden} ${hidden}\u0002`);
    // A fragment cut out of a longer text: the rest of a number at its edges goes too.
    expect(maskMarkedText('555-44-33 \u0001ксилофон\u0002 и 8 916 55', person, VISITOR_SIGHT, { ...marks, cut: true })).toBe(
      `${hidden} \u0001ксилофон\u0002 и ${hidden}`,
    );
  });
});
