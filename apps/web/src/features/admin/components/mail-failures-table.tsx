import type { AdminMailFailure } from '@hr/contract';
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatDateTime } from '@/shared/lib/format.ts';

function StatusBadge({ mail }: { mail: AdminMailFailure }) {
  // The whole title: «Не отправлено» must not be cut to «Не отпра…».
  return (
    <Badge
      variant="light"
      color={mail.status === 'failed' ? 'red' : 'yellow'}
      c="dark.7"
      radius="sm"
      styles={{ label: { overflow: 'visible' } }}
    >
      {mail.status_title}
    </Badge>
  );
}

const Subject = ({ mail }: { mail: AdminMailFailure }) =>
  mail.subject ?? (
    <Text span size="sm" c="dimmed">
      код входа или ссылка (скрыто)
    </Text>
  );

/** Letters the mail server refused: a table on wide screens, cards on a phone (nothing hidden sideways). */
export function MailFailuresTable({ mails }: { mails: readonly AdminMailFailure[] }) {
  const phone = useMediaQuery('(max-width: 48em)');
  if (phone) return <MailFailureCards mails={mails} />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" striped className="admin-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Кому</Table.Th>
            <Table.Th>Тема</Table.Th>
            <Table.Th>Состояние</Table.Th>
            <Table.Th>Причина</Table.Th>
            <Table.Th>Когда</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{mail.to}</Table.Td>
              <Table.Td className="admin-break" style={{ minWidth: 180 }}>
                <Subject mail={mail} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge mail={mail} />
                <Text size="xs" c="dimmed">
                  попыток: {mail.attempts}
                </Text>
              </Table.Td>
              <Table.Td style={{ minWidth: 240 }}>
                <Text size="sm" className="admin-break">
                  {mail.reason}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(mail.failed_at ?? mail.created_at)}</Text>
                {mail.next_try_at ? (
                  <Text size="xs" c="dimmed">
                    снова: {formatDateTime(mail.next_try_at)}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MailFailureCards({ mails }: { mails: readonly AdminMailFailure[] }) {
  return (
    <Stack gap="sm" component="ul" className="admin-plain-list" aria-label="Неотправленные письма">
      {mails.map((mail) => (
        <Card key={mail.id} withBorder radius="md" padding="sm" component="li">
          <Stack gap={4}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600} className="admin-break">
                {mail.to}
              </Text>
              <StatusBadge mail={mail} />
            </Group>
            <Text size="sm" className="admin-break">
              <Subject mail={mail} />
            </Text>
            <Text size="sm" className="admin-break">
              {mail.reason}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(mail.failed_at ?? mail.created_at)} · попыток: {mail.attempts}
              {mail.next_try_at ? ` · снова: ${formatDateTime(mail.next_try_at)}` : ''}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
