import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useVacancies } from '../api/get-vacancies.ts';
import { newRepliesText, repliesText } from '../lib/vacancy-format.ts';
import { VacancyStatusBadge } from './status-badge.tsx';
import '../vacancy.css';

const SHOWN = 5;

/** The cabinet's «Мои вакансии»: the latest few with their new replies. */
export function MyVacanciesCard() {
  const { data, isPending } = useVacancies(undefined, 1);
  const items = data?.data.slice(0, SHOWN) ?? [];
  const fresh = data?.data.reduce((sum, vacancy) => sum + vacancy.new_replies_count, 0) ?? 0;

  return (
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
          {fresh > 0 ? (
            <Badge color="brand" radius="sm" tt="none">
              {newRepliesText(fresh)}
            </Badge>
          ) : null}
        </Group>
        {isPending ? (
          <Stack gap={6} role="status" aria-label="Загружаем вакансии">
            <Skeleton height={18} width="80%" />
            <Skeleton height={18} width="60%" />
          </Stack>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Вакансий пока нет. Опишите вакансию и поделитесь ссылкой — кандидаты откликнутся без регистрации.
          </Text>
        ) : (
          <Stack gap={8} component="ul" className="vacancy-plain-list">
            {items.map((vacancy) => (
              <Group key={vacancy.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={vacancy.status === 'draft' ? `/vacancy/${vacancy.id}/edit` : `/vacancy/${vacancy.id}/reply`}
                    size="sm"
                    fw={600}
                    truncate
                  >
                    {vacancy.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {repliesText(vacancy.replies_count)}
                    {vacancy.new_replies_count > 0 ? `, ${newRepliesText(vacancy.new_replies_count)}` : ''}
                  </Text>
                </Stack>
                <VacancyStatusBadge status={vacancy.status} />
              </Group>
            ))}
          </Stack>
        )}
        <Group gap="xs">
          <Button component={Link} to="/vacancy" variant="default" size="xs">
            {data && data.total > SHOWN ? `Все вакансии (${data.total})` : 'Перейти к вакансиям'}
          </Button>
          <Button component={Link} to="/vacancy/create" variant="subtle" size="xs" leftSection={<IconPlus size={16} />}>
            Создать вакансию
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
