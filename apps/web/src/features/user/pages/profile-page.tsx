import { RESIDENT_GIVES } from '@hr/contract';
import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '@/shared/session/session-store.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { AccessList } from '../components/access-list.tsx';
import { MyItemsCard } from '../components/my-items-card.tsx';
import { ProfileSummaryCard } from '../components/profile-summary-card.tsx';

/** The other areas' blocks, composed in app/ (features do not import each other). */
type ProfilePageProps = { notifications?: ReactNode; team?: ReactNode; telegram?: ReactNode; vacancies?: ReactNode; reviews?: ReactNode };

/** `/profile`, the personal cabinet. */
export function ProfilePage({ notifications, team, telegram, vacancies, reviews }: ProfilePageProps) {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return (
    <PageSection title="Личный кабинет">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6, lg: 5 }}>
          <ProfileSummaryCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
          <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby="options-title">
            <Stack gap="md">
              <Title order={2} fz={20} id="options-title">
                Мои опции
              </Title>
              <AccessList />
              {user.account_type === 'basic' ? (
                <Text size="xs" c="dimmed">
                  Платные опции подключает администратор клуба. Статус резидента даёт {RESIDENT_GIVES}; коммерческий аккаунт снимает
                  дневной лимит контактов. Участники команды получают опции руководителя.
                </Text>
              ) : user.account_type === 'resident' ? (
                <Text size="xs" c="dimmed" data-testid="resident-gives">
                  Как резиденту клуба вам доступны {RESIDENT_GIVES}.
                </Text>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>{notifications}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {team}
            {user.telegram_enabled ? telegram : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <MyItemsCard vacancies={vacancies} reviews={reviews} />
    </PageSection>
  );
}
