import type { Person } from '@hr/contract';
import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithRedirect } from '@/shared/api/error-handlers.ts';
import { fullName, initials } from '@/shared/lib/format.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { usePerson } from '../api/get-person.ts';

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Stack>
  );
}

type PersonPageProps = {
  /** What the viewer may do with this member (the team feature's «Вступить в команду», passed in by the route). */
  renderActions?: (person: Person) => ReactNode;
};

/** `/person/{id}`: a club member's card (the team invite popup links here). */
export function PersonPage({ renderActions }: PersonPageProps = {}) {
  const { id = '' } = useParams();
  const personId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const person = usePerson(personId);

  useEffect(() => {
    // 401/419 → login with redirect; 403 dialog. A missing member is shown on the page.
    if (person.error && !(isApiError(person.error) && person.error.status === 404)) handleErrorWithRedirect(person.error);
  }, [person.error]);

  if (!personId || person.isError) {
    return (
      <PageSection>
        <EmptyState
          headingLevel={1}
          icon={IconUserQuestion}
          title="Участник не найден"
          text="Возможно, ссылка устарела или аккаунт участника удалён."
          action={
            <Button component={Link} to="/profile" variant="light">
              В личный кабинет
            </Button>
          }
        />
      </PageSection>
    );
  }
  const data = person.data;
  if (!data) return <PageLoader />;
  const actions = renderActions?.(data);

  return (
    <PageSection size="md">
      <Button component={Link} to="/profile" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={6}>
        В личный кабинет
      </Button>
      <Card withBorder radius="lg" padding="xl" data-testid="person-card">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar size={72} radius={36} color="brand" variant="filled">
              {initials(data.name, data.family)}
            </Avatar>
            <Stack gap={6} style={{ minWidth: 0 }}>
              <Title order={1} fz={{ base: 22, sm: 28 }}>
                {fullName(data.name, data.family) || `Участник ${data.id}`}
              </Title>
              <Group gap={8}>
                <Badge variant="light" color="brand" radius="sm" tt="none">
                  {data.account_type_title}
                </Badge>
                {data.is_team_lead ? (
                  <Badge variant="light" color="teal" c="#05664a" radius="sm" tt="none">
                    Руководитель команды
                  </Badge>
                ) : null}
                <Text size="sm" c="dimmed">
                  ID: {data.id}
                </Text>
              </Group>
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Fact label="Компания" value={data.company} />
            <Fact label="Должность" value={data.position} />
            <Fact label="Город" value={data.city_name} />
          </SimpleGrid>
          {actions}
        </Stack>
      </Card>
    </PageSection>
  );
}
