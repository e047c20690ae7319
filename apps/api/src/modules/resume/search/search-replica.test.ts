import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../../app.ts';
import { type Database, openDatabase } from '../../../db/client.ts';
import { seedDictionaries } from '../../../modules/dictionary/dictionary.seed.ts';
import { createResume } from '../../../../test/factories.ts';
import { TestClient, testConfig, testDatabase } from '../../../../test/helpers.ts';

const url = process.env.TEST_DATABASE_URL;

const LETTERS = 'bcdfghjklmnpqrstvwxz';
const word = () => Array.from({ length: 10 }, () => LETTERS[randomInt(LETTERS.length)]).join('');

/**
 * SEARCH_DATABASE_URL: the search reads a second database (a read replica in production), everything
 * else stays on DATABASE_URL. Here the «replica» is a database of its own with other rows, so an
 * answer shows which database it came from.
 */
describe.skipIf(!url)('search on SEARCH_DATABASE_URL (PostgreSQL; skipped without TEST_DATABASE_URL)', () => {
  const replicaName = `hr_search_replica_${randomInt(1e6, 1e7)}`;
  const admin = () => new pg.Client({ connectionString: Object.assign(new URL(url as string), { pathname: '/postgres' }).toString() });
  let replica: Database;
  let built: BuiltApp;
  const onWriter = word();
  const onReplica = word();

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${replicaName}`);
    await c.end();
    const replicaUrl = Object.assign(new URL(url as string), { pathname: `/${replicaName}` }).toString();
    replica = await openDatabase({ databaseUrl: replicaUrl });
    await replica.migrate();
    await seedDictionaries(replica);
    await createResume(replica, { title: `Логист ${onReplica}`, cityId: 889 });

    const writer = await testDatabase();
    await createResume(writer, { title: `Логист ${onWriter}`, cityId: 889 });
    built = await buildApp(testConfig({ SEARCH_DATABASE_URL: replicaUrl }), { database: writer, startWorker: false, logger: false });
  }, 120_000);

  afterAll(async () => {
    await built?.app.close();
    await replica?.close();
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${replicaName} with (force)`);
    await c.end();
  });

  const titles = async (qs: string) => {
    const res = await new TestClient(built.app).get(`/api/resume/search?${qs}`);
    expect(res.status).toBe(200);
    return { titles: res.body.res.data.map((c: { title: string }) => c.title) as string[], total: res.body.res.total as number };
  };

  it('answers from the replica: its rows are found, the writer’s are not', async () => {
    expect(await titles(`text=${onReplica}`)).toEqual({ titles: [`Логист ${onReplica}`], total: 1 });
    expect(await titles(`text=${onWriter}`)).toEqual({ titles: [], total: 0 });
    // Orders without text walk other statements (the city-order path): the same database.
    const byDate = await titles(`search_city[]=889&searchOrderBy=publication_time&per_page=100`);
    expect(byDate.titles).toContain(`Логист ${onReplica}`);
    expect(byDate.titles).not.toContain(`Логист ${onWriter}`);
  });
});
