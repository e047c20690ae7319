// `npx tsx bench/search-explain.ts 'text=1С&field[]=skills&search_city[]=889' [--member]`: every statement
// one search runs (cache off), each with EXPLAIN (ANALYZE, BUFFERS) on the search's own session
// settings. BENCH_DATABASE_URL as bench/search.ts (default postgres://postgres@127.0.0.1:5432/hr_bench).
import type {} from '@fastify/cookie';
import { searchQueryInput } from '@hr/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import type { UserRow } from '../apps/api/src/db/schema/index.ts';
import { createSearchPool, poolRunner } from '../apps/api/src/modules/resume/search/search.db.ts';
import { executeSearch, resolveSearch, searchTuning, type Traced } from '../apps/api/src/modules/resume/search/search.service.ts';
import { WALK_SETTINGS } from '../apps/api/src/modules/resume/search/search.page.ts';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_bench';
const qs = process.argv[2] ?? '';
const member = process.argv.includes('--member');

const database = await openDatabase({ databaseUrl: DATABASE_URL });
const ctx = { database, config: { isTest: false } } as unknown as AppContext;
const pool = createSearchPool({ connectionString: DATABASE_URL });
try {
  const [row] = await database.rows<Pick<UserRow, 'id' | 'flags'>>(sql`select id, flags from users where email = 'member@hr-club.demo'`);
  const user = member ? ({ ...row, leadFlags: [] } as unknown as UserRow) : null;
  const q = searchQueryInput.parse(new URLSearchParams(qs));
  const spec = await resolveSearch(ctx, q, user);
  const tuning = { ...searchTuning(ctx, {}), cacheTtlMs: 0 };
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
  await pool.end();
  await database.close();
}
