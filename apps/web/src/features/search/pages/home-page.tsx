import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { emitPopup } from '@/shared/lib/popups-bus.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { ClubBenefits } from '../components/club-benefits.tsx';
import { type CityChoice, HeroSearch } from '../components/hero-search.tsx';
import { HeroFacts } from '../components/hero-facts.tsx';
import { HowItWorks } from '../components/how-it-works.tsx';

type HomePageProps = { cities: readonly CityChoice[] };

/** Main: candidate search and the club's pitch (SEED 1). */
export function HomePage({ cities }: HomePageProps) {
  const { status, user } = useSession();
  const isMember = status === 'member';

  return (
    <>
      <Box component="section" className="hero">
        <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 36, sm: 72 }}>
          <Group align="center" justify="space-between" wrap="nowrap" gap={48}>
            <Stack gap="lg" maw={820}>
              <Text className="hero__eyebrow">Закрытый бизнес-клуб для HR-специалистов</Text>
              <Title order={1} className="hero__title">
                Поиск кандидатов, которых рекомендуют коллеги
              </Title>
              <Text className="hero__lead">
                База резюме HR-клуба, заявки на вакансии с откликами и отзывы участников о кандидатах — всё в одном кабинете.
              </Text>
            </Stack>
            <Box visibleFrom="lg" w={340} style={{ flexShrink: 0 }}>
              <HeroFacts />
            </Box>
          </Group>
          <Box mt={{ base: 'lg', sm: 36 }}>
            <HeroSearch cities={cities} />
            <Text size="sm" className="hero__note" mt="sm">
              Поиск по базе резюме откроется в ближайшее время. Запрос сохранится в адресе страницы — ссылкой можно поделиться.
            </Text>
          </Box>
        </Container>
      </Box>

      <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 40, sm: 64 }} component="section" aria-labelledby="club-heading">
        <Stack gap="xl">
          <Stack gap={6} maw={720}>
            <Title order={2} id="club-heading" fz={{ base: 24, sm: 32 }}>
              Что даёт HR-клуб
            </Title>
            <Text c="dimmed">Часть возможностей бесплатна для всех участников, часть доступна резидентам клуба.</Text>
          </Stack>
          <ClubBenefits />
        </Stack>
      </Container>

      <Box component="section" className="band" aria-labelledby="how-heading">
        <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 40, sm: 64 }}>
          <Stack gap="xl">
            <Title order={2} id="how-heading" fz={{ base: 24, sm: 32 }}>
              Рекрутинг внутри клуба
            </Title>
            <HowItWorks />
          </Stack>
        </Container>
      </Box>

      <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 40, sm: 64 }} component="section">
        <Box className="cta">
          <Stack gap="xs" maw={620}>
            <Title order={2} fz={{ base: 22, sm: 28 }} c="white">
              {isMember ? `${user?.name ?? 'Коллега'}, рады видеть вас в клубе` : 'Вступайте в HR-клуб'}
            </Title>
            <Text className="cta__text">
              {isMember
                ? 'В личном кабинете — ваш тип аккаунта, доступные возможности и настройки профиля.'
                : 'Регистрация занимает пару минут: укажите компанию и должность. Хотите больше возможностей — отметьте, что хотите стать резидентом.'}
            </Text>
          </Stack>
          <Group gap="sm" className="cta__actions">
            {isMember ? (
              <Button component={Link} to="/profile" size="md" variant="white" rightSection={<IconArrowRight size={18} />}>
                Открыть кабинет
              </Button>
            ) : (
              <Button size="md" variant="white" rightSection={<IconArrowRight size={18} />} onClick={() => emitPopup('showRegForm')}>
                Стать участником клуба
              </Button>
            )}
          </Group>
        </Box>
      </Container>
    </>
  );
}
