// Part of `npm run lint`: the modules the home page runs before its first results (apps/web's
// main.tsx and app/boot.tsx, followed through their static imports) must not import values from
// the contract's index or zod. Either brings the whole contract and zod (~26 KB gzipped) into the
// first screen; a constant the first screen needs comes from its own file (`@hr/contract/constants`).
// Type-only imports and dynamic `import()` are fine.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const web = path.resolve(import.meta.dirname, '../apps/web');
const entries = ['src/main.tsx', 'src/app/boot.tsx'].map((f) => path.join(web, f));
// Imports and re-exports (`export { X } from '…'` runs that module too).
const IMPORT = /^(?:import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm;
const FORBIDDEN = new Set(['@hr/contract', 'zod']);

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

const parent = new Map(entries.map((e) => [e, null]));
const queue = [...entries];
const problems = [];
while (queue.length) {
  const file = queue.shift();
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const [, typeOnly, clause, spec] = m;
    if (typeOnly) continue;
    if (FORBIDDEN.has(spec)) {
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
for (const { file, spec } of problems) {
  const chain = [];
  for (let f = file; f; f = parent.get(f)) chain.push(path.relative(web, f));
  console.error(`first screen: ${chain.join(' ← ')} imports a value from '${spec}'`);
}
if (problems.length) {
  console.error("Import it from the contract's own file (e.g. '@hr/contract/constants'), or load it after the first results.");
  process.exit(1);
}
console.log(`first screen: ${parent.size} modules, none imports values from the contract's index or zod`);
