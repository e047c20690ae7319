import { Anchor, Code, Collapse, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatDateTime } from '@/shared/lib/format.ts';
import type { ClientErrorReport } from '../api/get-client-errors.ts';

export function ClientErrorRow({ report }: { report: ClientErrorReport }) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
        <Text size="sm">{formatDateTime(report.created_at)}</Text>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top', minWidth: 260 }}>
        <Stack gap={4}>
          <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
            {report.error || '—'}
          </Text>
          {report.info ? (
            <>
              <Anchor component="button" type="button" size="xs" onClick={toggle} aria-expanded={opened} w="fit-content">
                {opened ? 'Скрыть подробности' : 'Подробности'}
              </Anchor>
              <Collapse in={opened}>
                <Code block fz="xs" style={{ maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
                  {report.info}
                </Code>
              </Collapse>
            </>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top', wordBreak: 'break-all' }}>
        <Text size="sm">{report.host}</Text>
        <Text size="xs" c="dimmed">
          {report.path}
        </Text>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Text size="sm">{report.user_id ?? 'гость'}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
