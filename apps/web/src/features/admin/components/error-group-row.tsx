import type { ClientErrorGroup } from '@hr/contract';
import { Anchor, Badge, Card, Code, Collapse, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatDateTime } from '@/shared/lib/format.ts';

/** A browser's own message is English: said so, for screen readers and for whoever reads the page. */
const langOf = (text: string) => (/[а-яё]/i.test(text) ? undefined : 'en');

/** The message, where it was last seen and the last report's details on demand. */
function ErrorMessage({ group }: { group: ClientErrorGroup }) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} className="admin-break" lang={langOf(group.error)}>
        {group.error || '—'}
      </Text>
      <Text size="xs" c="dimmed" className="admin-break">
        {group.last_path}
      </Text>
      {group.last_info ? (
        <>
          <Anchor component="button" type="button" size="xs" onClick={toggle} aria-expanded={opened} w="fit-content">
            {opened ? 'Скрыть подробности' : 'Подробности последнего отчёта'}
          </Anchor>
          <Collapse in={opened}>
            <Code block fz="xs" className="admin-details" lang={langOf(group.last_info)}>
              {group.last_info}
            </Code>
          </Collapse>
        </>
      ) : null}
    </Stack>
  );
}

/** One message: how often, for how many users, when first and last, where last. */
export function ErrorGroupRow({ group }: { group: ClientErrorGroup }) {
  return (
    <Table.Tr>
      <Table.Td style={{ minWidth: 260 }}>
        <ErrorMessage group={group} />
      </Table.Td>
      <Table.Td ta="right">
        <Badge variant="light" color="red" c="dark.7" radius="sm">
          {group.count.toLocaleString('ru-RU')}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{group.users.toLocaleString('ru-RU')}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(group.last_seen)}</Text>
        <Text size="xs" c="dimmed">
          впервые {formatDateTime(group.first_seen)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The same on a phone: a card, the counts and dates as lines under the message. */
export function ErrorGroupCard({ group }: { group: ClientErrorGroup }) {
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap={6}>
        <ErrorMessage group={group} />
        <Text size="sm">
          Раз: {group.count.toLocaleString('ru-RU')} · пользователей: {group.users.toLocaleString('ru-RU')}
        </Text>
        <Text size="xs" c="dimmed">
          Последний раз {formatDateTime(group.last_seen)}, впервые {formatDateTime(group.first_seen)}
        </Text>
      </Stack>
    </Card>
  );
}
