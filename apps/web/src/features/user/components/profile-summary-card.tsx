import type { MainInfo } from '@hr/contract';
import { Alert, Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconPencil, IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fullName, initials } from '@/shared/lib/format.ts';
import { useProfile } from '../api/get-profile.ts';

const TYPE_COLORS = { basic: 'gray', resident: 'teal', admin: 'grape' } as const;
/** Badge text dark enough for WCAG AA on the light badge background. */
const TYPE_TEXT = { basic: '#343a40', resident: '#05664a', admin: '#6b2380' } as const;

function Fact({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value || (
          <Text span c="dimmed" size="sm">
            не указано
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/** The cabinet's main info: initials, name, type, ID, contacts, company, city, the residency request. */
export function ProfileSummaryCard({ user }: { user: MainInfo }) {
  const profile = useProfile(user.id);
  const data = profile.data;
  const company = data?.company ? `${data.company}${data.company_people_count ? ` · ${data.company_people_count} сотр.` : ''}` : null;

  return (
    <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-label="Профиль" data-testid="profile-card">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar size={64} radius={32} color="brand" variant="filled">
            {initials(user.name, user.family)}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} fz={22} style={{ overflowWrap: 'anywhere' }}>
              {fullName(user.name, user.family) || user.email}
            </Title>
            <Group gap={8}>
              <Badge color={TYPE_COLORS[user.account_type]} c={TYPE_TEXT[user.account_type]} variant="light" radius="sm" tt="none">
                {user.account_type_title}
              </Badge>
              <Text size="sm" c="dimmed">
                ID: {user.id}
              </Text>
            </Group>
          </Stack>
        </Group>

        {data?.residency_requested && user.account_type === 'basic' ? (
          <Alert color="orange" variant="light" icon={<IconClockHour4 size={18} />} p="xs" c="#7a3300" data-testid="residency-state">
            Заявка на резидентство клуба на рассмотрении у администратора.
          </Alert>
        ) : null}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <Fact label="E-mail" value={user.email} />
          <Fact label="Телефон" value={data?.phone} />
          <Fact label="Компания" value={company} testId="profile-company" />
          <Fact label="Должность" value={data?.position} testId="profile-position" />
          <Fact label="Город" value={data?.city_name} />
          <Fact label="Профессиональная область" value={data?.profession_area} />
        </SimpleGrid>

        {data && data.tags.length > 0 ? (
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              Интересы
            </Text>
            <Group gap={6}>
              {data.tags.map((tag) => (
                <Badge key={tag} variant="light" color="brand" radius="sm" tt="none" fw={500}>
                  {tag}
                </Badge>
              ))}
            </Group>
          </Stack>
        ) : null}

        {user.must_confirm_profile ? (
          <Alert color="brand" variant="light" icon={<IconUserCheck size={18} />} p="xs">
            <Group gap="xs" justify="space-between">
              <Text size="sm">Подтвердите, что данные профиля актуальны.</Text>
              <Button component={Link} to="/profile?show=verify_profile" size="compact-sm" variant="white">
                Подтвердить
              </Button>
            </Group>
          </Alert>
        ) : null}

        <Button component={Link} to="/profile/edit" variant="light" leftSection={<IconPencil size={16} />} w="fit-content">
          Редактировать профиль
        </Button>
      </Stack>
    </Card>
  );
}
