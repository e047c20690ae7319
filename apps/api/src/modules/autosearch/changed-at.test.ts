import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { createResume } from '../../../test/factories.ts';
import { createTestApp } from '../../../test/helpers.ts';

/**
 * `resumes.changed_at` (migrations 0023, 0026) is what «new since» and the digests count by: it must
 * move when the content changes, whoever writes it, and stay when a writer stores the same content
 * again (an import run twice) or only bumps the view counter.
 */
let built: BuiltApp;
const db = () => built.ctx.database;
beforeAll(async () => {
  built = await createTestApp();
});

const PAST = '2020-01-01T00:00:00Z';

async function changedAt(id: number): Promise<string> {
  const [row] = await db().rows<{ at: string }>(sql`select to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD') as at from resumes where id = ${id}`);
  return row?.at as string;
}

async function resumeChangedLongAgo() {
  const resume = await createResume(db(), { title: 'Кладовщик приёмки' });
  // The trigger fires on content columns only, so the test can set the past through this column.
  await db().db.execute(sql`update resumes set changed_at = ${PAST}::timestamptz where id = ${resume.id}`);
  expect(await changedAt(resume.id)).toBe('2020-01-01');
  return resume;
}

describe('changed_at', () => {
  it('moves when the content changes', async () => {
    const resume = await resumeChangedLongAgo();
    await db().db.execute(sql`update resumes set title = 'Старший кладовщик' where id = ${resume.id}`);
    expect(await changedAt(resume.id)).not.toBe('2020-01-01');
  });

  it('stays when the same content is written again, as a repeated import does', async () => {
    const resume = await resumeChangedLongAgo();
    await db().db.execute(sql`
      update resumes set title = title, skills = skills, experience = experience, phone = phone, updated_at = updated_at
      where id = ${resume.id}`);
    expect(await changedAt(resume.id)).toBe('2020-01-01');
  });

  it('stays when only the view counter moves', async () => {
    const resume = await resumeChangedLongAgo();
    await db().db.execute(sql`update resumes set views = views + 1 where id = ${resume.id}`);
    expect(await changedAt(resume.id)).toBe('2020-01-01');
  });

  it('is the moment of arrival for a new resume, whatever its own date', async () => {
    const resume = await createResume(db(), { title: 'Кладовщик', updatedAt: new Date(PAST) });
    expect(await changedAt(resume.id)).not.toBe('2020-01-01');
  });
});
