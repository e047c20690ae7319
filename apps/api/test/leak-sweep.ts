// The leak sweep: candidates whose free text is full of their own contacts and names, asked for
// through every door by every kind of viewer; counts the answers that give away what the viewer
// may not see. Run by `npm run bench:robustness` (10,000 requests) and, small, by the doors test.

import { consentVersion, formatPhone } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { createResume, setFlags } from './factories.ts';
import { registeredMember, TestClient } from './client.ts';
import { type HostileCandidate, hostileCandidate, leaksIn, type Rng, seededRng } from './hostile-contacts.ts';

type Sight = { names: boolean; contacts: boolean };
type Viewer = { name: 'visitor' | 'basic' | 'open_contact'; client: TestClient; sight: Sight };
type Door = { name: string; who: Viewer['name'][]; ask: (viewer: Viewer, c: Placed) => Promise<string | null> };
type Placed = HostileCandidate & { hash: string };

export type LeakReport = { requests: number; leaks: number; byDoor: Record<string, { requests: number; leaks: number }>; examples: string[] };

const VACANCY_DESCRIPTION = `<p>${'Ищем музыканта в оркестр: репетиции по вечерам, гастроли по России. '.repeat(3)}</p>`;

/** The cards of a list answer that show this candidate, or null when none does. */
function cardsOf(body: unknown, hash: string): string | null {
  const data = (body as { res?: { data?: { hash?: string; resume_hash?: string }[] } }).res?.data;
  if (!Array.isArray(data)) return null;
  const cards = data.filter((c) => c.hash === hash || c.resume_hash === hash);
  return cards.length ? JSON.stringify(cards) : null;
}

