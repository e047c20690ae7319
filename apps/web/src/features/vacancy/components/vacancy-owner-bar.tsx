import type { VacancyPublic } from '@hr/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandTelegram, IconChartBar, IconEdit, IconInbox } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CopyButton } from '@/shared/ui/copy-button.tsx';
import { isTeamView } from '../api/get-vacancy.ts';
import { VacancyStatusBadge } from './status-badge.tsx';

/** This page's address as candidates open it (without a query or a hash the owner may have). */
const publicLink = (id: number) => `${typeof window === 'undefined' ? '' : window.location.origin}/vacancy/${id}`;

/** Telegram's share dialog for the page; `?from=telegram` marks the replies it brings (analytics' sources). */
export const telegramShareLink = (id: number, title: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(`${publicLink(id)}?from=telegram`)}&text=${encodeURIComponent(title)}`;

/**
 * The owner's strip above their own vacancy: what candidates see, the page's link to copy while it
 * is published, and the way to edit and to replies.
 */
export function VacancyOwnerBar({ vacancy }: { vacancy: VacancyPublic }) {
  const replies = isTeamView(vacancy) ? vacancy.replies_count : null;
  const published = vacancy.status === 'published';
  return (
    <Paper withBorder radius="lg" p="md" mb="lg" className="vacancy-owner-bar" component="section" aria-label="Управление вакансией">
      <Group justify="space-between" gap="sm" align="flex-start">
        <Stack gap={8} style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <VacancyStatusBadge status={vacancy.status} />
            <Text size="sm" c="#33404f">
              {published
                ? 'Так вакансию видят кандидаты. Отправьте им ссылку на эту страницу.'
                : 'Кандидаты эту вакансию не видят.'}
            </Text>
          </Group>
          {published ? (
            <CopyButton
              value={publicLink(vacancy.id)}
              label="Скопировать ссылку"
              done="Ссылка скопирована"
              manualLabel="Ссылка на вакансию — скопируйте её"
              data-testid="vacancy-copy-link"
            />
          ) : null}
          {published ? (
            <Button
              component="a"
              href={telegramShareLink(vacancy.id, vacancy.title)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              size="xs"
              leftSection={<IconBrandTelegram size={16} />}
              style={{ alignSelf: 'flex-start' }}
              aria-label="Поделиться в Telegram (откроется в новой вкладке)"
            >
              Поделиться в Telegram
            </Button>
          ) : null}
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={`/vacancy/${vacancy.id}/edit`} variant="default" size="xs" leftSection={<IconEdit size={16} />}>
            Редактировать
          </Button>
          <Button component={Link} to={`/vacancy/${vacancy.id}/analytics`} variant="default" size="xs" leftSection={<IconChartBar size={16} />}>
            Аналитика
          </Button>
          <Button component={Link} to={`/vacancy/${vacancy.id}/reply`} size="xs" leftSection={<IconInbox size={16} />}>
            {replies === null ? 'Отклики' : `Отклики: ${replies}`}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
