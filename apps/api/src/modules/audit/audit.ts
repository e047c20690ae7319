import type { AuditAction, AuditObjectType } from '@hr/contract';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditInput = {
  /** Who did it: a user id, or null for a visitor (a failed login of an unknown address). */
  actorId: number | null;
  action: AuditAction;
  objectType?: AuditObjectType | null;
  objectId?: string | number | null;
  /** request.ip (the trusted client address). */
  ip?: string | null;
  /** Ids, counts, reasons — never the personal data of the person acted on. */
  details?: Record<string, unknown>;
};

/**
 * Appends one audit row, inside the caller's transaction when given one (`tx`), else on its own.
 * The table is append-only: a trigger refuses DELETE, and UPDATE but for one path — deletion on
 * request clears the deleted person's content from the entries (audit.redact.ts), keeping who did
 * what and when.
 */
export async function audit(target: Db | { database: { db: Db } }, input: AuditInput): Promise<void> {
  const db = 'database' in target ? target.database.db : target;
  await db.insert(auditLog).values({
    actorId: input.actorId,
    action: input.action,
    objectType: input.objectType ?? null,
    objectId: input.objectId == null ? null : String(input.objectId),
    ip: input.ip ?? null,
    details: input.details ?? {},
  });
}
