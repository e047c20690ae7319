// `npx tsx bench/search-explain.ts 'text=1С&field[]=skills&search_city[]=889' [--member]`: every statement
// one search runs (cache off), each with EXPLAIN (ANALYZE, BUFFERS) on the search's own session
// settings. BENCH_DATABASE_URL as bench/search.ts (default postgres://postgres@127.0.0.1:5432/hr_bench).
import { searchQueryInput } from '@hr/contract';
import { poolRunner } from '../apps/api/src/modules/resume/search/search.db.ts';
import { executeSearch, resolveSearch, searchTuning, type Traced } from '../apps/api/src/modules/resume/search/search.service.ts';
import { WALK_SETTINGS } from '../apps/api/src/modules/resume/search/search.page.ts';
import { openSearchSession } from './search-session.ts';

const qs = process.argv[2] ?? '';
const member = process.argv.includes('--member');

const { ctx, pool, user, close } = await openSearchSession(member);
try {
  const q = searchQueryInput.parse(new URLSearchParams(qs));
  const spec = await resolveSearch(ctx, q, user);
  const tuning = { ...searchTuning(ctx, process.env), cacheTtlMs: 0 };
  const run = poolRunner(pool);
  await executeSearch(run, spec, q, tuning, null); // warm
  const trace: Traced[] = [];
  const t = performance.now();
  await executeSearch(run, spec, q, tuning, null, trace);
  console.log(`«${qs}»: ${(performance.now() - t).toFixed(1)} ms, statements: ${trace.map((s) => s.name).join(', ')}\n`);
  for (const stmt of trace) {
    const client = await pool.connect();
    try {
      const walk = stmt.name === 'walk';
      if (walk) await client.query(`BEGIN; ${WALK_SETTINGS.map((x) => `SET LOCAL ${x}`).join('; ')}`);
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${stmt.sql.text}`, stmt.sql.values);
      if (walk) await client.query('COMMIT');
      console.log(
        `── ${stmt.name}\n${stmt.sql.text}\n-- ${JSON.stringify(stmt.sql.values)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
      );
    } finally {
      client.release();
    }
  }
} finally {
  await close();
}
