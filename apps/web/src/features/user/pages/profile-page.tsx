import { Avatar, Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconBrandTelegram, IconBriefcase, IconUsers } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { fullName, initials } from '@/shared/lib/format.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { AccessList } from '../components/access-list.tsx';

const UPCOMING: readonly { icon: ComponentType<{ size?: number; stroke?: number }>; title: string; text: string }[] = [
  { icon: IconBell, title: 'Уведомления', text: 'Отклики на вакансии, ответы на запросы отзывов и приглашения в команду.' },
  { icon: IconUsers, title: 'Команда', text: 'Пригласите коллег — они получат ваши возможности и общий доступ к избранному.' },
  { icon: IconBrandTelegram, title: 'HR-облако', text: 'Привязка Telegram-бота клуба для уведомлений и входа по коду.' },
  { icon: IconBriefcase, title: 'Мои вакансии и отзывы', text: 'Ваши заявки на вакансии и отзывы о кандидатах в одном месте.' },
];

const TYPE_COLORS = { basic: 'gray', resident: 'teal', admin: 'grape' } as const;
/** Badge text dark enough for WCAG AA on the light badge background. */
const TYPE_TEXT = { basic: '#343a40', resident: '#05664a', admin: '#6b2380' } as const;

export function ProfilePage() {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return (
    <PageSection title="Личный кабинет">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="lg" padding="xl" h="100%">
            <Stack gap="md">
              <Group gap="md" wrap="nowrap">
                <Avatar size={64} radius={32} color="brand" variant="filled">
                  {initials(user.name, user.family)}
                </Avatar>
                <Stack gap={4} style={{ minWidth: 0 }}>
                  <Title order={2} fz={22}>
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
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  E-mail
                </Text>
                <Text size="sm">{user.email}</Text>
              </Stack>
              <Button component={Link} to="/profile/edit" variant="light" w="fit-content">
                Редактировать профиль
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="lg" padding="xl" h="100%">
            <Stack gap="md">
              <Title order={2} fz={20}>
                Ваши возможности
              </Title>
              <AccessList />
              {user.account_type === 'basic' ? (
                <Text size="xs" c="dimmed">
                  Платные возможности подключает администратор клуба — для резидентов и корпоративных аккаунтов.
                </Text>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} fz={20}>
            Скоро в кабинете
          </Title>
          <Badge variant="light" color="orange" c="#9a3c00" radius="sm">
            в работе
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          {UPCOMING.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder radius="lg" padding="lg" className="upcoming-card">
              <ThemeIcon variant="light" color="brand" radius="md" size={40} aria-hidden>
                <Icon size={22} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600} mt="sm">
                {title}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </PageSection>
  );
}
