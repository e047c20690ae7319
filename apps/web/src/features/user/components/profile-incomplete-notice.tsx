import { Button, CloseButton, Container, Group, Text, ThemeIcon } from '@mantine/core';
import { IconUserEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

const DISMISS_KEY = 'hr-club-profile-notice-dismissed';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISS_KEY) === '1';
  } catch {
    return false;
  }
}

/** A gentle reminder for accounts without phone, company or position (made by the ops CLI, say). */
export function ProfileIncompleteNotice() {
  const [hidden, setHidden] = useState(readDismissed);
  if (hidden) return null;
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISS_KEY, '1');
    } catch {
      /* ignore */
    }
    setHidden(true);
  };
  return (
    <section className="profile-notice" aria-label="Заполните профиль">
      <Container size="xl" px={{ base: 'md', sm: 'lg' }} py="sm">
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon variant="light" color="orange" radius="xl" size={36} aria-hidden visibleFrom="sm">
            <IconUserEdit size={20} stroke={1.6} />
          </ThemeIcon>
          <Group gap="xs" style={{ flex: 1 }} className="profile-notice__body">
            <Text size="sm" style={{ flex: '1 1 280px' }}>
              <b>Профиль заполнен не полностью.</b> Укажите телефон, компанию и должность — так коллеги по клубу узнают вас.
            </Text>
            <Button component={Link} to="/profile/edit" size="xs" color="#9a3c00">
              Заполнить профиль
            </Button>
          </Group>
          <CloseButton size="sm" aria-label="Скрыть напоминание" onClick={dismiss} />
        </Group>
      </Container>
    </section>
  );
}
