import type { ResumeFull } from '@hr/contract';
import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconMapPin } from '@tabler/icons-react';
import { candidateName, formatAge, formatDay, formatSalary, formatUpdated, formatViews } from '../lib/resume-format.ts';

const STATUS_COLORS: Record<string, string> = {
  active_search: 'teal',
  looking_for_offers: 'brand',
  has_job_offer: 'orange',
  accepted_job_offer: 'gray',
  not_looking_for_job: 'gray',
};

/** Name (or initials), title, age, city, salary, job-search status, update date. */
export function ResumeHeader({ resume }: { resume: ResumeFull }) {
  const name = candidateName(resume);
  const namesHidden = !resume.first_name && !resume.last_name;
  const salary = formatSalary(resume.salary);
  const birth = resume.birth_date ? `родил${resume.sex?.value === 'female' ? 'ась' : 'ся'} ${formatDay(resume.birth_date)}` : null;
  const place = [resume.city?.title, resume.region && resume.region !== resume.city?.title ? resume.region : null]
    .filter(Boolean)
    .join(', ');

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap" className="resume-header">
      <Avatar
        size={72}
        radius={36}
        color="brand"
        variant="light"
        src={resume.photo ?? undefined}
        className="resume-header__avatar"
        aria-hidden
      >
        {resume.initials.replace(/[.\s]/g, '') || '?'}
      </Avatar>
      <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} c="#33404f" className="resume-header__name">
          {name}
          {namesHidden ? (
            <Text span size="xs" c="dimmed" ml={8} className="no-print">
              имя видно участникам с доступом к контактам
            </Text>
          ) : null}
        </Text>
        <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.15} className="resume-header__title">
          {resume.title}
        </Title>
        {salary ? (
          <Text fz={20} fw={700} c="var(--hr-navy-800)">
            {salary}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Зарплата не указана
          </Text>
        )}
        <Text size="sm" c="#33404f">
          {[resume.sex?.title, resume.age !== null ? formatAge(resume.age) : null, birth].filter(Boolean).join(', ')}
        </Text>
        {place ? (
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={16} stroke={1.6} aria-hidden />
            <Text size="sm" c="#33404f">
              {place}
            </Text>
          </Group>
        ) : null}
        <Group gap="sm" mt={4}>
          {resume.resumeStatus ? (
            <Badge variant="light" color={STATUS_COLORS[resume.resumeStatus.value] ?? 'gray'} radius="sm" tt="none" size="lg" fw={600}>
              {resume.resumeStatus.title}
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            {formatUpdated(resume.updated_at)}
          </Text>
          <Group gap={4} wrap="nowrap" className="no-print">
            <IconEye size={16} stroke={1.6} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              {formatViews(resume.views)}
            </Text>
          </Group>
        </Group>
      </Stack>
    </Group>
  );
}
