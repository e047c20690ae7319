import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Own vacancies and opinions: the vacancy and review features' blocks, passed in by app/. */
export function MyItemsCard({ vacancies, reviews }: { vacancies?: ReactNode; reviews?: ReactNode }) {
  if (reviews) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {vacancies}
        {reviews}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {vacancies}
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
