import { Container, Group } from '@mantine/core';
import { Logo } from './logo.tsx';
import { HeaderNavLinks } from './header-nav.tsx';

/**
 * The header as it first paints (the logo and the sections, the account side still empty, as the
 * header itself shows it until the session is known), while the header's code — its menus, drawer
 * and tooltips — loads after the page's first content. Same classes, so the same size and place.
 */
export function HeaderShell({ white }: { white: boolean }) {
  return (
    <header className={`app-header app-header--${white ? 'white' : 'brand'}`}>
      <Container size="xl" px={{ base: 'sm', sm: 'lg' }} className="app-header__inner">
        <Group gap="xl" wrap="nowrap" className="app-header__left">
          <Logo tone={white ? 'dark' : 'light'} />
          <nav aria-label="Основное меню" className="app-header__nav">
            <HeaderNavLinks linkClass="header-link" />
          </nav>
        </Group>
        <Group gap="sm" wrap="nowrap" className="app-header__right">
          <div className="app-header__placeholder" aria-hidden />
        </Group>
      </Container>
    </header>
  );
}
