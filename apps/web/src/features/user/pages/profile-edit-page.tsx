import type { Profile } from '@hr/contract';
import { Alert, Anchor, Button, Card, Grid, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/shared/session/session-store.ts';
import { PageLoader } from '@/shared/ui/page-loader.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { useProfile } from '../api/get-profile.ts';
import type { ProfileDictionaries } from '../components/field-types.ts';
import { NotifyPrefsForm } from '../components/notify-prefs-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

type ProfileEditPageProps = ProfileDictionaries & {
  /** The Telegram binding block (another area, composed in app/). */
  telegram?: ReactNode;
  onSaved?: (profile: Profile) => void;
};

/** `/profile/edit`: the profile, notification preferences, password, Telegram. */
export function ProfileEditPage({ telegram, onSaved, ...props }: ProfileEditPageProps) {
  const { user } = useSession();
  const profile = useProfile(user?.id);

  if (profile.isError) {
    return (
      <PageSection title="Редактирование профиля">
        <Alert color="red" variant="light" title="Упс">
          Что-то пошло не так: профиль не загрузился.{' '}
          <Anchor component="button" type="button" onClick={() => void profile.refetch()}>
            Повторить
          </Anchor>
        </Alert>
      </PageSection>
    );
  }
  if (!profile.data) return <PageLoader />;

  return (
    <PageSection
      title="Редактирование профиля"
      subtitle="Данные видят коллеги по клубу; по ним же приходят приглашения в команды и подборки событий."
    >
      <Button component={Link} to="/profile" variant="subtle" leftSection={<IconArrowLeft size={16} />} w="fit-content" px={6} mt={-8}>
        В личный кабинет
      </Button>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ProfileForm key={profile.data.id} profile={profile.data} onSaved={onSaved} {...props} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <NotifyPrefsForm key={profile.data.id} profile={profile.data} onSaved={onSaved} />
            <PasswordForm />
            {/* No Telegram at all where the club's bot is not set up (main_info.telegram_enabled). */}
            {telegram && user?.telegram_enabled ? (
              <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="telegram-edit-title">
                <Stack gap="sm">
                  <Title order={2} fz={20} id="telegram-edit-title">
                    HR-облако (Telegram)
                  </Title>
                  {telegram}
                </Stack>
              </Card>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </PageSection>
  );
}
