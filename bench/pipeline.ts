// The hiring pipeline at scale (issue 24): one vacancy with 10,000 replies and 100,000 recorded moves,
// in a fresh PostgreSQL database (BENCH_DATABASE_URL, default a local hr_bench_pipeline, dropped and
// made again each run). Measured over HTTP against the API built in-process (buildApp + listen on a
// local port, no worker, no web build): the board's first page, the list's first page, a bulk move of
// 1,000 replies (with and without a letter to each), its undo, and the vacancy's analytics page.
// Prints p50/p95; never fails on time (goals: board ≤ 100 ms, bulk ≤ 2 s, analytics ≤ 300 ms).
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDictionaries } from '../apps/api/src/modules/dictionary/dictionary.seed.ts';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 10_000);
const MOVES_PER_REPLY = Number(process.env.BENCH_MOVES_PER_REPLY ?? 10);
const BULK = 1_000;
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_bench_pipeline';
/** BENCH_ONLY=analytics: seed as always, then measure the analytics page alone (the board, list and bulk skipped). */
const ONLY_ANALYTICS = process.env.BENCH_ONLY === 'analytics';

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${pct(s, 0.5).toFixed(1)} ms, p95 ${pct(s, 0.95).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms (n=${s.length})`;
};
const line = (label: string, xs: number[]) => console.log(`${`${label}:`.padEnd(46)}${fmt(xs)}`);

/** A fresh database each run: the figures never depend on what an earlier run left. */
async function freshDatabase(connection: string) {
  const name = new URL(connection).pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(connection), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name.replace(/"/g, '')}" with (force)`);
  await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
}

