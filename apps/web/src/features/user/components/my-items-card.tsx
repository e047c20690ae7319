import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconMessageStar } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Own vacancies and opinions: honest «скоро» blocks until those sections land. */
export function MyItemsCard() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-vacancies-title">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <ThemeIcon size={34} radius="xl" variant="light" color="brand" aria-hidden>
                <IconBriefcase size={18} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} fz={18} id="my-vacancies-title">
                Мои вакансии
              </Title>
            </Group>
            <Badge variant="light" color="orange" c="#9a3c00" radius="sm">
              скоро
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Заявки на вакансии и отклики кандидатов появятся здесь, как только раздел заработает.
          </Text>
          <Button component={Link} to="/vacancy" variant="default" w="fit-content" size="xs">
            Перейти к вакансиям
          </Button>
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-reviews-title">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <ThemeIcon size={34} radius="xl" variant="light" color="brand" aria-hidden>
                <IconMessageStar size={18} stroke={1.6} />
              </ThemeIcon>
              <Title order={2} fz={18} id="my-reviews-title">
                Мои отзывы
              </Title>
            </Group>
            <Badge variant="light" color="orange" c="#9a3c00" radius="sm">
              скоро
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Отзывы о кандидатах, которые вы дали, и запросы отзывов от коллег — раздел в работе.
          </Text>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
