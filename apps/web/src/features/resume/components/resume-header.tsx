import type { ResumeFull } from '@hr/contract';
import { Avatar, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { candidateName, formatDay, formatViews } from '../lib/resume-format.ts';
import { ResumeHeadline } from './resume-headline.tsx';

/** A member's header: the name (or initials), the birth date and the views besides what a visitor sees. */
export function ResumeHeader({ resume }: { resume: ResumeFull }) {
  const name = candidateName(resume);
  const namesHidden = !resume.first_name && !resume.last_name;
  const birth = resume.birth_date ? `родил${resume.sex?.value === 'female' ? 'ась' : 'ся'} ${formatDay(resume.birth_date)}` : null;

  return (
    <ResumeHeadline
      resume={resume}
      birth={birth}
      avatar={
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
      }
      name={
        <Text fw={600} c="#33404f" className="resume-header__name">
          {name}
          {namesHidden ? (
            <Text span size="xs" c="dimmed" ml={8} className="no-print">
              имя видно участникам с доступом к контактам
            </Text>
          ) : null}
        </Text>
      }
      extra={
        <Group gap={4} wrap="nowrap" className="no-print">
          <IconEye size={16} stroke={1.6} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {formatViews(resume.views)}
          </Text>
        </Group>
      }
    />
  );
}