/** A tiny cookie-keeping HTTP client speaking the SPA's CSRF flow. */
function client(base: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  return {
    async call(method: string, path: string, body?: unknown) {
      const res = await fetch(base + path, {
        method,
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      remember(res);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    },
  };
}

async function timed(n: number, fn: (i: number) => Promise<{ status: number; body?: unknown }>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fn(i);
    times.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`status ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
  }
  return times;
}

async function main() {
  await freshDatabase(url);
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await seedDictionaries(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/hr-bench-pipeline',
    SESSION_SECRET: 'bench-secret-bench-secret-bench',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/none',
    REGISTER_LIMIT_PER_HOUR: '1000000',
  });
  const { app } = await buildApp(config, { database, startWorker: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  console.log(`pipeline bench on ${url.replace(/\/\/[^@]*@/, '//')}, HTTP against the API built in-process; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

  const owner = client(base);
  await owner.call('GET', '/sanctum/csrf-cookie');
  const email = `bench-${randomBytes(4).toString('hex')}@bench.local`;
  const reg = await owner.call('POST', '/register', {
    fio: 'Иванова Мария',
    email,
    phone: '+7 (916) 555-12-34',
    password: 'secret123',
    password_confirmation: 'secret123',
    company: 'ООО «Бенч»',
    position: 'HR',
    city_name: 'Москва',
    company_people_count: '1-50',
  });
  if (reg.status !== 200) throw new Error(`register: ${JSON.stringify(reg.body)}`);
  await database.db.execute(sql`update users set flags = '["has_vacancy"]'::jsonb where email = ${email}`);
  const vacancy = await owner.call('POST', '/api/vacancy', {
    title: 'Менеджер по продажам',
    city: '1069',
    description: `<p>${'Описание вакансии для замера воронки найма. '.repeat(6)}</p>`,
    skills: ['Продажи', 'CRM'],
    status: 'published',
  });
  const vacancyId = vacancy.body.res.id as number;
  const stages = await database.rows<{ id: number; title: string; kind: string }>(
    sql`select id, title, kind from vacancy_stages where vacancy_id = ${vacancyId} order by position`,
  );
  const stageIds = sql`array[${sql.join(stages.map((s) => sql`${s.id}`), sql`, `)}]::int[]`;
  const [reason] = await database.rows<{ id: number; title: string }>(sql`select id, title from rejection_reasons where owner_id is null order by id limit 1`);
  const [user] = await database.rows<{ id: number }>(sql`select id from users where email = ${email}`);

  // Set-based seed: each reply walks MOVES_PER_REPLY steps along the stages over the last 90 days
  // and rests on the stage of its last move (a rejection with a reason).
  const seedStart = performance.now();
  const n = stages.length;
  await database.db.execute(sql`
    with r as (
      insert into resumes (hash, source, source_id, first_name, last_name, title, phone, email, vacancy_id, city_id)
      select substr(md5(random()::text || g), 1, 22), 'reply', 'bench-' || g, 'Имя', 'Фамилия' || g,
        'Менеджер по продажам', (9000000000 + g)::text, 'bench' || g || '@cand.local', ${vacancyId}, 1069
      from generate_series(1, ${REPLIES}) g
      returning id, email, phone
    )
    insert into vacancy_replies (vacancy_id, resume_id, source, fio, email_key, phone_key, consent_at, consent_ip, stage_id, channel, created_at)
    select ${vacancyId}, id, 'reply', 'Фамилия Имя', email, phone, now(), '127.0.0.1',
      (${stageIds})[1 + ((id + ${MOVES_PER_REPLY}) % ${n})::int],
      (array['site','site','telegram'])[1 + (id % 3)::int], now() - interval '90 days' + (id % 90) * interval '1 day'
    from r`);
  await database.db.execute(sql`
    update vacancy_replies r set reason_id = ${reason?.id ?? null}
    from vacancy_stages s where s.id = r.stage_id and s.kind = 'rejected' and r.vacancy_id = ${vacancyId}`);
  await database.db.execute(sql`
    insert into vacancy_reply_history (reply_id, status, user_id, event, from_stage_id, to_stage_id, from_title, to_title, to_kind, reason_id, reason_title, created_at)
    select r.id, 'viewed', ${user?.id}, 'move', f.id, t.id, f.title, t.title, t.kind,
      case when t.kind = 'rejected' then ${reason?.id ?? null}::int end, case when t.kind = 'rejected' then ${reason?.title ?? null}::text end,
      r.created_at + k * interval '6 hours'
    from vacancy_replies r
    cross join generate_series(1, ${MOVES_PER_REPLY}) k
    join vacancy_stages f on f.id = (${stageIds})[1 + ((r.resume_id + k - 1) % ${n})::int]
    join vacancy_stages t on t.id = (${stageIds})[1 + ((r.resume_id + k) % ${n})::int]
    where r.vacancy_id = ${vacancyId}`);
  await database.db.execute(sql`analyze`);
  const [counts] = await database.rows<{ replies: number; moves: number }>(sql`
    select (select count(*)::int from vacancy_replies where vacancy_id = ${vacancyId}) as replies,
      (select count(*)::int from vacancy_reply_history h join vacancy_replies r on r.id = h.reply_id where r.vacancy_id = ${vacancyId} and h.event = 'move') as moves`);
  console.log(`seeded ${counts?.replies} replies and ${counts?.moves} recorded moves in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const reads: [string, string, number][] = [
    ['board, first page (20 per stage)', `/api/vacancy/${vacancyId}/board`, 40],
    ['list, first page (20)', `/api/vacancy/${vacancyId}/reply?per_page=20`, 40],
    ['list, one stage, first page', `/api/vacancy/${vacancyId}/reply?stage_id=${stages[1]?.id}&per_page=20`, 40],
  ];
  for (const [label, path, rounds] of ONLY_ANALYTICS ? [] : reads) {
    await owner.call('GET', path);
    line(label, await timed(rounds, () => owner.call('GET', path)));
  }

  // Bulk: 1,000 replies of one stage (their ids, as the list sends a choice) to the next stage, then undone.
  const ROUNDS = 8;
  const pool = await database.rows<{ id: number }>(
    sql`select id from vacancy_replies where vacancy_id = ${vacancyId} and stage_id = ${stages[2]?.id} order by id limit ${BULK}`,
  );
  const ids = pool.map((r) => Number(r.id));
  if (ids.length < BULK) console.log(`(only ${ids.length} replies in «${stages[2]?.title}»)`);
  const [template] = await database.rows<{ id: number }>(sql`select id from message_templates where owner_id is null and kind = 'reject'`);
  const rejected = stages.find((s) => s.kind === 'rejected');
  const bulkTimes: number[] = [];
  const letterTimes: number[] = [];
  const undoTimes: number[] = [];
  let last: { changed: number; messages: number } = { changed: 0, messages: 0 };
  for (let i = 0; i < (ONLY_ANALYTICS ? 0 : ROUNDS); i++) {
    const withLetter = i % 2 === 1;
    const body = withLetter
      ? { ids, stage_id: rejected?.id, reason_id: reason?.id, template_id: template?.id }
      : { ids, stage_id: stages[3]?.id };
    const t = performance.now();
    const moved = await owner.call('POST', `/api/vacancy/${vacancyId}/reply/bulk`, body);
    (withLetter ? letterTimes : bulkTimes).push(performance.now() - t);
    if (moved.status !== 200 || moved.body.res.changed !== ids.length) throw new Error(`bulk: ${moved.status} ${JSON.stringify(moved.body).slice(0, 300)}`);
    last = moved.body.res;
    const u = performance.now();
    const undone = await owner.call('POST', `/api/vacancy/${vacancyId}/reply/bulk/undo`, { undo_token: moved.body.res.undo_token });
    undoTimes.push(performance.now() - u);
    if (undone.status !== 200 || undone.body.res.restored !== ids.length) throw new Error(`undo: ${undone.status} ${JSON.stringify(undone.body).slice(0, 300)}`);
  }
  if (!ONLY_ANALYTICS) {
    line(`bulk move of ${ids.length} replies`, bulkTimes);
    line(`bulk rejection of ${ids.length} with a letter each`, letterTimes);
    line(`undo of a bulk action of ${ids.length}`, undoTimes);
    console.log(`(last rejection: changed ${last.changed}, letters queued ${last.messages})`);
  }

  const analytics = `/api/vacancy/${vacancyId}/analytics`;
  const probe = await owner.call('GET', analytics);
  if (probe.status === 200) line('vacancy analytics page', await timed(20, () => owner.call('GET', analytics)));
  else console.log(`vacancy analytics page: not measured (GET ${analytics} answered ${probe.status})`);
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
