// Notification fan-out: 2,000 sockets, each on its own user's private channel. Measures the time
// from notify() to delivery, in-process and through Redis with two API instances (sockets held by
// the second, notifications created on the first). Prints figures; never fails on time.
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDictionaries } from '../apps/api/src/modules/dictionary/dictionary.seed.ts';
import { notify } from '../apps/api/src/modules/notify/notify.service.ts';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 2000);
const SINGLE_ROUNDS = 200;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${pct(s, 0.5).toFixed(1)} ms, p99 ${pct(s, 0.99).toFixed(1)} ms, max ${(s.at(-1) ?? 0).toFixed(1)} ms`;
};

async function run(label: string, withRedis: boolean) {
  const database = await openDatabase({});
  await database.migrate();
  await seedDictionaries(database);
  const ids = (
    await database.rows<{ id: number }>(sql`
      insert into users (email, password_hash, name, family)
      select 'fanout' || g || '@bench.local', 'x', 'Имя', 'Фамилия' from generate_series(1, ${SOCKETS}) g
      returning id`)
  ).map((r) => r.id);
  // A signed-in session per user: a channel token holds only while its session lives.
  await database.db.execute(sql`
    insert into sessions (id, user_id, expires_at)
    select 'fanout-session-' || id, id, now() + interval '1 day' from users where email like 'fanout%@bench.local'
    on conflict (id) do nothing`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/hr-bench-fanout', SESSION_SECRET: 'bench-secret-bench-secret-bench', LOG_LEVEL: 'silent', WEB_DIST: '/none', ...(withRedis ? { REDIS_URL: redisUrl } : {}) });
  const a = await buildApp(config, { database, startWorker: false, logger: false });
  const b = withRedis ? await buildApp(config, { database, startWorker: false, logger: false }) : a;
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(b.app.server.address() as { port: number }).port}/ws`;

  const arrivals = new Map<number, (t: number) => void>();
  const sockets: WebSocket[] = [];
  const connectStarted = performance.now();
  for (let i = 0; i < ids.length; i += 200) {
    await Promise.all(
      ids.slice(i, i + 200).map(
        (id) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(url);
            ws.on('error', reject);
            ws.on('open', () => ws.send(JSON.stringify({ event: 'subscribe', channel: `user.${id}`, auth: a.ctx.realtime.channelToken(id, `fanout-session-${id}`) })));
            ws.on('message', (raw) => {
              const msg = JSON.parse(String(raw));
              if (msg.event === 'subscribed') resolve();
              if (msg.event === 'notification') arrivals.get(id)?.(performance.now());
            });
            sockets.push(ws);
          }),
      ),
    );
  }
  const connectMs = performance.now() - connectStarted;

  // One notification at a time: notify() → the user's socket.
  const single: number[] = [];
  for (let r = 0; r < SINGLE_ROUNDS; r++) {
    const id = ids[(r * 7919) % ids.length] as number;
    const started = performance.now();
    const got = new Promise<number>((resolve) => arrivals.set(id, resolve));
    await notify(a.ctx, id, { title: 'Замер', message: 'Доставка' }, { copies: false });
    single.push((await got) - started);
    arrivals.delete(id);
  }

  // Everyone at once (an announcement): rows in one statement, then a push per user.
  const started = performance.now();
  const all = ids.map((id) => new Promise<number>((resolve) => arrivals.set(id, resolve)));
  await database.db.execute(sql`insert into notifications (user_id, title, message) select id, 'Анонс', 'Всем' from users where email like 'fanout%@bench.local'`);
  const written = performance.now() - started;
  await Promise.all(ids.map((id) => a.ctx.realtime.publish({ channel: `user.${id}`, event: 'notification', data: {} })));
  const broadcast = (await Promise.all(all)).map((t) => t - started);

  console.log(`\n${label}: ${SOCKETS} sockets connected and subscribed in ${(connectMs / 1000).toFixed(1)} s`);
  console.log(`  one notify() → its socket (${SINGLE_ROUNDS} rounds): ${fmt(single)}`);
  console.log(`  broadcast to all ${SOCKETS} (rows written in ${written.toFixed(0)} ms): arrival ${fmt(broadcast)}`);

  for (const ws of sockets) ws.terminate();
  await b.app.close();
  if (b !== a) await a.app.close();
  await database.close();
}

console.log(`Machine: 2 cores; Node ${process.version}; the sockets live in this same process as the servers.`);
await run('in-process fan-out', false);
try {
  await run(`Redis fan-out, two instances (${redisUrl})`, true);
} catch (err) {
  console.log(`\nRedis fan-out skipped: ${(err as Error).message}`);
}
process.exit(0);