export async function runLeakSweep(app: FastifyInstance, database: Database, o: { count: number; seed: number; candidates?: number }): Promise<LeakReport> {
  const rng: Rng = seededRng(o.seed);
  const emails = new Map<Viewer['name'], string>();
  const member = async (name: Viewer['name'], flags: string[]) => {
    const m = await registeredMember(app);
    await setFlags(database, m.email, flags);
    emails.set(name, m.email);
    return m.client;
  };
  const viewers: Viewer[] = [
    { name: 'visitor', client: new TestClient(app), sight: { names: false, contacts: false } },
    { name: 'basic', client: await member('basic', ['has_vacancy', 'mass_search']), sight: { names: false, contacts: false } },
    {
      name: 'open_contact',
      client: await member('open_contact', ['open_contact', 'mass_search', 'has_vacancy', 'commerce_account']),
      sight: { names: true, contacts: false },
    },
  ];
  const vacancies = new Map<Viewer['name'], number>();
  for (const v of viewers.slice(1)) {
    const res = await v.client.post('/api/vacancy', { title: 'Ксилофонист', city: '1069', skills: ['Ксилофон'], description: VACANCY_DESCRIPTION, status: 'published' });
    if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
    vacancies.set(v.name, res.body.res.id as number);
  }
  const members: Viewer['name'][] = ['basic', 'open_contact'];
  const json = (r: { status: number; body: unknown }) => (r.status === 200 ? JSON.stringify(r.body) : null);
  const doors: Door[] = [
    {
      name: 'search',
      who: ['visitor', ...members],
      ask: async (v, c) => cardsOf((await v.client.get(`/api/resume/search?text=${encodeURIComponent(c.searchWord)}`)).body, c.hash),
    },
    { name: 'visitor page', who: ['visitor'], ask: async (v, c) => json(await v.client.get(`/api/resume/${c.hash}/public`)) },
    { name: 'resume page', who: members, ask: async (v, c) => json(await v.client.get(`/api/resume/${c.hash}`)) },
    {
      name: 'favourites',
      who: members,
      ask: async (v, c) => {
        await v.client.post(`/api/favourite/${c.hash}`, {});
        return cardsOf((await v.client.get('/api/favourite?per_page=100')).body, c.hash);
      },
    },
    {
      name: 'favourites export',
      who: members,
      ask: async (v, c) => {
        await v.client.post(`/api/favourite/${c.hash}`, {});
        const r = await v.client.get('/api/favourite/export?format=csv');
        return r.status === 200 ? String((r.body as { raw?: string }).raw ?? '') : null;
      },
    },
    { name: 'popular', who: members, ask: async (v, c) => cardsOf((await v.client.get('/api/resume/popular?per_page=100')).body, c.hash) },
    {
      name: 'history',
      who: members,
      ask: async (v, c) => {
        await v.client.get(`/api/resume/${c.hash}`);
        return cardsOf((await v.client.get('/api/resume/history?per_page=100')).body, c.hash);
      },
    },
    {
      name: 'CSV export',
      who: members,
      ask: async (v, c) => {
        const r = await v.client.get(`/api/resume/search/export?format=csv&text=${encodeURIComponent(c.searchWord)}`);
        return r.status === 200 ? String((r.body as { raw?: string }).raw ?? '') : null;
      },
    },
    {
      name: 'matches',
      who: members,
      ask: async (v, c) => cardsOf((await v.client.get(`/api/vacancy/${vacancies.get(v.name)}/matches?per_page=100`)).body, c.hash),
    },
    {
      name: 'invited reply',
      who: members,
      ask: async (v, c) => {
        const id = vacancies.get(v.name);
        await v.client.post(`/api/vacancy/${id}/invite`, { resume_hash: c.hash });
        const list = await v.client.get(`/api/vacancy/${id}/reply?per_page=100`);
        const item = (list.body.res?.data as { id: number; resume_hash: string }[] | undefined)?.find((r) => r.resume_hash === c.hash);
        if (!item) return null;
        return JSON.stringify(item) + (json(await v.client.get(`/api/vacancy/${id}/reply/${item.id}`)) ?? '');
      },
    },
    {
      name: 'board and history',
      who: members,
      ask: async (v, c) => {
        const id = vacancies.get(v.name);
        await v.client.post(`/api/vacancy/${id}/invite`, { resume_hash: c.hash });
        const board = await v.client.get(`/api/vacancy/${id}/board?per_stage=100`);
        const cards = (board.body.res?.columns as { items: { id: number; resume_hash: string }[] }[] | undefined)?.flatMap((col) => col.items);
        const item = cards?.find((r) => r.resume_hash === c.hash);
        if (!item) return null;
        return JSON.stringify(item) + (json(await v.client.get(`/api/vacancy/${id}/reply/${item.id}/history`)) ?? '');
      },
    },
    {
      name: 'letter preview',
      who: members,
      ask: async (v, c) => {
        const id = vacancies.get(v.name);
        await v.client.post(`/api/vacancy/${id}/invite`, { resume_hash: c.hash });
        const list = await v.client.get(`/api/vacancy/${id}/reply?per_page=100`);
        const item = (list.body.res?.data as { id: number; resume_hash: string }[] | undefined)?.find((r) => r.resume_hash === c.hash);
        const templates = (await v.client.get('/api/templates')).body.res?.items as { id: number; body: string }[] | undefined;
        const template = templates?.find((t) => t.body.includes('{{first_name}}'));
        if (!item || !template) return null;
        return json(await v.client.post('/api/templates/preview', { template_id: template.id, vacancy_id: id, reply_id: item.id }));
      },
    },
    {
      name: 'replies export',
      who: members,
      ask: async (v, c) => {
        const id = vacancies.get(v.name);
        await v.client.post(`/api/vacancy/${id}/invite`, { resume_hash: c.hash });
        const list = await v.client.get(`/api/vacancy/${id}/reply?per_page=100`);
        const item = (list.body.res?.data as { id: number; resume_hash: string }[] | undefined)?.find((r) => r.resume_hash === c.hash);
        if (!item) return null;
        const r = await v.client.get(`/api/vacancy/${id}/reply/export?format=csv&ids=${item.id}`);
        return r.status === 200 ? String((r.body as { raw?: string }).raw ?? '') : null;
      },
    },
    {
      // A public reply with the candidate's phone: its «возможный дубль» names the club resume as the card
      // would. Only a resume the team knows is a match (duplicates.flags.ts), so the viewer invites it first.
      name: 'reply duplicates',
      who: members,
      ask: async (v, c) => {
        const id = vacancies.get(v.name);
        const key = `${v.name}:${c.hash}`;
        if (!duplicateReplies.has(key)) {
          await v.client.post(`/api/vacancy/${id}/invite`, { resume_hash: c.hash });
          const visitor = new TestClient(app, `10.77.${duplicateReplies.size % 250}.${1 + Math.floor(rng() * 250)}`);
          const sent = await visitor.post(`/api/vacancy/${id}/reply`, {
            fio: 'Проверкин Дубль', phone: formatPhone(String(c.row.phone)), email: `dup-${duplicateReplies.size}-${v.name}@example.org`,
            consent: true, consent_version: consentVersion('reply'), resume_text: 'Отклик для проверки дублей.',
          });
          if (sent.status !== 200) return null;
          duplicateReplies.set(key, Number(sent.body.res.id));
        }
        return json(await v.client.get(`/api/vacancy/${id}/reply/${duplicateReplies.get(key)}/duplicates`));
      },
    },
    {
      // A teammate with open_contact who opened the candidate's contacts writes to them with their
      // names and contacts in the letter; the viewer (the team's lead) reads the reply's history
      // and page: each text only as the card would show the candidate to the viewer.
      name: 'letters to an invited resume',
      who: members,
      ask: async (v, c) => {
        const key = `${v.name}:${c.hash}`;
        if (!letters.has(key)) {
          const writer = await writerOf(v);
          const [resume] = await database.rows<{ id: number }>(sql`select id from resumes where hash = ${c.hash}`);
          await database.db.execute(sql`insert into contact_openings (resume_id, user_id, day, charged)
              values (${Number(resume?.id)}, ${writer.id}, current_date, true)`);
          await writer.client.post(`/api/vacancy/${writer.vacancy}/invite`, { resume_hash: c.hash });
          const list = await writer.client.get(`/api/vacancy/${writer.vacancy}/reply?per_page=100`);
          const item = (list.body.res?.data as { id: number; resume_hash: string }[] | undefined)?.find((r) => r.resume_hash === c.hash);
          if (!item) return null;
          const stages = (await writer.client.get(`/api/vacancy/${writer.vacancy}/stages`)).body.res?.stages as { id: number }[] | undefined;
          const { firstName, lastName, middleName, phone, email } = c.row;
          const sent = await writer.client.request('PATCH', `/api/vacancy/${writer.vacancy}/reply/${item.id}`, {
            stage_id: stages?.[3]?.id,
            subject: `${firstName} ${lastName}, приглашение`,
            message: `Здравствуйте, ${firstName} ${middleName ?? ''}! Ваш телефон ${phone ? formatPhone(String(phone)) : ''}, почта ${email ?? ''}.`,
          });
          if (sent.status !== 200) return null;
          letters.set(key, { vacancy: writer.vacancy, reply: item.id });
        }
        const at = letters.get(key) as { vacancy: number; reply: number };
        const history = json(await v.client.get(`/api/vacancy/${at.vacancy}/reply/${at.reply}/history`));
        const page = json(await v.client.get(`/api/vacancy/${at.vacancy}/reply/${at.reply}`));
        return history == null && page == null ? null : `${history ?? ''}${page ?? ''}`;
      },
    },
  ];
  const duplicateReplies = new Map<string, number>();
  const letters = new Map<string, { vacancy: number; reply: number }>();
  const writers = new Map<Viewer['name'], { client: TestClient; id: number; vacancy: number }>();
  const writerOf = async (v: Viewer) => {
    const known = writers.get(v.name);
    if (known) return known;
    const m = await registeredMember(app);
    await setFlags(database, m.email, ['has_vacancy', 'open_contact']);
    const [ids] = await database.rows<{ writer: number; lead: number }>(
      sql`select (select id from users where email = ${m.email}) as writer, (select id from users where email = ${emails.get(v.name)}) as lead`,
    );
    await database.db.execute(sql`insert into team_members (lead_id, user_id) values (${Number(ids?.lead)}, ${Number(ids?.writer)})`);
    const res = await m.client.post('/api/vacancy', { title: 'Литаврист', city: '1069', skills: ['Литавры'], description: VACANCY_DESCRIPTION, status: 'published' });
    if (res.status !== 200) throw new Error(`vacancy not created: ${res.status} ${JSON.stringify(res.body)}`);
    const writer = { client: m.client, id: Number(ids?.writer), vacancy: res.body.res.id as number };
    writers.set(v.name, writer);
    return writer;
  };

  const placed: Placed[] = [];
  const place = async () => {
    const c = hostileCandidate(rng);
    const row = await createResume(database, { ...c.row, cityId: 1069 });
    placed.push({ ...c, hash: row.hash });
  };
  const candidates = o.candidates ?? Math.max(3, Math.ceil(o.count / 50));
  const report: LeakReport = { requests: 0, leaks: 0, byDoor: {}, examples: [] };
  const pairs = doors.flatMap((door) => door.who.map((who) => ({ door, viewer: viewers.find((v) => v.name === who) as Viewer })));
  for (let i = 0; i < o.count; i++) {
    if (placed.length < candidates && i % Math.ceil(o.count / candidates) === 0) await place();
    const c = placed[Math.floor(rng() * placed.length)] as Placed;
    const { door, viewer } = pairs[i % pairs.length] as (typeof pairs)[number];
    const answer = await door.ask(viewer, c);
    const key = `${door.name} as ${viewer.name}`;
    const entry = report.byDoor[key] ?? { requests: 0, leaks: 0 };
    report.byDoor[key] = entry;
    entry.requests++;
    report.requests++;
    if (answer === null) continue;
    const leak = leaksIn(answer, c);
    if ((leak.contacts && !viewer.sight.contacts) || (leak.names && !viewer.sight.names)) {
      entry.leaks++;
      report.leaks++;
      if (report.examples.length < 10) report.examples.push(`${key}: ${answer.slice(0, 600)}`);
    }
  }
  return report;
}
