import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BuiltApp } from '../../app.ts';
import { resumes, resumeViews, users } from '../../db/schema/index.ts';
import { createTestApp, registeredMember } from '../../../test/helpers.ts';
import { createResume, setFlags } from '../../../test/factories.ts';
import { viewResume } from './resume.service.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});
afterEach(() => {
  vi.useRealTimers();
});
const db = () => built.ctx.database;

const viewsOf = async (id: number) => {
  const [row] = await db().db.select({ views: resumes.views }).from(resumes).where(eq(resumes.id, id));
  const days = await db()
    .db.select({ userId: resumeViews.userId, day: resumeViews.day })
    .from(resumeViews)
    .where(eq(resumeViews.resumeId, id));
  return { views: row?.views, days };
};

describe('resume page views', () => {
  it('counts each member once a day when many open the page at the same time', async () => {
    const resume = await createResume(db());
    const members = await Promise.all([1, 2, 3, 4, 5].map(() => registeredMember(built.app)));
    const answers = await Promise.all(members.flatMap((m) => [1, 2, 3].map(() => m.client.get(`/api/resume/${resume.hash}`))));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const shown = answers.map((a) => a.body.res.views as number);
    // The last view counted is answered with the counter it made.
    expect(Math.max(...shown)).toBe(5);
    const after = await viewsOf(resume.id);
    expect(after.views).toBe(5);
    expect(after.days).toHaveLength(5);
    // Opening again the same day changes nothing.
    expect((await members[0]?.client.get(`/api/resume/${resume.hash}`))?.body.res.views).toBe(5);
    expect((await viewsOf(resume.id)).views).toBe(5);
  });

  it('counts the same member again once the day in Moscow has turned (21:00 UTC)', async () => {
    const resume = await createResume(db());
    const member = await registeredMember(built.app);
    const [user] = await db().db.select().from(users).where(eq(users.email, member.email));
    if (!user) throw new Error('no member');
    const midnight = Math.ceil((Date.now() + 3 * 3600_000) / 86_400_000) * 86_400_000 - 3 * 3600_000;
    // The service itself, at two instants a minute either side of midnight in Moscow.
    vi.useFakeTimers({ toFake: ['Date'], now: midnight - 60_000 });
    expect((await viewResume(built.ctx, user, resume.hash)).views).toBe(1);
    expect((await viewResume(built.ctx, user, resume.hash)).views).toBe(1);
    vi.setSystemTime(midnight + 60_000);
    expect((await viewResume(built.ctx, user, resume.hash)).views).toBe(2);
    expect((await viewResume(built.ctx, user, resume.hash)).views).toBe(2);
    vi.useRealTimers();
    const day = (t: number) => new Date(t + 3 * 3600_000).toISOString().slice(0, 10);
    expect((await viewsOf(resume.id)).days.map((d) => d.day).sort()).toEqual([day(midnight - 60_000), day(midnight + 60_000)]);
  });

  it('shows the member their favourite note, opened contacts and the opinions block with the page', async () => {
    const resume = await createResume(db(), { firstName: 'Олеся', lastName: 'Открытова' });
    const member = await registeredMember(built.app);
    await setFlags(db(), member.email, ['open_contact']);
    const before = (await member.client.get(`/api/resume/${resume.hash}`)).body.res;
    expect(before).toMatchObject({ favourite: null, contacts_opened: false, contacts: null, my_opinion_id: null });
    expect(before.opinions_summary).toEqual({ recommend: 0, neutral: 0, not_recommend: 0 });
    expect((await member.client.post(`/api/favourite/${resume.hash}`, { note: 'позвонить' })).status).toBe(200);
    expect((await member.client.post(`/api/resume/${resume.hash}/contacts`)).status).toBe(200);
    const after = (await member.client.get(`/api/resume/${resume.hash}`)).body.res;
    expect(after).toMatchObject({ first_name: 'Олеся', favourite: { note: 'позвонить' }, contacts_opened: true, views: 1 });
    expect(after.contacts).not.toBeNull();
    // Another member sees none of it.
    const other = await registeredMember(built.app);
    const theirs = (await other.client.get(`/api/resume/${resume.hash}`)).body.res;
    expect(theirs).toMatchObject({ first_name: null, favourite: null, contacts_opened: false, contacts: null, views: 2 });
  });
});
