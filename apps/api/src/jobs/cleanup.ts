import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** How long rows are kept (docs/decisions.md, «Retention»). */
export const RETENTION = {
  doneJobs: '7 days',
  failedJobs: '30 days',
  /** Client error reports (`/api/error/send`): enough to see a release's errors and their trend. */
  clientErrors: '30 days',
  /**
   * Reply files (CVs up to 10 MB): kept while their vacancy is open or a draft, and this long after
   * it is closed; then the file is deleted and the reply keeps its text without it.
   */
  replyFilesAfterClose: '180 days',
  /** A stored file nothing refers to (an upload cut short, a vacancy deleted with its replies). */
  orphanFiles: '1 day',
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

/**
 * The files of replies to vacancies closed longer than RETENTION.replyFilesAfterClose ago: the reply
 * forgets its file and the stored bytes go (reply_file_chunks by cascade), BATCH replies at a time.
 * A reopened vacancy is `published` again, so its files stay.
 */
async function deleteClosedVacancyFiles(database: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await database.rows<{ n: number }>(sql`
      with doomed as (
        select r.id, r.file_key from vacancy_replies r
        join vacancies v on v.id = r.vacancy_id
        where r.file_key is not null and v.status = 'closed'
          and v.closed_at < now() - ${RETENTION.replyFilesAfterClose}::interval
        limit ${BATCH}),
      cleared as (
        update vacancy_replies r set file_key = null, file_name = null, file_type = null, file_size = null
        from doomed d where r.id = d.id
        returning d.file_key),
      gone as (
        delete from reply_files f using cleared c
        where f.id = case when c.file_key ~ '^[0-9]{1,18}$' then c.file_key::bigint end
        returning 1)
      select (select count(*)::int from cleared) as n, (select count(*) from gone) as files`);
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

/** One pass of the retention rules; returns how many rows each rule deleted. */
export async function runCleanup(database: Database): Promise<Record<string, number>> {
  return {
    doneJobs: await deleteWhere(database, 'jobs', 'id', olderThan('done_at', RETENTION.doneJobs)),
    failedJobs: await deleteWhere(database, 'jobs', 'id', olderThan('failed_at', RETENTION.failedJobs)),
    sessions: await deleteWhere(database, 'sessions', 'id', sql`expires_at < now()`),
    rateLimits: await deleteWhere(database, 'rate_limits', 'key', sql`reset_at < now()`),
    clientErrors: await deleteWhere(database, 'client_errors', 'id', olderThan('created_at', RETENTION.clientErrors)),
    replyFiles: await deleteClosedVacancyFiles(database),
    orphanFiles: await deleteWhere(
      database,
      'reply_files',
      'id',
      sql`${olderThan('created_at', RETENTION.orphanFiles)}
        and not exists (select 1 from vacancy_replies r where r.file_key = reply_files.id::text)
        and not exists (select 1 from resume_imports i where i.file_key = reply_files.id::text)`,
    ),
    mailOutbox: await deleteWhere(database, 'mail_outbox', 'id', olderThan('created_at', RETENTION.mailOutbox)),
    loginCodes: await deleteWhere(database, 'login_codes', 'id', olderThan('expires_at', RETENTION.spentAuthTokens)),
    passwordResets: await deleteWhere(database, 'password_resets', 'id', olderThan('expires_at', RETENTION.spentAuthTokens)),
  };
}
