import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** What stands in the log where a deleted person's text was. */
export const REDACTED = '[удалено]';

/** Free texts an admin types about a person (a residency comment, a block or hiding reason). */
const FREE_TEXT_KEYS = ['comment', 'reason'];

export type RedactTarget = {
  /** A deleted account: its own actions lose their addresses, entries about it lose their free texts. */
  userId?: number;
  /** A deleted resume's public id: entries about it (or its opinions) lose their free texts. */
  resumeHash?: string;
  /** The person's e-mails, phones and names (lower case): cut out of every entry's details. */
  needles: string[];
};

/** Every occurrence of a needle (case-insensitive) in the text replaced by REDACTED. */
export function withoutNeedles(text: string, needles: string[]): string {
  let out = text;
  for (const needle of needles) {
    if (!needle) continue;
    const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(escaped, 'giu'), REDACTED);
  }
  return out;
}

function scrubbed(value: unknown, needles: string[]): unknown {
  if (typeof value === 'string') return withoutNeedles(value, needles);
  if (Array.isArray(value)) return value.map((v) => scrubbed(v, needles));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v, needles)]));
  }
  return value;
}

type Row = { id: number; about: boolean; own: boolean; ip: string | null; details: Record<string, unknown> };

async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

/**
 * Deletion on request reaches the audit log (migration 0018): in the caller's transaction, the
 * entries keep who did what to which object and when, and lose the person's content — the addresses
 * the deleted member acted from, the free texts admins wrote about the person, and any e-mail, phone
 * or name of the person found in an entry's details. The log stays append-only otherwise: the
 * trigger lets an UPDATE through only inside a transaction that set `hr.audit_redaction`, and only
 * when the id, time, actor, action and object are unchanged; DELETE is always refused.
 */
export async function redactAudit(tx: Db, target: RedactTarget): Promise<number> {
  const needles = target.needles.filter((n) => n.length > 0);
  const conditions: SQL[] = [];
  const ownSql = target.userId === undefined ? sql`false` : sql`actor_id = ${target.userId}`;
  const aboutParts: SQL[] = [];
  if (target.userId !== undefined) aboutParts.push(sql`(object_type = 'user' and object_id = ${String(target.userId)})`);
  if (target.resumeHash !== undefined) {
    aboutParts.push(sql`(object_type = 'resume' and object_id = ${target.resumeHash})`, sql`(details->>'resume' = ${target.resumeHash})`);
  }
  const aboutSql = aboutParts.length ? sql`(${sql.join(aboutParts, sql` or `)})` : sql`false`;
  conditions.push(ownSql, aboutSql);
  if (needles.length) {
    conditions.push(sql`(${sql.join(
      needles.map((n) => sql`position(${n} in lower(details::text)) > 0`),
      sql` or `,
    )})`);
  }
  const rows = await rowsOf<Row>(
    tx,
    sql`select id, ${aboutSql} as about, ${ownSql} as own, ip, details from audit_log where ${sql.join(conditions, sql` or `)}`,
  );
  if (!rows.length) return 0;
  await tx.execute(sql`select set_config('hr.audit_redaction', 'on', true)`);
  let changed = 0;
  for (const row of rows) {
    let details = scrubbed(row.details ?? {}, needles) as Record<string, unknown>;
    if (row.about && FREE_TEXT_KEYS.some((k) => k in details)) {
      details = Object.fromEntries(Object.entries(details).filter(([k]) => !FREE_TEXT_KEYS.includes(k)));
      details.redacted = true;
    }
    const ip = row.own ? null : row.ip;
    if (ip === row.ip && JSON.stringify(details) === JSON.stringify(row.details)) continue;
    await tx.execute(sql`update audit_log set ip = ${ip}, details = ${JSON.stringify(details)}::jsonb where id = ${row.id}`);
    changed++;
  }
  await tx.execute(sql`select set_config('hr.audit_redaction', 'off', true)`);
  return changed;
}
