import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns.ts';

/**
 * Who did what, when and from where (migration 0012). Append-only: a trigger refuses DELETE, and
 * UPDATE except the redaction of a person deleted on request (migration 0018, audit.redact.ts: the
 * address and the person's texts go, the id, time, actor, action and object stay). `actor_id` has no
 * foreign key: the row outlives the actor's account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_object_idx').on(t.objectType, t.objectId),
  ],
);
export type AuditRow = typeof auditLog.$inferSelect;
