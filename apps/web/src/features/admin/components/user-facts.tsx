import { type AdminUser, displayPhone } from '@hr/contract';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '@/shared/lib/format.ts';


function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" className="admin-break" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** Who the user is: contacts, company, team, activity. */
export function UserFacts({ user }: { user: AdminUser }) {
  const team = user.team;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} fz={18}>
          Данные
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Fact label="E-mail">
            <Anchor href={`mailto:${user.email}`}>{user.email}</Anchor>
          </Fact>
          <Fact label="Телефон">{displayPhone(user.phone) || '—'}</Fact>
          <Fact label="Компания">{user.company || '—'}</Fact>
          <Fact label="Должность">{user.position || '—'}</Fact>
          <Fact label="Город">{user.city_name || '—'}</Fact>
          <Fact label="Команда">
            {!team ? (
              'не в команде'
            ) : team.is_lead ? (
              `руководитель, участников: ${team.members}`
            ) : (
              <>
                в команде{' '}
                <Anchor component={Link} to={`/admin/users/${team.lead_id}`}>
                  {team.lead_name}
                </Anchor>
              </>
            )}
          </Fact>
          <Fact label="Зарегистрирован">{formatDateTime(user.created_at)}</Fact>
          <Fact label="Последняя активность">{user.last_activity_at ? formatDateTime(user.last_activity_at) : 'нет активных сессий'}</Fact>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
