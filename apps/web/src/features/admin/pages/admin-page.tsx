import { Alert, Card, Center, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconBug, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { plural } from '@/shared/lib/format.ts';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { useClientErrors } from '../api/get-client-errors.ts';
import { ClientErrorRow } from '../components/client-error-row.tsx';

/** Admin back office: for now, the client error reports (PRODUCT 8). */
export function AdminPage() {
  const [page, setPage] = useState(1);
  const query = useClientErrors(page);
  const forbidden = isApiError(query.error) && query.error.status === 403;

  useEffect(() => {
    if (query.error) handleErrorWithRedirect(query.error);
  }, [query.error]);

  return (
    <PageSection title="Администрирование" subtitle="Служебный раздел для администраторов клуба">
      {forbidden ? (
        <Alert color="orange" variant="light" icon={<IconLock size={20} />} title="Раздел доступен только администраторам">
          Если вам нужен доступ, напишите администратору клуба.
        </Alert>
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Group justify="space-between" align="center">
              <Group gap="sm">
                <IconBug size={22} stroke={1.6} aria-hidden />
                <Title order={2} fz={20}>
                  Ошибки в браузерах пользователей
                </Title>
              </Group>
              {query.data ? (
                <Text size="sm" c="dimmed">
                  {query.data.total} {plural(query.data.total, ['отчёт', 'отчёта', 'отчётов'])}
                </Text>
              ) : null}
            </Group>
            {query.isLoading ? (
              <Center py="xl">
                <Loader role="status" aria-label="Загрузка" />
              </Center>
            ) : query.data && query.data.data.length > 0 ? (
              <>
                <Table.ScrollContainer minWidth={720}>
                  <Table verticalSpacing="sm" striped highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Когда</Table.Th>
                        <Table.Th>Ошибка</Table.Th>
                        <Table.Th>Где</Table.Th>
                        <Table.Th>Пользователь</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {query.data.data.map((report) => (
                        <ClientErrorRow key={report.id} report={report} />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {query.data.last_page > 1 ? (
                  <Group justify="center">
                    <Pagination
                      total={query.data.last_page}
                      value={query.data.current_page}
                      onChange={setPage}
                      getControlProps={(control) => ({
                        'aria-label':
                          control === 'previous' ? 'Предыдущая страница' : control === 'next' ? 'Следующая страница' : undefined,
                      })}
                      getItemProps={(item) => ({ 'aria-label': `Страница ${item}` })}
                    />
                  </Group>
                ) : null}
              </>
            ) : query.data ? (
              <Text c="dimmed" py="lg" ta="center">
                Отчётов об ошибках пока нет — и это хорошо.
              </Text>
            ) : null}
          </Stack>
        </Card>
      )}
    </PageSection>
  );
}
