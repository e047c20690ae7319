// What bench/search-explain.ts and bench/search-cpu.ts share: the bench database, a context for
// resolveSearch, a search pool with the search's session settings, and the viewer (the demo member
// with every option, or a visitor).
import type {} from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import type { UserRow } from '../apps/api/src/db/schema/index.ts';
import { createSearchPool } from '../apps/api/src/modules/resume/search/search.db.ts';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/hr_bench';

export async function openSearchSession(asMember: boolean) {
  const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL });
  const ctx = { database, config: { isTest: false } } as unknown as AppContext;
  const pool = createSearchPool({ connectionString: BENCH_DATABASE_URL });
  const [row] = await database.rows<Pick<UserRow, 'id' | 'flags'>>(sql`select id, flags from users where email = 'member@hr-club.demo'`);
  const user = asMember ? ({ ...row, leadFlags: [] } as unknown as UserRow) : null;
  const close = async () => {
    await pool.end();
    await database.close();
  };
  return { database, ctx, pool, user, close };
}
