import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** How long rows are kept (docs/decisions.md, «Retention»). */
export const RETENTION = {
  doneJobs: '7 days',
  failedJobs: '30 days',
  clientErrors: '90 days',
  /** The embedded mailbox (no SMTP_URL) holds login codes; a week is plenty to read them. */
  mailOutbox: '7 days',
  /** Login codes and reset links, a day after they stopped working. */
  spentAuthTokens: '1 day',
} as const;

const BATCH = 5000;

/**
 * Deletes in batches of BATCH rows, so a first run over a large backlog never holds one huge
 * transaction (or its locks) for long. `key` is the table's primary key.
 */
async function deleteWhere(database: Database, table: string, key: string, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await database.rows<{ n: number }>(sql`
      with gone as (
        delete from ${sql.identifier(table)} where ${sql.identifier(key)} in (
          select ${sql.identifier(key)} from ${sql.identifier(table)} where ${where} limit ${BATCH})
        returning 1)
      select count(*)::int as n from gone`);
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

const olderThan = (column: string, age: string) => sql`${sql.identifier(column)} < now() - ${age}::interval`;

/** One pass of the retention rules; returns how many rows each rule deleted. */
export async function runCleanup(database: Database): Promise<Record<string, number>> {
  return {
    doneJobs: await deleteWhere(database, 'jobs', 'id', olderThan('done_at', RETENTION.doneJobs)),
    failedJobs: await deleteWhere(database, 'jobs', 'id', olderThan('failed_at', RETENTION.failedJobs)),
    sessions: await deleteWhere(database, 'sessions', 'id', sql`expires_at < now()`),
    rateLimits: await deleteWhere(database, 'rate_limits', 'key', sql`reset_at < now()`),
    clientErrors: await deleteWhere(database, 'client_errors', 'id', olderThan('created_at', RETENTION.clientErrors)),
    mailOutbox: await deleteWhere(database, 'mail_outbox', 'id', olderThan('created_at', RETENTION.mailOutbox)),
    loginCodes: await deleteWhere(database, 'login_codes', 'id', olderThan('expires_at', RETENTION.spentAuthTokens)),
    passwordResets: await deleteWhere(database, 'password_resets', 'id', olderThan('expires_at', RETENTION.spentAuthTokens)),
  };
}
