// `tsx bench/cpu-profile-summary.ts <dir or .cpuprofile files>`: where the CPU of a profiled run went
// (`BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:load`). Prints the share of
// self time per package (or our own source area) and the heaviest functions. The profiles
// themselves stay out of the repo.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const inputs = process.argv.slice(2).flatMap((p) =>
  statSync(p).isDirectory() ? readdirSync(p).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(p, f)) : [p],
);
if (!inputs.length) {
  console.error('usage: tsx bench/cpu-profile-summary.ts <dir|file.cpuprofile>…');
  process.exit(1);
}

/** Where a frame's code lives: a package, an area of ours, or the runtime. */
function area(url: string, name: string): string {
  if (!url) return name === '(garbage collector)' ? 'GC' : name === '(idle)' || name === '(program)' ? name : 'native';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return (rest[0] ?? '').startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? '?');
  }
  const src = url.indexOf('/src/');
  if (src >= 0) return `ours:${url.slice(src + 5).split('/').slice(0, 2).join('/')}`;
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
let idle = 0;
for (const file of inputs) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      return;
    }
    total += us;
    const a = area(url, functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + us);
    const key = `${functionName || '(anonymous)'} ${a}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  });
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`${inputs.length} profile(s): busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s\n`);
console.log('Self time by area:');
for (const [k, v] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${pct(v)}  ${k}`);
console.log('\nHeaviest functions (self):');
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${pct(v)}  ${k}`);
