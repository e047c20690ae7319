import { type AuditEntry, auditDetailLines } from '@hr/contract';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Who acted: the member's card, or «гость» for a visitor (a failed login of an unknown address). */
export function AuditActor({ entry }: { entry: AuditEntry }) {
  if (!entry.actor_id)
    return (
      <Text size="sm" c="dimmed">
        гость
      </Text>
    );
  return (
    <Anchor component={Link} to={`/admin/users/${entry.actor_id}`} size="sm" className="admin-break">
      {entry.actor_name || 'Пользователь без имени'}
    </Anchor>
  );
}

/** What was acted on, in words, with its link while it exists (the server describes it: audit.objects.ts). */
export function AuditObject({ entry }: { entry: AuditEntry }) {
  const title = entry.object_title || '—';
  if (!entry.object_url)
    return (
      <Text size="sm" className="admin-break" c={entry.object_title ? undefined : 'dimmed'}>
        {title}
      </Text>
    );
  return (
    <Anchor component={Link} to={entry.object_url} size="sm" className="admin-break">
      {title}
    </Anchor>
  );
}

/** The details as «Причина: …» lines (the contract's auditDetailLines, the same as in the CSV export). */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const lines = auditDetailLines(entry.action, entry.details);
  if (lines.length === 0) return null;
  return (
    <dl className="admin-details-list">
      {lines.map((line) => (
        <div key={line.label}>
          <dt>{line.label}:</dt> <dd className="admin-break">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
