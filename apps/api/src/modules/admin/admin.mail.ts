import { type AdminMailFailure, MAIL_FAILURE_STATUS_TITLES, maskEmail, type Paginated } from '@hr/contract';
import { pageOf } from '@hr/contract/pagination';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';

type Row = {
  id: number;
  to: string | null;
  to_masked: string | null;
  subject: string | null;
  secret: boolean;
  attempts: number;
  last_error: string | null;
  created_at: string | Date;
  failed_at: string | Date | null;
  run_at: string | Date;
};

/**
 * Mail jobs that failed for good, and those whose last try failed and wait for the next: each
 * branch is one of the jobs table's partial indexes (failed / pending), so the list never scans
 * the done jobs of a week.
 */
const FAILED_MAIL = sql`kind = 'mail' and (failed_at is not null
  or (done_at is null and failed_at is null and last_error is not null))`;

const iso = (d: string | Date) => new Date(d).toISOString();

/** `GET /api/admin/mail-failures`: newest failure first, the address masked, a secret letter without its subject. */
export async function listMailFailures(ctx: AppContext, page: number, perPage: number): Promise<Paginated<AdminMailFailure>> {
  const [rows, [total]] = await Promise.all([
    ctx.database.rows<Row>(sql`
      select id, payload->>'to' as "to", payload->>'to_masked' as to_masked, payload->>'subject' as subject,
        coalesce((payload->>'secret')::boolean, false) as secret, attempts, last_error, created_at, failed_at, run_at
      from jobs where ${FAILED_MAIL}
      order by coalesce(failed_at, run_at) desc, id desc
      limit ${perPage} offset ${(page - 1) * perPage}`),
    ctx.database.rows<{ n: number }>(sql`select count(*)::int as n from jobs where ${FAILED_MAIL}`),
  ]);
  const data = rows.map((r): AdminMailFailure => {
    const status = r.failed_at ? 'failed' : 'retrying';
    return {
      id: Number(r.id),
      to: r.to_masked ?? (r.to ? maskEmail(r.to) : '***'),
      subject: r.secret ? null : r.subject,
      status,
      status_title: MAIL_FAILURE_STATUS_TITLES[status],
      attempts: Number(r.attempts),
      reason: r.last_error ?? '',
      created_at: iso(r.created_at),
      failed_at: r.failed_at ? iso(r.failed_at) : null,
      next_try_at: r.failed_at ? null : iso(r.run_at),
    };
  });
  return pageOf(data, Number(total?.n ?? 0), page, perPage);
}
