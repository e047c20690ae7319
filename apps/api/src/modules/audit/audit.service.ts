import {
  AUDIT_ACTION_TITLES,
  AUDIT_EXPORT_MAX_ROWS,
  auditDetailsText,
  type AuditAction,
  type AuditEntry,
  type auditQuery,
  type Paginated,
} from '@hr/contract';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { pageOf } from '@hr/contract/pagination';
import { type Cell, toCsv } from '../../lib/spreadsheet.ts';
import type { CandidateViewer } from '../resume/candidate-view.ts';
import { describeAuditObjects } from './audit.objects.ts';

type Filters = z.output<typeof auditQuery>;

/** Start of a Moscow calendar day (UTC+3 all year) as an instant. */
const moscowStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
const nextDay = (day: string) => new Date(moscowStart(day).getTime() + 86_400_000);

function whereOf(f: Filters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.actor_id) parts.push(eq(auditLog.actorId, f.actor_id));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.object_type) parts.push(eq(auditLog.objectType, f.object_type));
  if (f.object_id) parts.push(eq(auditLog.objectId, f.object_id));
  if (f.from) parts.push(gte(auditLog.createdAt, moscowStart(f.from)));
  if (f.to) parts.push(lt(auditLog.createdAt, nextDay(f.to)));
  return parts.length ? and(...parts) : undefined;
}

const actorName = sql<string | null>`nullif(trim(${users.family} || ' ' || ${users.name}), '')`;

/** `viewer`: the admin reading the log — a candidate named in an object is shown as they may see them. */
async function select(ctx: AppContext, f: Filters, limit: number, offset: number, viewer: CandidateViewer): Promise<AuditEntry[]> {
  const rows = await ctx.database.db
    .select({ row: auditLog, actorName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(whereOf(f))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const objects = await describeAuditObjects(
    ctx,
    rows.map(({ row }) => row),
    viewer,
  );
  return rows.map(({ row, actorName }, i) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor_id: row.actorId,
    actor_name: actorName,
    action: row.action as AuditAction,
    action_title: AUDIT_ACTION_TITLES[row.action as AuditAction] ?? row.action,
    object_type: row.objectType,
    object_id: row.objectId,
    object_title: objects[i]?.title ?? null,
    object_url: objects[i]?.url ?? null,
    ip: row.ip,
    details: row.details,
  }));
}

export async function listAudit(ctx: AppContext, f: Filters, viewer: CandidateViewer): Promise<Paginated<AuditEntry>> {
  const [data, [total]] = await Promise.all([
    select(ctx, f, f.per_page, (f.page - 1) * f.per_page, viewer),
    ctx.database.db.select({ n: count() }).from(auditLog).where(whereOf(f)),
  ]);
  return pageOf(data, Number(total?.n ?? 0), f.page, f.per_page);
}

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

/** The filtered log as CSV (newest first), formula-safe through the resume export's writer. */
export async function auditCsv(ctx: AppContext, f: Filters, viewer: CandidateViewer): Promise<{ csv: Buffer; rows: number }> {
  const entries = await select(ctx, f, AUDIT_EXPORT_MAX_ROWS, 0, viewer);
  const header = [
    'ID',
    'Дата и время (МСК)',
    'Кто (ID)',
    'Кто',
    'Действие',
    'Код действия',
    'Объект',
    'ID объекта',
    'IP-адрес',
    'Подробности',
  ];
  const rows: Cell[][] = entries.map((e) => [
    e.id,
    dateTime(e.created_at),
    e.actor_id,
    e.actor_name,
    e.action_title,
    e.action,
    e.object_title ?? '',
    e.object_id,
    e.ip,
    auditDetailsText(e.action, e.details),
  ]);
  return { csv: toCsv(header, rows), rows: entries.length };
}
