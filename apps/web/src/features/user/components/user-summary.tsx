import type { MainInfo } from '@hr/contract';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import { fullName, initials } from '@/shared/lib/format.ts';

type UserSummaryProps = { user: MainInfo; tone: 'light' | 'dark'; compact?: boolean };

/** Header block: initials, name and family, «ID: n», account type (SEED 2). */
export function UserSummary({ user, tone, compact = false }: UserSummaryProps) {
  return (
    <Group gap="sm" wrap="nowrap" className={`user-summary user-summary--${tone}`} data-testid="header-user">
      <Avatar
        radius="xl"
        size={compact ? 36 : 40}
        color="brand"
        variant={tone === 'dark' ? 'light' : 'white'}
        className="user-summary__avatar"
      >
        {initials(user.name, user.family)}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" lh={1.3} truncate="end" className="user-summary__name">
          {fullName(user.name, user.family) || user.email}
        </Text>
        <Text size="xs" lh={1.35} className="user-summary__meta">
          <span className="user-summary__id">ID: {user.id}</span>
          <span aria-hidden> · </span>
          <span className="user-summary__type">{user.account_type_title}</span>
        </Text>
      </Stack>
    </Group>
  );
}
