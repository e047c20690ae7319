import { Anchor, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMail, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';

const CLUB_SITE = 'https://hr-club.ru';
const CONTACT_EMAIL = 'info@hr-club.ru';

/** SEED 1 footer: search, vacancy requests, the club, the blog, the offer, requisites, e-mail, city. */
export function AppFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="app-footer">
      <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 36, sm: 48 }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Text className="app-footer__brand">HR-клуб</Text>
            <Text size="sm" className="app-footer__muted">
              Закрытый бизнес-клуб и сервис подбора для HR-специалистов: кандидаты, вакансии и отзывы коллег.
            </Text>
          </Stack>
          <Stack gap={8} component="nav" aria-label="Сервисы">
            <Text className="app-footer__heading">Сервисы</Text>
            <Anchor component={Link} to="/" className="app-footer__link">
              Поиск кандидатов
            </Anchor>
            <Anchor component={Link} to="/vacancy" className="app-footer__link">
              Заявки на вакансии
            </Anchor>
          </Stack>
          <Stack gap={8} component="nav" aria-label="О клубе">
            <Text className="app-footer__heading">О клубе</Text>
            <Anchor href={CLUB_SITE} target="_blank" rel="noopener noreferrer" className="app-footer__link">
              HR-клуб
            </Anchor>
            <Anchor href={`${CLUB_SITE}/blog`} target="_blank" rel="noopener noreferrer" className="app-footer__link">
              Блог проекта
            </Anchor>
            <Anchor href={`${CLUB_SITE}/offer`} target="_blank" rel="noopener noreferrer" className="app-footer__link">
              Договор-оферта
            </Anchor>
            <Anchor href={`${CLUB_SITE}/requisites`} target="_blank" rel="noopener noreferrer" className="app-footer__link">
              Реквизиты
            </Anchor>
          </Stack>
          <Stack gap={8}>
            <Text className="app-footer__heading">Контакты</Text>
            <Anchor href={`mailto:${CONTACT_EMAIL}`} className="app-footer__link app-footer__contact">
              <IconMail size={16} stroke={1.6} aria-hidden />
              {CONTACT_EMAIL}
            </Anchor>
            <Text size="sm" className="app-footer__muted app-footer__contact">
              <IconMapPin size={16} stroke={1.6} aria-hidden />
              Москва
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" className="app-footer__copy" mt={{ base: 32, sm: 40 }}>
          © {year} HR-клуб. Все права защищены.
        </Text>
      </Container>
    </footer>
  );
}
