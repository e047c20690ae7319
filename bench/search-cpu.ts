// `npx tsx bench/search-cpu.ts ['<query string>' ...]`: the CPU time each statement of a search costs
// PostgreSQL, read from the backend's /proc/<pid>/stat around N executions. Unlike wall times it
// does not grow with the machine's load, so it compares two versions of a statement on a busy
// machine. Needs the bench database on this host (BENCH_DATABASE_URL as bench/search.ts).
// Without arguments: the slowest searches of the mix.
import { readFileSync } from 'node:fs';
import { searchQueryInput } from '@hr/contract';
import { poolRunner } from '../apps/api/src/modules/resume/search/search.db.ts';
import { executeSearch, resolveSearch, searchTuning, type Traced } from '../apps/api/src/modules/resume/search/search.service.ts';
import { WALK_SETTINGS } from '../apps/api/src/modules/resume/search/search.page.ts';
import { openSearchSession } from './search-session.ts';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const args = process.argv.slice(2).filter((a) => a !== '--member');
const member = process.argv.includes('--member');
const queries = args.length
  ? args
  : [
      'text=1С&field[]=skills&search_city[]=889',
      'text=курьер&search_city[]=1069&workingType[]=part&lastActive=30',
      'text=бухгалтер&search_city[]=1070',
      'text=python разработчик',
      'text=продавец&search_city[]=114&age_from=20&age_to=35&sex=female',
      'text=менеджер по продажам&search_city[]=1069&experience[]=between3And6',
      'text=водитель&search_city[]=889&drive[]=C',
      '',
    ];

/** utime + stime of a process in milliseconds (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const { ctx, pool, user, close } = await openSearchSession(member);
try {
  for (const qs of queries) {
    const q = searchQueryInput.parse(new URLSearchParams(qs));
    const spec = await resolveSearch(ctx, q, user);
    const tuning = { ...searchTuning(ctx, process.env), cacheTtlMs: 0, pageCacheTtlMs: 0 };
    const trace: Traced[] = [];
    await executeSearch(poolRunner(pool), spec, q, tuning, null, trace);
    const parts: string[] = [];
    let sum = 0;
    for (const stmt of trace) {
      const client = await pool.connect();
      try {
        const pid = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
        const walk = stmt.name === 'walk';
        const once = async () => {
          if (walk) await client.query(`BEGIN; ${WALK_SETTINGS.map((x) => `SET LOCAL ${x}`).join('; ')}`);
          await client.query(stmt.sql.text, stmt.sql.values);
          if (walk) await client.query('COMMIT');
        };
        await once();
        const before = cpuMs(pid);
        for (let i = 0; i < REPEAT; i++) await once();
        const ms = (cpuMs(pid) - before) / REPEAT;
        sum += ms;
        parts.push(`${stmt.name} ${ms.toFixed(1)}`);
      } finally {
        client.release();
      }
    }
    console.log(`${sum.toFixed(1).padStart(6)} ms CPU  «${qs || '(без фильтров)'}»: ${parts.join(', ')}`);
  }
} finally {
  await close();
}
