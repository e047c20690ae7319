// Vacancy replies: the public reply with a 5 MB PDF (multipart over HTTP, stored in PostgreSQL),
// and the replies list with its counters at 10,000 replies on one vacancy. Prints figures; never
// fails on time. Database: BENCH_DATABASE_URL (default a local hr_bench_vacancy, created if
// missing); BENCH_EMBEDDED=1 runs on PGlite in memory instead.
// Then «Подходящие кандидаты» of four vacancies at the scale of the search bench's database
// (BENCH_MATCHES_DATABASE_URL, default hr_bench: 1,000,000 resumes made by `npm run bench:search`),
// through the API with the search's count cache off, as the first opening of a vacancy meets it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { consentVersion } from '@hr/contract';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDictionaries } from '../apps/api/src/modules/dictionary/dictionary.seed.ts';

const REPLIES = Number(process.env.BENCH_REPLIES ?? 10_000);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 10);
const ROUNDS = 40;
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_bench_vacancy';
const embedded = process.env.BENCH_EMBEDDED === '1';

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${pct(s, 0.5).toFixed(1)} ms, p95 ${pct(s, 0.95).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms (n=${s.length})`;
};

async function ensureDatabase(connection: string) {
  const target = new URL(connection);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(connection), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
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
  const headers = (extra: Record<string, string> = {}) => ({
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    accept: 'application/json',
    ...extra,
  });
  return {
    raw: (path: string) => fetch(base + path, { headers: headers() }),
    async call(method: string, path: string, body?: unknown) {
      const res = await fetch(base + path, {
        method,
        headers: headers(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      remember(res);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    },
  };
}

async function timed(n: number, fn: () => Promise<{ status: number }>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await fn();
    times.push(performance.now() - t);
    if (r.status !== 200) throw new Error(`status ${r.status}`);
  }
  return times;
}

/** A member with `has_vacancy`, signed in on `base`: a fresh registration each run. */
async function vacancyOwner(base: string, database: Awaited<ReturnType<typeof openDatabase>>) {
  const owner = client(base);
  await owner.call('GET', '/sanctum/csrf-cookie');
  const email = `bench-${randomBytes(4).toString('hex')}@bench.local`;
  const reg = await owner.call('POST', '/register', {
    fio: 'Иванова Мария',
    email,
    phone: `+7 (9${String(Math.floor(Math.random() * 1e9)).padStart(9, '1')}`.replace(/^(\+7 \(\d{3})(\d{3})(\d{2})(\d{2})$/, '$1) $2-$3-$4'),
    password: 'secret123',
    password_confirmation: 'secret123',
    company: 'ООО «Бенч»',
    position: 'HR',
    city_name: 'Москва',
    company_people_count: '1-50',
  });
  if (reg.status !== 200) throw new Error(`register: ${JSON.stringify(reg.body)}`);
  await database.db.execute(sql`update users set flags = '["has_vacancy"]'::jsonb where email = ${email}`);
  return { owner, email };
}

async function main() {
  if (!embedded) await ensureDatabase(url);
  const database = await openDatabase(embedded ? {} : { databaseUrl: url });
  await database.migrate();
  await seedDictionaries(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/hr-bench-vacancy',
    SESSION_SECRET: 'bench-secret-bench-secret-bench',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/none',
    REPLY_LIMIT_PER_HOUR: '1000000',
    REGISTER_LIMIT_PER_HOUR: '1000000',
  });
  const { app } = await buildApp(config, { database, startWorker: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  console.log(`vacancy bench on ${embedded ? 'PGlite (in memory)' : url.replace(/\/\/[^@]*@/, '//')}`);

  const { owner } = await vacancyOwner(base, database);
  const vacancy = await owner.call('POST', '/api/vacancy', {
    title: 'Менеджер по продажам',
    city: '1069',
    description: `<p>${'Описание вакансии для замера скорости откликов. '.repeat(6)}</p>`,
    skills: ['Продажи', 'CRM'],
    status: 'published',
  });
  const vacancyId = vacancy.body.res.id as number;

  // 1. Public reply with a 5 MB PDF, end to end over HTTP (multipart → sniffed → stored in chunks).
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5 * 1024 * 1024 - 16), Buffer.from('\n%%EOF\n')]);
  const candidate = client(base);
  await candidate.call('GET', '/sanctum/csrf-cookie');
  let k = 0;
  const uploads = await timed(UPLOADS, () => {
    const form = new FormData();
    k++;
    form.set('fio', 'Петров Пётр');
    form.set('phone', `+7 (916) ${String(100 + k).padStart(3, '0')}-${String(10 + (k % 80)).padStart(2, '0')}-${String(10 + Math.floor(k / 80)).padStart(2, '0')}`);
    form.set('email', `cand-${k}-${randomBytes(3).toString('hex')}@bench.local`);
    form.set('consent', 'on');
    form.set('consent_version', consentVersion('reply'));
    form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'resume.pdf');
    return candidate.call('POST', `/api/vacancy/${vacancyId}/reply`, form);
  });
  console.log(`public reply with a 5 MB PDF:              ${fmt(uploads)}`);
  const firstReply = (await owner.call('GET', `/api/vacancy/${vacancyId}/reply?per_page=20`)).body.res.data[0].id;
  const downloads = await timed(5, async () => {
    const res = await owner.raw(`/api/vacancy/${vacancyId}/reply/${firstReply}/file`);
    const bytes = (await res.arrayBuffer()).byteLength;
    return { status: res.status === 200 && bytes === pdf.length ? 200 : 500 };
  });
  console.log(`download of the 5 MB PDF:                  ${fmt(downloads)}`);

  // 2. 10,000 replies on one vacancy, written set-based (as many candidates would over time).
  const seedStart = performance.now();
  await database.db.execute(sql`
    with r as (
      insert into resumes (hash, source, source_id, first_name, last_name, title, phone, email, vacancy_id, city_id)
      select substr(md5(random()::text || g), 1, 22), 'reply', 'bench-' || ${vacancyId} || '-' || g, 'Имя', 'Фамилия' || g,
        'Менеджер по продажам', lpad((9000000000 + g)::text, 10, '0'), 'bench' || g || '@cand.local', ${vacancyId}, 1069
      from generate_series(1, ${REPLIES}) g
      returning id, email, phone
    )
    insert into vacancy_replies (vacancy_id, resume_id, source, status, fio, email_key, phone_key, consent_at, consent_ip)
    select ${vacancyId}, id, 'reply', (array['new','viewed','invited','rejected','hired'])[1 + (id % 5)::int], 'Фамилия Имя', email, phone, now(), '127.0.0.1'
    from r`);
  if (!embedded) await database.db.execute(sql`analyze vacancy_replies`);
  console.log(`seeded ${REPLIES} replies in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const cases: [string, string][] = [
    ['replies list, page 1', `/api/vacancy/${vacancyId}/reply?per_page=20`],
    ['replies list, status=new', `/api/vacancy/${vacancyId}/reply?status=new&per_page=20`],
    ['replies list, page 100 of 500', `/api/vacancy/${vacancyId}/reply?page=100&per_page=20`],
    ['vacancy with counters', `/api/vacancy/${vacancyId}`],
    ['vacancy list with counters', '/api/vacancy?per_page=20'],
  ];
  for (const [label, path] of cases) {
    await owner.call('GET', path);
    console.log(`${`${label}:`.padEnd(42)}${fmt(await timed(ROUNDS, () => owner.call('GET', path)))}`);
  }
  const counts = (await owner.call('GET', `/api/vacancy/${vacancyId}`)).body.res;
  console.log(`counters: replies_count ${counts.replies_count}, new_replies_count ${counts.new_replies_count}`);

  await app.close();
  await database.close();
  await matchesAtScale();
}

const MATCHES_URL = process.env.BENCH_MATCHES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_bench';
const MATCH_VACANCIES = [
  { title: 'Менеджер по продажам', city: '1069', skills: ['Активные продажи', 'CRM', 'Переговоры'], experience: 'between1And3' },
  { title: 'Главный бухгалтер', city: '1070', skills: ['1С: Бухгалтерия', 'МСФО'], salary_to: 200000 },
  { title: 'Водитель категории C', city: '889', skills: ['Категория C'] },
  { title: 'Python-разработчик', city: '722', skills: ['Python', 'Django', 'PostgreSQL'], experience: 'between3And6' },
];

async function matchesAtScale() {
  const admin = new pg.Client({ connectionString: MATCHES_URL });
  const n = await admin
    .connect()
    .then(() => admin.query<{ n: number }>('select count(*)::int as n from resumes where vacancy_id is null'))
    .then((r) => r.rows[0]?.n ?? 0)
    .catch(() => 0);
  await admin.end().catch(() => {});
  if (n < 100_000) {
    console.log(`\n«Подходящие кандидаты»: skipped, ${MATCHES_URL.replace(/\/\/[^@]*@/, '//')} has ${n} resumes (run \`npm run bench:search\` once to make the million)`);
    return;
  }
  // The search tuned as deployed (its time boxes), but with the count cache off: every request does all its work.
  process.env.SEARCH_EXACT_TIMEOUT_MS = '150';
  process.env.SEARCH_CACHE_TTL_MS = '0';
  const database = await openDatabase({ databaseUrl: MATCHES_URL });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/hr-bench-vacancy',
    SESSION_SECRET: 'bench-secret-bench-secret-bench',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/none',
    REGISTER_LIMIT_PER_HOUR: '1000000',
    DATABASE_URL: MATCHES_URL,
  });
  const { app } = await buildApp(config, { database, startWorker: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const { owner, email } = await vacancyOwner(base, database);
  console.log(`\n«Подходящие кандидаты» at ${n.toLocaleString('ru-RU')} resumes, ${ROUNDS / 2} requests each, one at a time:`);
  const all: number[] = [];
  try {
    for (const v of MATCH_VACANCIES) {
      const made = await owner.call('POST', '/api/vacancy', {
        ...v,
        description: `<p>${'Описание вакансии для замера подбора кандидатов. '.repeat(6)}</p>`,
        status: 'published',
      });
      if (made.status !== 200) throw new Error(`vacancy: ${JSON.stringify(made.body)}`);
      const path = `/api/vacancy/${made.body.res.id}/matches`;
      const first = await owner.call('GET', path);
      const times = await timed(ROUNDS / 2, () => owner.call('GET', path));
      all.push(...times);
      console.log(`  ${`${v.title}:`.padEnd(40)}${fmt(times)}, ${first.body.res.total ?? first.body.res.data?.length} found`);
    }
    console.log(`  ${'all four:'.padEnd(40)}${fmt(all)}`);
  } finally {
    await database.db.execute(sql`delete from vacancies where owner_id in (select id from users where email = ${email})`);
    await database.db.execute(sql`delete from users where email = ${email}`);
    await app.close();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
