import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Migration 0028 keeps every existing reply where it was: a database migrated up to 0027 gets replies
 * in each status with their history, then the rest of the migrations run, and each reply is on the
 * stage its status means, with every recorded change read as a move from one stage to the next.
 * PGlite, or a fresh database beside TEST_DATABASE_URL when it is set.
 */

const ALL = path.join(import.meta.dirname, '../../../drizzle');
const folders: string[] = [];

/** The migrations up to `lastIdx`: the SQL files and a journal cut there. */
function migrationsUpTo(lastIdx: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hr-migrations-'));
  folders.push(dir);
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(ALL, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  const entries = journal.entries.filter((e) => e.idx <= lastIdx);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  const tags = new Set(entries.map((e) => `${e.tag}.sql`));
  for (const f of readdirSync(ALL)) if (tags.has(f)) copyFileSync(path.join(ALL, f), path.join(dir, f));
  return dir;
}

type Runner = { query<T>(text: string, params?: unknown[]): Promise<T[]>; migrate(folder: string): Promise<void>; close(): Promise<void> };

async function freshDatabase(): Promise<Runner> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    return {
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `hr_migration_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: own.toString() });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0028', () => {
  it('keeps existing replies where they were and reads their history as moves between stages', async () => {
    const db = await freshDatabase();
    try {
      await db.migrate(migrationsUpTo(27));
      const [user] = await db.query<{ id: number }>(
        `insert into users (email, password_hash) values ('owner@example.ru', 'x') returning id`,
      );
      const [v] = await db.query<{ id: number }>(
        `insert into vacancies (owner_id, title, status) values ($1, 'Рекрутер', 'published') returning id`,
        [user?.id],
      );
      const [empty] = await db.query<{ id: number }>(`insert into vacancies (owner_id, title) values ($1, 'Пустая') returning id`, [
        user?.id,
      ]);
      // Each status with the path it came by (the older paths recorded only the status).
      const paths: Record<string, string[]> = {
        new: ['new'],
        viewed: ['new', 'viewed'],
        // The last record: a letter sent with the status the reply had (no change of status).
        invited: ['new', 'viewed', 'invited', 'invited'],
        rejected: ['new', 'viewed', 'rejected'],
        hired: ['new', 'viewed', 'invited', 'hired'],
      };
      const replyOf: Record<string, number> = {};
      let i = 0;
      for (const [status, steps] of Object.entries(paths)) {
        i++;
        const [res] = await db.query<{ id: number }>(
          `insert into resumes (hash, source, title) values ($1, 'reply', 'Рекрутер') returning id`,
          [`hash${i}${randomUUID().slice(0, 8)}`],
        );
        const [reply] = await db.query<{ id: number }>(
          `insert into vacancy_replies (vacancy_id, resume_id, source, fio, status, updated_at) values ($1, $2, $3, 'Петрова Анна', $4, '2025-03-0${i} 10:00+03') returning id`,
          [v?.id, res?.id, status === 'invited' ? 'invite' : 'reply', status],
        );
        replyOf[status] = Number(reply?.id);
        for (const step of steps) {
          await db.query(`insert into vacancy_reply_history (reply_id, status, user_id, message) values ($1, $2, $3, $4)`, [
            reply?.id,
            step,
            step === 'new' ? null : user?.id,
            step === 'invited' ? 'Ждём вас в 11:00' : null,
          ]);
        }
      }

      await db.migrate(ALL);

      const stages = await db.query<{ vacancy_id: number; title: string; kind: string }>(
        `select vacancy_id, title, kind from vacancy_stages where vacancy_id in ($1, $2) order by vacancy_id, position`,
        [v?.id, empty?.id],
      );
      const titles = ['Новые', 'Просмотрены', 'Телефонное интервью', 'Интервью', 'Оффер', 'Выход на работу', 'Отказ'];
      expect(stages.filter((s) => s.vacancy_id === v?.id).map((s) => s.title)).toEqual(titles);
      expect(stages.filter((s) => s.vacancy_id === empty?.id).map((s) => s.title)).toEqual(titles);

      const where = await db.query<{ id: number; status: string; title: string; channel: string; stage_at: Date }>(
        `select r.id, r.status, s.title, r.channel, r.stage_at from vacancy_replies r join vacancy_stages s on s.id = r.stage_id where r.vacancy_id = $1`,
        [v?.id],
      );
      const placeOf = (status: string) => where.find((w) => Number(w.id) === replyOf[status]);
      expect(placeOf('new')?.title).toBe('Новые');
      expect(placeOf('viewed')?.title).toBe('Просмотрены');
      expect(placeOf('invited')?.title).toBe('Телефонное интервью');
      expect(placeOf('rejected')?.title).toBe('Отказ');
      expect(placeOf('hired')?.title).toBe('Выход на работу');
      for (const status of Object.keys(paths)) expect(placeOf(status)?.status).toBe(status);
      expect(placeOf('invited')?.channel).toBe('invite');
      expect(placeOf('new')?.channel).toBe('site');
      // Time in the stage counts from the last change the reply had.
      expect(new Date(placeOf('viewed')?.stage_at as Date).toISOString()).toBe('2025-03-02T07:00:00.000Z');

      const history = await db.query<{ reply_id: number; event: string; from_title: string | null; to_title: string; to_kind: string }>(
        `select reply_id, event, from_title, to_title, to_kind from vacancy_reply_history where reply_id = $1 order by id`,
        [replyOf.hired],
      );
      expect(history.map((h) => [h.from_title, h.to_title])).toEqual([
        [null, 'Новые'],
        ['Новые', 'Просмотрены'],
        ['Просмотрены', 'Телефонное интервью'],
        ['Телефонное интервью', 'Выход на работу'],
      ]);
      expect(history.every((h) => h.event === 'move')).toBe(true);
      expect(history.at(-1)?.to_kind).toBe('hired');
      const rejected = await db.query<{ from_title: string | null; to_title: string }>(
        `select from_title, to_title from vacancy_reply_history where reply_id = $1 order by id`,
        [replyOf.rejected],
      );
      expect(rejected.at(-1)).toEqual({ from_title: 'Просмотрены', to_title: 'Отказ' });
      // A letter-only record is a message on the stage, not a move from it to itself.
      const invited = await db.query<{ event: string; from_title: string | null; to_title: string; message: string | null }>(
        `select event, from_title, to_title, message from vacancy_reply_history where reply_id = $1 order by id`,
        [replyOf.invited],
      );
      expect(invited.map((h) => h.event)).toEqual(['move', 'move', 'move', 'message']);
      expect(invited.at(-1)).toEqual({ event: 'message', from_title: 'Телефонное интервью', to_title: 'Телефонное интервью', message: 'Ждём вас в 11:00' });

      // After the migration the older paths still land on the right stage and are recorded as moves.
      await db.query(`update vacancy_replies set status = 'viewed' where id = $1`, [replyOf.new]);
      await db.query(`insert into vacancy_reply_history (reply_id, status, user_id) values ($1, 'viewed', $2)`, [replyOf.new, user?.id]);
      const [moved] = await db.query<{ title: string; from_title: string; to_title: string }>(
        `select s.title, h.from_title, h.to_title from vacancy_replies r join vacancy_stages s on s.id = r.stage_id
         join vacancy_reply_history h on h.reply_id = r.id where r.id = $1 order by h.id desc limit 1`,
        [replyOf.new],
      );
      expect(moved).toEqual({ title: 'Просмотрены', from_title: 'Новые', to_title: 'Просмотрены' });
    } finally {
      await db.close();
    }
  }, 120_000);
});
