import type { ReviewRequestPublic } from '@hr/contract';
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconUserCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { fullName } from '@/shared/lib/format.ts';

export const candidateNameOf = (request: ReviewRequestPublic) =>
  fullName(request.candidate.first_name, request.candidate.last_name) || 'кандидат';

export const requesterNameOf = (request: ReviewRequestPublic) => fullName(request.requester.name, request.requester.family);

/** Who asks and about whom — exactly what the public answer gives, nothing more. */
export function PublicRequestSummary({ request, children }: { request: ReviewRequestPublic; children?: ReactNode }) {
  const job = [request.candidate.position, request.candidate.company].filter(Boolean).join(', ');
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color="brand" aria-hidden>
          <IconUserCircle size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
            Запрашивает
          </Text>
          <Text fw={600}>{requesterNameOf(request)}</Text>
          <Text size="sm" c="dimmed">
            {request.requester.company ? `${request.requester.company} · ` : ''}участник HR-клуба
          </Text>
        </Stack>
      </Group>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light" color="teal" aria-hidden>
          <IconBriefcase size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={0}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
            Кандидат
          </Text>
          <Text fw={600} data-testid="request-candidate">
            {candidateNameOf(request)}
          </Text>
          {job ? (
            <Text size="sm" c="dimmed">
              {job}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {children}
    </Stack>
  );
}

/** The frame of both public pages: a narrow card on a light backdrop. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="review-public">
      <Stack maw={720} mx="auto" px={{ base: 'md', sm: 'lg' }} py={{ base: 'lg', sm: 48 }} gap="lg">
        {children}
      </Stack>
    </div>
  );
}

export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} shadow="xs">
      {children}
    </Paper>
  );
}
