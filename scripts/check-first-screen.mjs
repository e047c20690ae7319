// Part of `npm run lint`: the modules the home page runs before its first results (apps/web's
// main.tsx and app/boot.tsx, followed through their static imports) must not import values from
// the contract's index or zod. Either brings the whole contract and zod (~26 KB gzipped) into the
// first screen; a constant the first screen needs comes from its own file (`@hr/contract/constants`).
// Type-only imports and dynamic `import()` are fine.
// main.tsx itself (what runs before the app is loaded) does not import TanStack Query either: the
// page's embedded answers are read there as JSON and hydrated into the query cache by app/boot.tsx.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '../apps/web');
// Imports and re-exports (`export { X } from '…'` runs that module too); the clause holds no `;`, so
// a declaration (`export type X = {…};`) is never read as the start of the next import.
const IMPORT = /^(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)';/gm;
const CONTRACT = ['@hr/contract', 'zod'];
const checks = [
  { entries: ['src/main.tsx', 'src/app/boot.tsx'], forbidden: new Set(CONTRACT) },
  { entries: ['src/main.tsx'], forbidden: new Set([...CONTRACT, '@tanstack/react-query', '@tanstack/query-core']) },
];

function resolve(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = path.join(web, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(c) && !c.endsWith('/')) return c;
  return null;
}

/** Whether an import clause brings a value (not only `type` names). */
const bringsValue = (clause) =>
  clause
    .replace(/[{}]/g, ' ')
    .split(',')
    .map((n) => n.trim())
    .some((n) => n && !n.startsWith('type '));

/** The modules reachable from `entries` through static imports, and the forbidden imports among them. */
function walk(entries, forbidden) {
  const parent = new Map(entries.map((e) => [e, null]));
  const queue = [...entries];
  const problems = [];
  while (queue.length) {
    const file = queue.shift();
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const [, typeOnly, clause, spec] = m;
      if (typeOnly) continue;
      if (forbidden.has(spec)) {
        if (bringsValue(clause)) problems.push({ file, spec });
        continue;
      }
      const next = resolve(file, spec);
      if (next && !parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return { parent, problems };
}

let failed = false;
const sizes = [];
for (const check of checks) {
  const { parent, problems } = walk(
    check.entries.map((f) => path.join(web, f)),
    check.forbidden,
  );
  sizes.push(`${parent.size} from ${check.entries.join(' + ')}`);
  for (const { file, spec } of problems) {
    const chain = [];
    for (let f = file; f; f = parent.get(f)) chain.push(path.relative(web, f));
    console.error(`first screen: ${chain.join(' ← ')} imports a value from '${spec}'`);
    failed = true;
  }
}
if (failed) {
  console.error(
    "Import it from the contract's own file (e.g. '@hr/contract/constants'), or load it after the first results (TanStack Query: in app/boot.tsx, not main.tsx).",
  );
  process.exit(1);
}
console.log(`first screen: modules ${sizes.join(', ')}; none imports values from the contract's index or zod, nor main.tsx's from TanStack Query`);
