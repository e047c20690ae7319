import type { AdminUser } from '@hr/contract';
import { Badge } from '@mantine/core';

const TYPE_COLORS: Record<AdminUser['account_type'], string> = { basic: 'gray', resident: 'teal', admin: 'grape' };
const RESIDENCY_COLORS: Record<AdminUser['residency_status'], string> = {
  none: 'gray',
  pending: 'orange',
  approved: 'teal',
  rejected: 'red',
};

/** Dark text on light badges keeps them readable (WCAG AA). */
export function AccountTypeBadge({ user }: { user: Pick<AdminUser, 'account_type' | 'account_type_title'> }) {
  return (
    <Badge variant="light" color={TYPE_COLORS[user.account_type]} c="dark.7" radius="sm">
      {user.account_type_title}
    </Badge>
  );
}

export function ResidencyBadge({ user }: { user: Pick<AdminUser, 'residency_status' | 'residency_status_title'> }) {
  if (user.residency_status === 'none') return null;
  return (
    <Badge variant="light" color={RESIDENCY_COLORS[user.residency_status]} c="dark.7" radius="sm">
      {user.residency_status_title}
    </Badge>
  );
}

export function BlockedBadge({ user }: { user: Pick<AdminUser, 'blocked_at'> }) {
  if (!user.blocked_at) return null;
  return (
    <Badge variant="light" color="red" c="dark.7" radius="sm">
      Заблокирован
    </Badge>
  );
}
