import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BuiltApp } from '../../app.ts';
import { favourites } from '../../db/schema/index.ts';
import { createTestApp, registeredMember } from '../../../test/helpers.ts';
import { createResume } from '../../../test/factories.ts';
import { findUserByEmail } from '../user/user.service.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await createTestApp();
});
const db = () => built.ctx.database;

describe('keeping a favourite (POST /api/favourite/:hash)', () => {
  it('answers 404 for an unknown hash and for a reply to a vacancy, and keeps nothing', async () => {
    const member = await registeredMember(built.app);
    const reply = await createResume(db(), { source: 'reply', vacancyId: 999 });
    for (const hash of ['AAAAAAAAAAAAAAAAAAAAAA', reply.hash, 'short']) {
      const res = await member.client.post(`/api/favourite/${hash}`, { note: 'x' });
      expect(res.status, hash).toBe(404);
    }
    const user = await findUserByEmail(db().db, member.email);
    expect(
      await db()
        .db.select()
        .from(favourites)
        .where(eq(favourites.userId, user?.id ?? 0)),
    ).toEqual([]);
  });

  it('keeps one entry when saved many times at once; a later note replaces the note, not the entry', async () => {
    const resume = await createResume(db());
    const member = await registeredMember(built.app);
    const saves = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => member.client.post(`/api/favourite/${resume.hash}`, { note: `заметка ${i}` })),
    );
    expect(saves.map((s) => s.status)).toEqual(saves.map(() => 200));
    const user = await findUserByEmail(db().db, member.email);
    const where = and(eq(favourites.userId, user?.id ?? 0), eq(favourites.resumeId, resume.id));
    const rows = await db().db.select().from(favourites).where(where);
    expect(rows).toHaveLength(1);
    const kept = rows[0];
    expect(saves.map((s) => s.body.res.note)).toContain(kept?.note);
    expect(saves.every((s) => s.body.res.created_at === kept?.createdAt.toISOString())).toBe(true);

    const again = await member.client.post(`/api/favourite/${resume.hash}`, {});
    expect(again.body.res).toEqual({ hash: resume.hash, note: null, created_at: kept?.createdAt.toISOString() });
    expect(again.body.message).toBeTruthy();
    expect((await db().db.select().from(favourites).where(where)).map((r) => r.note)).toEqual([null]);
  });
});
