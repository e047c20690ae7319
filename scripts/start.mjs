// `npm start`: build the client when its sources are newer than the build, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The client and the server's entry that draws the search pages' first screen (both from `npm run build -w @hr/web`).
const builtFiles = ['apps/web/dist/index.html', 'apps/web/dist-ssr/first-screen.js'].map((p) => path.join(root, p));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'].map((p) => path.join(root, p));
const sourceTime = Math.max(...sources.filter(existsSync).map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)));
if (builtFiles.some((file) => !existsSync(file) || statSync(file).mtimeMs < sourceTime)) {
  console.log('Сборка клиента…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@hr/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
  // NODE_ENV is passed as given: the server runs as production when it is unset (server.ts), and an
  // operator's NODE_ENV=production also keeps the demo accounts away (seed/demo-policy.ts).
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
