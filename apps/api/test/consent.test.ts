import { randomBytes, randomInt } from 'node:crypto';
import { CONSENT_MSG, consentVersion, REVIEW_MSG, VACANCY_MSG } from '@hr/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { createResume, setFlags } from './factories.ts';
import { createTestApp, registeredMember, TestClient, uniqueEmail, uniquePhone } from './helpers.ts';

/**
 * Consent on the public forms (PRODUCT 5, 6): required whatever the body's shape — a missing key,
 * null, false, "0", "false", "" — in JSON and in multipart, and the version of the text the page
 * showed is required, checked against the one in force and kept with the row.
 */

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp({ REPLY_LIMIT_PER_HOUR: '100000' });
});
const db = () => built.ctx.database;
const visitor = () => new TestClient(built.app, `10.77.${randomInt(0, 255)}.${randomInt(1, 255)}`);

const DESCRIPTION = `<p>${'Ищем опытного специалиста по подбору персонала в растущую команду. '.repeat(4)}</p>`;
async function publishedVacancy(): Promise<number> {
  const m = await registeredMember(built.app);
  await setFlags(db(), m.email, ['has_vacancy']);
  const res = await m.client.post('/api/vacancy', { title: 'Рекрутер', city: '1069', description: DESCRIPTION, status: 'published' });
  if (res.status !== 200) throw new Error(`vacancy: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.res.id as number;
}
const repliesOf = async (vacancyId: number) =>
  db().rows<{ consent_version: string | null; consent_at: Date | null }>(
    sql`select consent_version, consent_at from vacancy_replies where vacancy_id = ${vacancyId}`,
  );

const reply = (over: Record<string, unknown> = {}) => ({
  fio: 'Петрова Анна Сергеевна',
  phone: uniquePhone(),
  email: uniqueEmail('cand'),
  consent: true,
  consent_version: consentVersion('reply'),
  resume_text: 'Пять лет в подборе.',
  ...over,
});
const without = (body: Record<string, unknown>, key: string) => {
  const { [key]: _gone, ...rest } = body;
  return rest;
};

function multipart(fields: Record<string, unknown>) {
  const boundary = `----hr${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`);
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
async function postForm(url: string, fields: Record<string, unknown>) {
  const client = visitor();
  await client.csrf();
  const { body, headers } = multipart(fields);
  return client.request('POST', url, body, { headers });
}

/** Every shape of «not agreed»: each answered errors.consent and nothing stored. */
const UNTICKED_JSON: [string, (b: Record<string, unknown>) => Record<string, unknown>][] = [
  ['the key missing', (b) => without(b, 'consent')],
  ['null', (b) => ({ ...b, consent: null })],
  ['false', (b) => ({ ...b, consent: false })],
  ['0', (b) => ({ ...b, consent: 0 })],
  ['"0"', (b) => ({ ...b, consent: '0' })],
  ['"false"', (b) => ({ ...b, consent: 'false' })],
  ['""', (b) => ({ ...b, consent: '' })],
  ['"off"', (b) => ({ ...b, consent: 'off' })],
  ['an object', (b) => ({ ...b, consent: { value: true } })],
  ['a list', (b) => ({ ...b, consent: [true] })],
];
const UNTICKED_FORM: [string, (b: Record<string, unknown>) => Record<string, unknown>][] = [
  ['the field missing', (b) => without(b, 'consent')],
  ['"0"', (b) => ({ ...b, consent: '0' })],
  ['"false"', (b) => ({ ...b, consent: 'false' })],
  ['""', (b) => ({ ...b, consent: '' })],
  ['"off"', (b) => ({ ...b, consent: 'off' })],
];

describe('vacancy reply: consent', () => {
  it('is required in JSON whatever the shape; nothing is stored', async () => {
    const id = await publishedVacancy();
    for (const [label, shape] of UNTICKED_JSON) {
      const res = await visitor().post(`/api/vacancy/${id}/reply`, shape(reply()));
      expect(res.status, label).toBe(422);
      expect(res.body.errors?.consent, label).toEqual([VACANCY_MSG.consent]);
    }
    expect(await repliesOf(id)).toEqual([]);
  });

  it('is required in multipart/form-data whatever the shape; nothing is stored', async () => {
    const id = await publishedVacancy();
    for (const [label, shape] of UNTICKED_FORM) {
      const res = await postForm(`/api/vacancy/${id}/reply`, shape(reply({ consent: 'on' })));
      expect(res.status, label).toBe(422);
      expect(res.body.errors?.consent, label).toEqual([VACANCY_MSG.consent]);
    }
    expect(await repliesOf(id)).toEqual([]);
  });

  it('needs the version of the text the page showed: missing or outdated is a 422 on the field', async () => {
    const id = await publishedVacancy();
    const missing = await visitor().post(`/api/vacancy/${id}/reply`, without(reply(), 'consent_version'));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ consent_version: [CONSENT_MSG.versionMissing] });
    const outdated = await visitor().post(`/api/vacancy/${id}/reply`, reply({ consent_version: '2020-01-01' }));
    expect(outdated.status).toBe(422);
    expect(outdated.body.errors).toEqual({ consent_version: [CONSENT_MSG.versionOutdated] });
    const formOutdated = await postForm(`/api/vacancy/${id}/reply`, reply({ consent: 'on', consent_version: 'старая' }));
    expect(formOutdated.body.errors).toEqual({ consent_version: [CONSENT_MSG.versionOutdated] });
    const formMissing = await postForm(`/api/vacancy/${id}/reply`, without(reply({ consent: 'on' }), 'consent_version'));
    expect(formMissing.body.errors).toEqual({ consent_version: [CONSENT_MSG.versionMissing] });
    expect(await repliesOf(id)).toEqual([]);
  });

  it('a ticked box with the version in force is stored with that version, in JSON and in a form', async () => {
    const id = await publishedVacancy();
    expect((await visitor().post(`/api/vacancy/${id}/reply`, reply({ consent: '1' }))).status).toBe(200);
    expect((await postForm(`/api/vacancy/${id}/reply`, reply({ consent: 'on' }))).status).toBe(200);
    const rows = await repliesOf(id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.consent_version).toBe(consentVersion('reply'));
      expect(row.consent_at).toBeTruthy();
    }
  });
});

describe('answer to a review request: consent', () => {
  async function pendingRequest(): Promise<{ id: string; link: string }> {
    const m = await registeredMember(built.app);
    await setFlags(db(), m.email, ['open_contact']);
    const resume = await createResume(db(), {
      firstName: 'Алексей',
      lastName: 'Тестов',
      title: 'Руководитель отдела продаж',
      experience: [{ company: 'ООО «Вектор»', position: 'Руководитель', start: '2021-01-01', end: null, description: '' }],
    });
    const res = await m.client.post('/api/review/request', {
      resume_hash: resume.hash,
      email: uniqueEmail('hr'),
      name: 'Ольга Петровна',
      candidate_consent: true,
    });
    if (res.status !== 200) throw new Error(`request: ${res.status} ${JSON.stringify(res.body)}`);
    const id = res.body.res.id as string;
    // The public link: the request's secret token where there is one, else its id.
    const [row] = await db().rows<{ row: { id: string; token?: string } }>(sql`select to_jsonb(r) as row from review_requests r where id = ${id}`);
    return { id, link: `/api/review/request/${row?.row.token ?? id}` };
  }
  const answer = (over: Record<string, unknown> = {}) => ({
    verdict: 'recommend',
    text: 'Алексей отлично руководил продажами, выполнял план.',
    author_name: 'Ольга Петрова',
    consent: true,
    consent_version: consentVersion('review_answer'),
    ...over,
  });
  const stateOf = async (id: string) =>
    (await db().rows<{ status: string; answer_consent_version: string | null }>(
      sql`select status, answer_consent_version from review_requests where id = ${id}`,
    ))[0];

  it('is required whatever the shape; the request stays pending', async () => {
    const req = await pendingRequest();
    for (const [label, shape] of UNTICKED_JSON) {
      const res = await visitor().post(`${req.link}/send`, shape(answer()));
      expect(res.status, label).toBe(422);
      expect(res.body.errors?.consent, label).toEqual([REVIEW_MSG.authorConsent]);
    }
    expect(await stateOf(req.id)).toEqual({ status: 'pending', answer_consent_version: null });
  });

  it('needs the version in force, and keeps it with the answer', async () => {
    const req = await pendingRequest();
    const missing = await visitor().post(`${req.link}/send`, without(answer(), 'consent_version'));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ consent_version: [CONSENT_MSG.versionMissing] });
    const outdated = await visitor().post(`${req.link}/send`, answer({ consent_version: '1999-12-31' }));
    expect(outdated.body.errors).toEqual({ consent_version: [CONSENT_MSG.versionOutdated] });
    expect((await stateOf(req.id))?.status).toBe('pending');
    const sent = await visitor().post(`${req.link}/send`, answer({ consent: 'on' }));
    expect(sent.status).toBe(200);
    expect(await stateOf(req.id)).toEqual({ status: 'answered', answer_consent_version: consentVersion('review_answer') });
  });
});
