import { ActionIcon, Avatar, Burger, Button, Container, Divider, Drawer, Group, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link, useMatches, useNavigate } from 'react-router';
import { NotifyMenu } from '@/features/notify/components/notify-menu.tsx';
import { useUnreadCount } from '@/features/notify/api/get-unread-count.ts';
import { UserSummary } from '@/features/user/components/user-summary.tsx';
import { initials } from '@/shared/lib/format.ts';
import { emitPopup } from '@/shared/lib/popups-bus.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { needsAuth } from '../route-handle.ts';
import { renderInviteAnswer } from '../routes/invite-answer-slot.tsx';
import { logout } from '../session/session-actions.ts';
import { Logo } from './logo.tsx';
import { HeaderNavLinks } from './header-nav.tsx';

type AppHeaderProps = { white: boolean };

/** SEED 2 header: white on main/search/profile/profile_edit/favourite, coloured elsewhere. */
export function AppHeader({ white }: AppHeaderProps) {
  const { status, user } = useSession();
  const [menuOpened, menu] = useDisclosure(false);
  const navigate = useNavigate();
  const matches = useMatches();
  const onAuthRoute = needsAuth(matches);
  const unread = useUnreadCount(user?.id);
  const tone = white ? 'dark' : 'light';

  const doLogout = async () => {
    menu.close();
    await logout();
    if (onAuthRoute) navigate('/', { replace: true });
  };

  const openLogin = () => {
    menu.close();
    emitPopup('showAuthForm');
  };
  const openRegister = () => {
    menu.close();
    emitPopup('showRegForm');
  };

  return (
    <header className={`app-header app-header--${white ? 'white' : 'brand'}`}>
      <Container size="xl" px={{ base: 'sm', sm: 'lg' }} className="app-header__inner">
        <Group gap="xl" wrap="nowrap" className="app-header__left">
          <Logo tone={tone} />
          <nav aria-label="Основное меню" className="app-header__nav">
            <HeaderNavLinks linkClass="header-link" />
          </nav>
        </Group>

        <Group gap="sm" wrap="nowrap" className="app-header__right">
          {status === 'member' && user ? (
            <>
              <NotifyMenu unread={unread} tone={tone} renderInviteAnswer={renderInviteAnswer} />
              <Avatar
                radius="xl"
                size={34}
                color="brand"
                variant={white ? 'light' : 'white'}
                className="app-header__avatar-compact"
                aria-hidden
              >
                {initials(user.name, user.family)}
              </Avatar>
              <div className="app-header__user">
                <UserSummary user={user} tone={tone} />
              </div>
              <Button
                component={Link}
                to="/profile"
                variant={white ? 'light' : 'white'}
                leftSection={<IconUserCircle size={18} stroke={1.6} />}
                className="app-header__wide"
              >
                Личный кабинет
              </Button>
              <Tooltip label="Выход" withArrow>
                <ActionIcon
                  variant="subtle"
                  size={40}
                  radius="xl"
                  aria-label="Выход"
                  onClick={() => void doLogout()}
                  className="app-header__wide header-logout"
                >
                  <IconLogout size={20} stroke={1.7} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : status === 'guest' ? (
            <>
              <Button variant={white ? 'default' : 'white'} size="sm" onClick={openLogin} className="app-header__auth-button">
                Войти
              </Button>
              <Button
                variant={white ? 'filled' : 'outline'}
                color={white ? undefined : 'white'}
                size="sm"
                onClick={openRegister}
                className="app-header__auth-button app-header__register"
              >
                Регистрация
              </Button>
            </>
          ) : (
            <div className="app-header__placeholder" aria-hidden />
          )}
          <Burger
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label="Меню"
            color={white ? 'var(--mantine-color-gray-8)' : '#fff'}
            size="sm"
            className="app-header__burger"
          />
        </Group>
      </Container>

      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        title="Меню"
        position="right"
        size={320}
        closeButtonProps={{ 'aria-label': 'Закрыть меню' }}
      >
        <Stack gap="lg">
          {user ? <UserSummary user={user} tone="dark" /> : null}
          <nav aria-label="Меню разделов">
            <Stack gap={4}>
              <HeaderNavLinks linkClass="drawer-link" onNavigate={menu.close} />
            </Stack>
          </nav>
          <Divider />
          {status === 'member' ? (
            <Stack gap="sm">
              <Button
                component={Link}
                to="/profile"
                variant="light"
                leftSection={<IconUserCircle size={18} stroke={1.6} />}
                onClick={menu.close}
              >
                Личный кабинет
              </Button>
              <Button variant="default" leftSection={<IconLogout size={18} stroke={1.6} />} onClick={() => void doLogout()}>
                Выход
              </Button>
            </Stack>
          ) : (
            <Stack gap="sm">
              <Button variant="default" onClick={openLogin}>
                Войти
              </Button>
              <Button onClick={openRegister}>Регистрация</Button>
            </Stack>
          )}
        </Stack>
      </Drawer>
    </header>
  );
}
