import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { emitPopup } from '@/shared/lib/popups-bus.ts';
import { ClubBenefits } from './club-benefits.tsx';
import { HowItWorks } from './how-it-works.tsx';

/** The club's pitch for visitors, below the search on the home page. */
export function ClubMarketing() {
  return (
    <>
      <Box component="section" className="band" aria-labelledby="club-heading">
        <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 40, sm: 64 }}>
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
      </Box>

      <Container size="xl" px={{ base: 'md', sm: 'lg' }} py={{ base: 40, sm: 64 }} component="section" aria-labelledby="how-heading">
        <Stack gap="xl">
          <Title order={2} id="how-heading" fz={{ base: 24, sm: 32 }}>
            Рекрутинг внутри клуба
          </Title>
          <HowItWorks />
        </Stack>
      </Container>

      <Container size="xl" px={{ base: 'md', sm: 'lg' }} pb={{ base: 40, sm: 64 }} component="section" aria-label="Вступить в клуб">
        <Box className="cta">
          <Stack gap="xs" maw={620}>
            <Title order={2} fz={{ base: 22, sm: 28 }} c="white">
              Вступайте в HR-клуб
            </Title>
            <Text className="cta__text">
              Регистрация занимает пару минут: укажите компанию и должность. Участники открывают резюме целиком, ведут избранное и видят,
              кого чаще смотрят коллеги.
            </Text>
          </Stack>
          <Group gap="sm" className="cta__actions">
            <Button size="md" variant="white" rightSection={<IconArrowRight size={18} />} onClick={() => emitPopup('showRegForm')}>
              Стать участником клуба
            </Button>
          </Group>
        </Box>
      </Container>
    </>
  );
}
