import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatAge, formatSalary, formatUpdated } from '../lib/resume-format.ts';

const STATUS_COLORS: Record<string, string> = {
  active_search: 'teal',
  looking_for_offers: 'brand',
  has_job_offer: 'orange',
  accepted_job_offer: 'gray',
  not_looking_for_job: 'gray',
};

/** What a member and a visitor both see at the top of a resume. */
type Headline = {
  title: string;
  salary: { amount: number; currency: string } | null;
  sex: { title: string } | null;
  age: number | null;
  city: { title: string } | null;
  region?: string | null;
  resumeStatus: { value: string; title: string } | null;
  updated_at: string;
};

type ResumeHeadlineProps = {
  resume: Headline;
  avatar: ReactNode;
  /** Above the title: the name, or that it is hidden. */
  name: ReactNode;
  /** After the age («родилась 3 марта 1990»), for a member. */
  birth?: string | null;
  /** After the update date (the views, for a member). */
  extra?: ReactNode;
};

/** The resume header: avatar, name line, title, salary, sex and age, city, job-search status, update date. */
export function ResumeHeadline({ resume, avatar, name, birth, extra }: ResumeHeadlineProps) {
  const salary = formatSalary(resume.salary);
  const place = [resume.city?.title, resume.region && resume.region !== resume.city?.title ? resume.region : null]
    .filter(Boolean)
    .join(', ');
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap" className="resume-header">
      {avatar}
      <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
        {name}
        <Title order={1} fz={{ base: 24, sm: 32 }} lh={1.15} className="resume-header__title">
          {resume.title}
        </Title>
        {salary ? (
          <Text fz={20} fw={700} c="var(--hr-navy-800)">
            {salary}
          </Text>
        ) : (
          <Text size="sm" c="#4a5666">
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
          <Text size="sm" c="#4a5666">
            {formatUpdated(resume.updated_at)}
          </Text>
          {extra}
        </Group>
      </Stack>
    </Group>
  );
}
