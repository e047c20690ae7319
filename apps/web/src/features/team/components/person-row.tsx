import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { fullName, initials } from '@/shared/lib/format.ts';

type PersonRowProps = {
  person: { id: number; name: string; family: string };
  note?: ReactNode;
  actions?: ReactNode;
};

/** A club member in a team list: initials, the name linking to the person page, a note, actions. */
export function PersonRow({ person, note, actions }: PersonRowProps) {
  return (
    <Group gap="sm" wrap="wrap" justify="space-between" data-testid="team-person" data-person-id={person.id}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Avatar radius="xl" size={36} color="brand" variant="light">
          {initials(person.name, person.family)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/person/${person.id}`} fw={600} size="sm" truncate="end">
            {fullName(person.name, person.family) || `Участник ${person.id}`}
          </Anchor>
          {note ? (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {actions ? <div style={{ marginLeft: 'auto' }}>{actions}</div> : null}
    </Group>
  );
}
