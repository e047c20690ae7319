// The build's parts, shared by `npm run build` (scripts/build.mjs) and `npm start` (scripts/start.mjs).
// Each part records the hash of its sources beside its output; a part is stale when that file is
// missing or the sources hash differently (content, not file times: a clone, a checkout or a copy of
// the repo changes every time and nothing else).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const at = (p) => path.join(root, p);
const STAMP = '.sources-hash';

const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];
const API_INPUTS = ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/contract/src'];

function listFiles(p, out) {
  if (!existsSync(p)) return out;
  if (!statSync(p).isDirectory()) {
    out.push(p);
    return out;
  }
  for (const entry of readdirSync(p, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name === 'node_modules' || /\.test\.[cm]?[jt]sx?$/.test(entry.name)) continue;
    listFiles(path.join(p, entry.name), out);
  }
  return out;
}

const hashes = new Map();
/** Hash of the files under `inputs` (paths and contents). */
function sourcesHash(inputs) {
  const key = inputs.join('\n');
  if (!hashes.has(key)) {
    const hash = createHash('sha256');
    for (const file of inputs.flatMap((p) => listFiles(at(p), []))) {
      hash
        .update(`${path.relative(root, file)}\0`)
        .update(readFileSync(file))
        .update('\0');
    }
    hashes.set(key, hash.digest('hex'));
  }
  return hashes.get(key);
}

const resolveFrom = (workspace, request) => {
  try {
    return createRequire(at(`${workspace}/package.json`)).resolve(request);
  } catch {
    return null;
  }
};
const viteBin = () => {
  const pkg = resolveFrom('apps/web', 'vite/package.json');
  return pkg && path.join(path.dirname(pkg), 'bin/vite.js');
};

/**
 * name → { title, inputs, output (the file the server needs), stampDir, tool (null when the tools are
 * not installed, as after `npm ci --omit=dev`), steps (commands run in order) }.
 */
export const parts = {
  server: {
    title: 'сервер',
    inputs: API_INPUTS,
    output: 'apps/api/dist/server.js',
    stampDir: 'apps/api/dist',
    tool: () => resolveFrom('apps/api', 'esbuild'),
    steps: () => [{ args: [at('apps/api/build.mjs')], cwd: at('apps/api') }],
  },
  client: {
    title: 'клиент',
    inputs: WEB_INPUTS,
    output: 'apps/web/dist/index.html',
    stampDir: 'apps/web/dist',
    tool: viteBin,
    steps: () => [{ args: [viteBin(), 'build'], cwd: at('apps/web') }],
  },
  // Brotli and gzip copies of the client's assets (the server sends them as they are, and compresses
  // the others itself until they are made).
  compress: {
    title: 'сжатие клиента',
    inputs: WEB_INPUTS,
    output: 'apps/web/dist/index.html',
    stampDir: 'apps/web/dist',
    stampName: '.compressed-hash',
    tool: viteBin,
    steps: () => [{ args: [at('apps/web/scripts/precompress.mjs')], cwd: at('apps/web') }],
  },
  // The server's entry that draws the search pages' first screen; built aside and moved into place
  // whole, so a server running meanwhile (it looks for it every second) never loads half a build.
  ssr: {
    title: 'первый экран',
    inputs: WEB_INPUTS,
    output: 'apps/web/dist-ssr/first-screen.js',
    stampDir: 'apps/web/dist-ssr',
    buildDir: 'apps/web/dist-ssr.next',
    tool: viteBin,
    steps: () => [{ args: [viteBin(), 'build', '--ssr', 'src/ssr/first-screen.tsx', '--outDir', 'dist-ssr.next'], cwd: at('apps/web') }],
  },
};

const stampFile = (part, dir = part.stampDir) => at(path.join(dir, part.stampName ?? STAMP));

export function isStale(part) {
  if (!existsSync(at(part.output))) return true;
  const stamp = stampFile(part);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== sourcesHash(part.inputs);
}

export const hasOutput = (part) => existsSync(at(part.output));

/**
 * Runs a part's steps with their output kept (shown when a step fails, or as it comes with
 * `verbose`); records the sources' hash when done. The returned promise has `.kill()`.
 */
export function runPart(name, { verbose = false } = {}) {
  const part = parts[name];
  const hash = sourcesHash(part.inputs);
  const started = Date.now();
  let child;
  let killed = false;
  const promise = (async () => {
    const log = [];
    for (const step of part.steps()) {
      const code = await new Promise((resolve) => {
        child = spawn(process.execPath, step.args, { cwd: step.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
        for (const stream of [child.stdout, child.stderr]) {
          stream.on('data', (chunk) => {
            log.push(chunk);
            if (verbose) process.stdout.write(chunk);
          });
        }
        child.on('error', (error) => {
          log.push(Buffer.from(String(error)));
          resolve(1);
        });
        child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
      });
      if (code !== 0) {
        const error = new Error(`${part.title}: сборка не удалась${killed ? ' (остановлена)' : ''}`);
        error.output = Buffer.concat(log).toString();
        throw error;
      }
    }
    if (part.buildDir) {
      writeFileSync(stampFile(part, part.buildDir), `${hash}\n`);
      rmSync(at(part.stampDir), { recursive: true, force: true });
      renameSync(at(part.buildDir), at(part.stampDir));
    } else {
      writeFileSync(stampFile(part), `${hash}\n`);
    }
    return { name, title: part.title, seconds: (Date.now() - started) / 1000 };
  })();
  promise.kill = () => {
    killed = true;
    child?.kill('SIGTERM');
  };
  return promise;
}
