// `npm start`: builds what is missing or older than its sources (scripts/lib/builds.mjs: the server
// with esbuild, the client and the first-screen entry with Vite), then runs the compiled server with
// plain `node` (apps/api/dist/server.js).
//
// The builds and the server's own start (database, migrations, demo data) run at the same time: the
// server waits for the client before it listens (HR_LISTEN_AFTER_BUILD, a message over IPC), so the
// address it prints always serves the page. In a terminal the first-screen entry and the assets'
// brotli copies are built after the client, while the site already answers (the page goes without
// its server-drawn first screen until then); elsewhere (CI, a service manager) the server listens once
// everything is built. After `npm ci --omit=dev` (no build tools) the existing build is run as it is.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { hasOutput, isStale, parts, root, runPart } from './lib/builds.mjs';

const stale = Object.keys(parts).filter((name) => isStale(parts[name]));
const noTools = stale.filter((name) => !parts[name].tool());
for (const name of noTools) {
  const part = parts[name];
  if (!hasOutput(part) && name !== 'ssr' && name !== 'compress') {
    console.error(
      `Нет сборки (${part.output}) и нет инструментов сборки: выполните npm install (или npm run build перед npm ci --omit=dev).`,
    );
    process.exit(1);
  }
  console.warn(
    `  ${part.title}: исходники изменились после сборки, но инструментов сборки нет (npm ci --omit=dev?) — работает прежняя сборка.`,
  );
}
const toBuild = new Set(stale.filter((name) => !noTools.includes(name)));
// The first screen and the brotli copies can come after the server listens: in a terminal only.
const later = process.stdout.isTTY ? ['ssr', 'compress'].filter((name) => toBuild.has(name)) : [];

const running = new Set();
let server;
let stopping = false;
const stop = (code) => {
  stopping = true;
  for (const build of running) build.kill();
  if (server && server.exitCode === null) server.kill('SIGTERM');
  else process.exit(code);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(1));

/** A failed build stops the start, unless it was one of those left for later (the site works without). */
const build = (name) => {
  const started = runPart(name);
  running.add(started);
  return started.then(
    (result) => {
      running.delete(started);
      console.log(`  готово: ${result.title}, ${result.seconds.toFixed(1)} с`);
    },
    (error) => {
      running.delete(started);
      if (stopping) throw error;
      console.error(`\n${error.message}\n${error.output ?? error.stack}`);
      if (later.includes(name)) console.error('  Сайт работает дальше без этой части; npm run build соберёт её заново.');
      else stop(1);
      throw error;
    },
  );
};

if (toBuild.size) console.log(`Сборка: ${[...toBuild].map((name) => parts[name].title).join(', ')}…`);
// The server's bundle first (a second or two): it is what runs.
const serverBuilt = toBuild.has('server') ? build('server') : Promise.resolve();
const client = toBuild.has('client') ? build('client') : Promise.resolve();
const whenClient = (name) => (toBuild.has(name) ? client.then(() => build(name)) : Promise.resolve());
const startLater = () => Promise.all([whenClient('compress'), toBuild.has('ssr') ? build('ssr') : Promise.resolve()]);
// Outside a terminal the first-screen entry builds beside the client; in one, after it.
const rest = later.length ? null : startLater();
const beforeListen = Promise.all([client, rest]);

try {
  await serverBuilt;
} catch {
  await new Promise(() => {}); // stop() ends the process
}

const waitForBuild = toBuild.has('client') || (!later.length && ['ssr', 'compress'].some((name) => toBuild.has(name)));
server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // NODE_ENV is passed as given: the server runs as production when it is unset (server.ts), and an
  // operator's NODE_ENV=production also keeps the demo accounts away (seed/demo-policy.ts).
  env: {
    ...process.env,
    ...(waitForBuild ? { HR_LISTEN_AFTER_BUILD: '1' } : {}),
    ...(later.includes('ssr') ? { HR_FIRST_SCREEN_BUILDING: '1' } : {}),
  },
});
server.on('exit', (code, signal) => {
  for (const started of running) started.kill();
  process.exit(code ?? (signal ? 1 : 0));
});

// The server asks once it is ready to listen (a message sent before it listens would be lost).
if (waitForBuild) {
  server.on('message', (message) => {
    if (message !== 'waiting') return;
    beforeListen.then(
      () => server.connected && server.send('listen', () => server.connected && server.disconnect()),
      () => {},
    );
  });
} else server.disconnect();
beforeListen.then(
  () => {
    if (later.length) {
      console.log(`  В фоне: ${later.map((name) => parts[name].title).join(', ')} (страница работает и без них)`);
      startLater().catch(() => {});
    }
  },
  () => {},
);
